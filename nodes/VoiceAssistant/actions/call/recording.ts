import { NodeOperationError } from 'n8n-workflow';
import type { IBinaryData, IN8nHttpFullResponse } from 'n8n-workflow';

import { shown } from '../../shared/validate';
import type { Api } from '../operation';

/** How long a recording download may take (recordings are larger than API answers). */
const DOWNLOAD_TIMEOUT_MS = 120_000;
const MAX_REDIRECTS = 5;

/**
 * The recording of a call as n8n binary data. The recording lives on another host (a storage
 * service), so this request goes through n8n's plain httpRequest: no credential, so the API token is
 * never sent there, and redirects are followed (storage URLs commonly redirect to a signed one),
 * unlike requests to the API. A call without a recording, or one the host no longer has, fails the
 * item with a message saying so.
 */
export async function downloadRecording(api: Api, callId: number, recordingUrl: unknown): Promise<IBinaryData> {
	const { ctx, itemIndex } = api;
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), `${message} [item ${itemIndex}]`, { itemIndex, description });
	if (recordingUrl === undefined || recordingUrl === null || recordingUrl === '') {
		throw fail(
			`Call ${callId} has no recording`,
			'The platform keeps a recording only of answered calls of assistants that record calls (Record Call on). Turn off Download Recording for this item, or use Continue On Fail.',
		);
	}
	let url: URL | undefined;
	try {
		url = new URL(String(recordingUrl));
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
		throw fail(`The recording URL of call ${callId} is not a web address (got ${shown(recordingUrl)})`, 'Only http(s) recording URLs can be downloaded.');
	}
	let response: IN8nHttpFullResponse;
	try {
		response = (await ctx.helpers.httpRequest({
			method: 'GET',
			url: url.href,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			maxRedirects: MAX_REDIRECTS,
			timeout: DOWNLOAD_TIMEOUT_MS,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		throw fail(
			`The recording of call ${callId} could not be downloaded from ${url.host}: ${(error as Error).message}`,
			'The recording host did not answer. The call record itself was read; try again later.',
		);
	}
	const status = response.statusCode;
	if (status === 404 || status === 410) {
		throw fail(
			`The recording of call ${callId} is not available (HTTP ${status} from ${url.host})`,
			'The recording host does not have it (any more): it may have been deleted or expired.',
		);
	}
	if (status < 200 || status >= 300) {
		throw fail(`The recording of call ${callId} could not be downloaded: HTTP ${status} from ${url.host}`, 'The call record itself was read; try again later.');
	}
	const body = response.body as unknown;
	const data = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as ArrayBuffer);
	const mimeType = String(response.headers['content-type'] ?? '').split(';')[0].trim() || 'audio/mpeg';
	return await ctx.helpers.prepareBinaryData(data, `call-${callId}.mp3`, mimeType);
}
