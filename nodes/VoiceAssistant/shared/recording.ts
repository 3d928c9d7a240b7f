import type { IBinaryData, IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { BodyTooLarge, BodyTooSlow, capBody, discardBody, isBodyStream } from './boundedBody';
import { recordingHostProblem, type RecordingHostPolicy } from './recordingHosts';
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

/** How far a download may go: where from (recordingHosts.ts), how big, how long in all. */
export interface RecordingLimits {
	hosts: RecordingHostPolicy;
	maxBytes: number;
	/** ms for the whole download, redirects and body included (not an idle timeout) */
	deadlineMs: number;
	/** the deadline a user is told, where this download has only what is left of a longer one (a delivery's) */
	statedDeadlineMs?: number;
}

/** Max Recording Size's default. */
export const DEFAULT_MAX_RECORDING_MB = 100;
const MAX_REDIRECTS = 5;
/** Content types a recording may come as; a page (text/html) or JSON is not stored as an mp3. */
const AUDIO_TYPE = /^(audio\/[\w.+-]+|application\/octet-stream|binary\/octet-stream|video\/mp4|application\/ogg)$/;

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/**
 * The recording of a call as n8n binary data (`call-<id>.mp3`, MIME type from the recording host).
 * The recording lives on another host (a storage service), so this request goes through n8n's plain
 * httpRequest: no credential, so the API token is never sent there. Redirects (storage URLs commonly
 * redirect to a signed one) are followed here, at most 5, each hop checked like the first. The body is
 * streamed into n8n's binary storage under a byte cap and one deadline. Never throws: a call without
 * a recording, a refused host, or one that cannot deliver is a problem the caller words for its node
 * (Call → Get fails the item, the trigger keeps the delivery and says so in the item).
 */
/** The deadline in the words a user is told: the whole one, not what was left of it when this download began. */
const deadlineSeconds = (limits: RecordingLimits) => Math.round((limits.statedDeadlineMs ?? limits.deadlineMs) / 1000);

export async function fetchRecording(helpers: RecordingHelpers, callId: unknown, recordingUrl: unknown, limits: RecordingLimits): Promise<RecordingResult> {
	const call = String(callId);
	const problem = (message: string, description: string, retryable = false): RecordingResult => ({ problem: { message, description, retryable } });
	if (recordingUrl === undefined || recordingUrl === null || recordingUrl === '') {
		return problem(`Call ${call} has no recording`, 'The platform keeps a recording only of answered calls of assistants that record calls (Record Call on).');
	}
	let url: URL;
	try {
		url = new URL(String(recordingUrl));
	} catch {
		return problem(`The recording URL of call ${call} is not a web address (got ${shown(recordingUrl)})`, 'Only http(s) recording URLs can be downloaded.');
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return problem(`The recording URL of call ${call} is not a web address (got ${shown(recordingUrl)})`, 'Only http(s) recording URLs can be downloaded.');
	}
	const deadline = AbortSignal.timeout(limits.deadlineMs);
	const seconds = deadlineSeconds(limits);

	for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
		const refused = await recordingHostProblem(url, limits.hosts);
		if (refused) {
			return problem(
				`The recording of call ${call} was not downloaded: ${refused} (refused)`,
				'Recordings are fetched only from public hosts, or from hosts of the same kind as the platform itself. Set Allowed Recording Hosts to name the hosts you trust.',
			);
		}
		// aborting is what closes the connection: a discarded body must not keep a hostile host's stream open
		const hopRequest = new AbortController();
		const stop = () => hopRequest.abort();
		let response: IN8nHttpFullResponse;
		try {
			response = (await helpers.httpRequest({
				method: 'GET',
				url: url.href,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				timeout: limits.deadlineMs,
				abortSignal: AbortSignal.any([deadline, hopRequest.signal]),
			})) as IN8nHttpFullResponse;
		} catch (error) {
			if (deadline.aborted) return problem(`The recording of call ${call} did not arrive within ${seconds} s from ${url.host}`, 'The recording host is too slow; try again later.', true);
			const code = (error as { code?: unknown }).code;
			return problem(
				`The recording of call ${call} could not be downloaded from ${url.host}${typeof code === 'string' && /^E[A-Z]+$/.test(code) ? ` (${code})` : ''}`,
				'The recording host did not answer; try again later.',
				true,
			);
		}
		const status = response.statusCode;
		const location = response.headers.location;
		if (status >= 300 && status < 400 && typeof location === 'string' && location !== '') {
			discardBody(response.body, stop);
			try {
				url = new URL(location, url);
			} catch {
				return problem(`The recording of call ${call} redirects to an address that is not a URL`, 'The recording host answered with a broken redirect.');
			}
			continue;
		}
		if (status < 200 || status >= 300) discardBody(response.body, stop);
		if (status === 404 || status === 410) {
			return problem(`The recording of call ${call} is not available (HTTP ${status} from ${url.host})`, 'The recording host does not have it (any more): it may have been deleted or expired.');
		}
		if (status < 200 || status >= 300) {
			return problem(`The recording of call ${call} could not be downloaded: HTTP ${status} from ${url.host}`, 'The recording host refused it; try again later.', true);
		}
		return await storeBody(helpers, call, url, response, { limits, deadline, stop }, problem);
	}
	return problem(`The recording of call ${call} was not downloaded: more than ${MAX_REDIRECTS} redirects`, 'The recording host keeps redirecting.');
}

/** The 2xx answer's body into n8n's binary storage, checked for size and type first. */
async function storeBody(
	helpers: RecordingHelpers,
	call: string,
	url: URL,
	response: IN8nHttpFullResponse,
	{ limits, deadline, stop }: { limits: RecordingLimits; deadline: AbortSignal; stop: () => void },
	problem: (message: string, description: string, retryable?: boolean) => RecordingResult,
): Promise<RecordingResult> {
	const tooLarge = () =>
		problem(
			`The recording of call ${call} is larger than ${megabytes(limits.maxBytes)} (Max Recording Size); not downloaded`,
			'Raise Max Recording Size if recordings this large are expected.',
		);
	const length = Number(response.headers['content-length']);
	if (Number.isFinite(length) && length > limits.maxBytes) {
		discardBody(response.body, stop);
		return tooLarge();
	}
	const mimeType = String(response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	if (mimeType !== '' && !AUDIO_TYPE.test(mimeType)) {
		discardBody(response.body, stop);
		return problem(`The recording of call ${call} from ${url.host} is not audio (${shown(mimeType)}); not stored`, 'The recording host answered with something else than a recording, e.g. an error page.');
	}
	const body = response.body as unknown;
	if (!isBodyStream(body)) return problem(`The recording of call ${call} could not be read`, 'The HTTP client did not hand over the body as a stream.', true);
	try {
		const capped = capBody(body, limits.maxBytes, deadline, limits.deadlineMs, stop);
		const binary = await helpers.prepareBinaryData(capped as never, `call-${call}.mp3`, mimeType || 'audio/mpeg');
		return { binary };
	} catch (error) {
		if (error instanceof BodyTooLarge) return tooLarge();
		if (error instanceof BodyTooSlow || deadline.aborted) {
			return problem(`The recording of call ${call} did not arrive within ${deadlineSeconds(limits)} s from ${url.host}`, 'The recording host is too slow; try again later.', true);
		}
		return problem(`The recording of call ${call} could not be downloaded from ${url.host}: the transfer broke off`, 'Try again later.', true);
	}
}
