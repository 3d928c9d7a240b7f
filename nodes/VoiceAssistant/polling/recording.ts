/**
 * Download Recording for the polling trigger: a thin adapter over shared/recording.ts's public
 * fetchRecording (its only entry point used here), worded like the webhook trigger's option. A call
 * without a recording, or a download that fails, never loses the call: the item still starts the
 * workflow, without the file, and `recording_error` says why (null when the file is there).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { fetchRecording } from '../shared/recording';

/** Longest wait for one recording host's answer. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

export async function withRecording(ctx: IPollFunctions, json: IDataObject, record: IDataObject, field: string): Promise<INodeExecutionData> {
	const result = await fetchRecording(ctx.helpers, record.id ?? 'unknown', record.recording_url, DOWNLOAD_TIMEOUT_MS);
	if ('binary' in result) return { json: { ...json, recording_error: null }, binary: { [field]: result.binary } };
	ctx.logger.warn(`Voice Assistant Polling Trigger: ${result.problem.message}; the workflow runs without the recording`);
	const { message, description, retryable } = result.problem;
	const later = retryable ? ' Call → Get with Download Recording can fetch it later.' : '';
	return { json: { ...json, recording_error: `${message}. ${description}${later}` } };
}
