import type { IBinaryData, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { shown } from './validate';

/** What a recording download needs of n8n: a plain request (no credential) and binary storage. */
export type RecordingHelpers = Pick<IExecuteFunctions['helpers'], 'httpRequest' | 'prepareBinaryData'>;

/** Why a recording could not be had: the message (naming the call) and what the user can do. */
export interface RecordingProblem {
	message: string;
	description: string;
	/** whether the same download may work later (the host did not answer or refused it for now) */
	retryable: boolean;
}

export type RecordingResult = { binary: IBinaryData } | { problem: RecordingProblem };

const MAX_REDIRECTS = 5;

/**
 * The recording of a call as n8n binary data (`call-<id>.mp3`, MIME type from the recording host).
 * The recording lives on another host (a storage service), so this request goes through n8n's plain
 * httpRequest: no credential, so the API token is never sent there, and redirects are followed
 * (storage URLs commonly redirect to a signed one), unlike requests to the API. Never throws: a call
 * without a recording, or one the host no longer has, is a problem the caller words for its node
 * (Call → Get fails the item, the trigger keeps the delivery and says so in the item).
 */
export async function fetchRecording(
	helpers: RecordingHelpers,
	callId: unknown,
	recordingUrl: unknown,
	timeoutMs: number,
): Promise<RecordingResult> {
	const problem = (message: string, description: string, retryable = false): RecordingResult => ({ problem: { message, description, retryable } });
	if (recordingUrl === undefined || recordingUrl === null || recordingUrl === '') {
		return problem(
			`Call ${String(callId)} has no recording`,
			'The platform keeps a recording only of answered calls of assistants that record calls (Record Call on).',
		);
	}
	let url: URL | undefined;
	try {
		url = new URL(String(recordingUrl));
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
		return problem(
			`The recording URL of call ${String(callId)} is not a web address (got ${shown(recordingUrl)})`,
			'Only http(s) recording URLs can be downloaded.',
		);
	}
	let response: IN8nHttpFullResponse;
	try {
		response = (await helpers.httpRequest({
			method: 'GET',
			url: url.href,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			maxRedirects: MAX_REDIRECTS,
			timeout: timeoutMs,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		return problem(
			`The recording of call ${String(callId)} could not be downloaded from ${url.host}: ${(error as Error).message}`,
			'The recording host did not answer; try again later.',
			true,
		);
	}
	const status = response.statusCode;
	if (status === 404 || status === 410) {
		return problem(
			`The recording of call ${String(callId)} is not available (HTTP ${status} from ${url.host})`,
			'The recording host does not have it (any more): it may have been deleted or expired.',
		);
	}
	if (status < 200 || status >= 300) {
		return problem(
			`The recording of call ${String(callId)} could not be downloaded: HTTP ${status} from ${url.host}`,
			'The recording host refused it; try again later.',
			true,
		);
	}
	const body = response.body as unknown;
	const data = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as ArrayBuffer);
	const mimeType = String(response.headers['content-type'] ?? '').split(';')[0].trim() || 'audio/mpeg';
	return { binary: await helpers.prepareBinaryData(data, `call-${String(callId)}.mp3`, mimeType) };
}
