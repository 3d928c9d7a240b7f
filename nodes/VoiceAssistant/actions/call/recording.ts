import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData } from 'n8n-workflow';

import { fetchRecording } from '../../shared/recording';
import type { Api } from '../../engine/operation';

/** How long a recording download may take (recordings are larger than API answers). */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * Call → Get's recording (shared/recording.ts downloads it): a call without a recording, or one the
 * host cannot deliver, fails the item with a message saying so.
 */
export async function downloadRecording(api: Api, callId: number, recordingUrl: unknown): Promise<IBinaryData> {
	const { ctx, itemIndex } = api;
	const result = await fetchRecording(ctx.helpers, callId, recordingUrl, DOWNLOAD_TIMEOUT_MS);
	if ('binary' in result) return result.binary;
	const { message, description } = result.problem;
	const hint = recordingUrl === undefined || recordingUrl === null || recordingUrl === '' ? ' Turn off Download Recording for this item, or use Continue On Fail.' : '';
	throw new NodeOperationError(ctx.getNode(), `${message} [item ${itemIndex}]`, { itemIndex, description: description + hint });
}
