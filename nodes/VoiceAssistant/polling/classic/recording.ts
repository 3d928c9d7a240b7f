/**
 * Download Recording for the polling trigger: a thin adapter over shared/recording.ts's
 * fetchRecording with the same limits as the webhook trigger's option (where from, how big, 30 s in
 * all; transport/recordingPolicy.ts), worded like it. A call
 * without a recording, or a download that fails, never loses the call: the item still starts the
 * workflow, without the file, and `recording_error` says why (null when the file is there).
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { fetchRecording } from '../../shared/recording';
import { recordingLimitsFor } from '../../transport/recordingPolicy';

/** How long one recording download may take in all (a poll should not hang on a slow host). */
const DOWNLOAD_DEADLINE_MS = 30_000;

export async function withRecording(ctx: IPollFunctions, json: IDataObject, record: IDataObject, field: string): Promise<INodeExecutionData> {
	const limits = await recordingLimitsFor(ctx, ctx.getNodeParameter('options', {}) as IDataObject, DOWNLOAD_DEADLINE_MS);
	const result = await fetchRecording(ctx.helpers, record.id ?? 'unknown', record.recording_url, limits);
	if ('binary' in result) return { json: { ...json, recording_error: null }, binary: { [field]: result.binary } };
	ctx.logger.warn(`Voice Assistant Polling Trigger: ${result.problem.message}; the workflow runs without the recording`);
	const { message, description, retryable } = result.problem;
	const later = retryable ? ' Call → Get with Download Recording can fetch it later.' : '';
	return { json: { ...json, recording_error: `${message}. ${description}${later}` } };
}
