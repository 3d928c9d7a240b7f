import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IDataObject } from 'n8n-workflow';

import type { ItemParams } from './itemParams';
import type { Api } from './operation';
import { fetchRecording } from '../shared/recording';
import { requireBoolean, requireText } from '../shared/validate';
import { slotsFor } from '../shared/slots';
import { recordingLimitsFor } from '../transport/recordingPolicy';
import type { Generation } from '../transport/target';

/**
 * How long one recording download may take in all (recordings are larger than API answers; nobody
 * waits on the line for Call → Get, unlike the trigger's 30 s).
 */
const DOWNLOAD_DEADLINE_MS = 120_000;
/** Recordings downloaded at once per run, whatever Requests in Parallel says for the API reads. */
export const DOWNLOADS_AT_ONCE = 4;

/** What Call → Get's Options ask of the recording (shared/fields.ts recordingOptionsField): nothing, or where to put it and the limits. */
export function recordingRequest(item: ItemParams): { binaryField?: string; recordingOptions?: IDataObject } {
	const options = item.get('options', {}) as IDataObject;
	const download = options.downloadRecording !== undefined && requireBoolean(item.node, options.downloadRecording, item.where('Download Recording'));
	if (!download) return {};
	return { binaryField: requireText(item.node, options.binaryPropertyName ?? 'data', item.where('Put Recording in Field'), 200).trim(), recordingOptions: options };
}

/**
 * Call → Get's recording (shared/recording.ts downloads it): a call without a recording, a refused
 * host, or one the host cannot deliver, fails the item with a message saying so.
 */
export async function downloadRecording(api: Api, callId: number | string, recordingUrl: unknown, options: IDataObject, generation: Generation = 'classic'): Promise<IBinaryData> {
	const { ctx, itemIndex } = api;
	const limits = await recordingLimitsFor(ctx, options, DOWNLOAD_DEADLINE_MS, generation);
	const result = await slotsFor(ctx, DOWNLOADS_AT_ONCE).run(async () => await fetchRecording(ctx.helpers, callId, recordingUrl, limits));
	if ('binary' in result) return result.binary;
	const { message, description } = result.problem;
	const hint = recordingUrl === undefined || recordingUrl === null || recordingUrl === '' ? ' Turn off Download Recording for this item, or use Continue On Fail.' : '';
	throw new NodeOperationError(ctx.getNode(), `${message} [item ${itemIndex}]`, { itemIndex, description: description + hint });
}
