/**
 * Download Recording (version 2, Call Ended): the delivery's recording as binary data. The download
 * happens inside webhook(), before n8n answers the platform, so it has a short time limit. A call
 * without a recording, or a download that fails, never loses the delivery: the item still starts the
 * workflow, without the file, and `recording_error` says why (null when the file is there).
 */
import type { IDataObject, IHookFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { fetchRecording } from '../../shared/recording';
import { slotsFor } from '../../shared/slots';
import { recordingLimitsFor } from '../../transport/recordingPolicy';

/**
 * The platform waits for n8n's answer while the recording downloads: 30 s in all, from the delivery's
 * arrival (waiting for a download slot included), never an idle timeout a slow host can stretch.
 */
const DOWNLOAD_DEADLINE_MS = 30_000;
/** Recordings downloaded at once by all deliveries of this n8n process. */
const DOWNLOADS_AT_ONCE = 4;
const processDownloads = {};

/** Whether this node downloads recordings: version 2 or later, event Call Ended, the option on. */
export function downloadsRecording(ctx: IHookFunctions | IWebhookFunctions): boolean {
	if (ctx.getNode().typeVersion < 2 || ctx.getNodeParameter('event') !== 'callEnded') return false;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return options.downloadRecording === true;
}

/** The item for a delivery whose recording is wanted: `json` plus the file, or `recording_error`. */
export async function withRecording(ctx: IWebhookFunctions, json: IDataObject, body: IDataObject): Promise<INodeExecutionData> {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const field = typeof options.binaryPropertyName === 'string' && options.binaryPropertyName.trim() !== '' ? options.binaryPropertyName.trim() : 'data';
	const callId = body.id ?? body.call_id ?? 'unknown';
	const started = Date.now();
	const limits = await recordingLimitsFor(ctx, options, DOWNLOAD_DEADLINE_MS);
	const result = await slotsFor(processDownloads, DOWNLOADS_AT_ONCE).run(
		async () => await fetchRecording(ctx.helpers, callId, body.recording_url, { ...limits, deadlineMs: Math.max(1, DOWNLOAD_DEADLINE_MS - (Date.now() - started)), statedDeadlineMs: DOWNLOAD_DEADLINE_MS }),
	);
	if ('binary' in result) return { json: { ...json, recording_error: null }, binary: { [field]: result.binary } };
	ctx.logger.warn(`Voice Assistant Trigger: ${result.problem.message}; the workflow runs without the recording`);
	const { message, description, retryable } = result.problem;
	const later = retryable ? ' Call → Get with Download Recording can fetch it later.' : '';
	return { json: { ...json, recording_error: `${message}. ${description}${later}` } };
}
