/**
 * Every failure the transport reports, as a NodeApiError whose message says what happened in the
 * user's terms — and, for writes, whether the action may have happened anyway.
 */
import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, IHttpRequestMethods, INode, JsonObject } from 'n8n-workflow';

import { platform2Refusal } from './platform2Errors';
import { RETRY } from './policy';
import type { Platform2Request } from './platform2Request';
import type { NetworkFailure } from './policy';
import { MAX_ERROR_MESSAGE, cleanResponse, cleanText } from './redact';

export interface ErrorPlace {
	node: INode;
	method: IHttpRequestMethods;
	endpoint: string;
	itemIndex?: number;
	/** what a 404 means here, e.g. 'Assistant 12' */
	notFound?: string;
	/** what a write that may have happened did, e.g. 'the call may have been placed' */
	effect?: string;
	/** the credential's API token: masked wherever the platform's words are quoted */
	token?: string;
	/** a Platform 2.0 request: its refusals are read by platform2Errors.ts */
	platform2?: Platform2Request;
}

/** Errors of writes that may have happened anyway (timeout, cut connection, 5xx, unreadable answer). */
const uncertainWrites = new WeakSet<object>();

/** Whether this error is a write whose outcome is unknown: it must not be sent again blindly. */
export function mayHaveHappened(error: unknown): boolean {
	return typeof error === 'object' && error !== null && uncertainWrites.has(error);
}

/** The platform's answer behind an HTTP error (status and parsed body), for decisions above the transport. */
const answers = new WeakMap<object, { status: number; body: unknown }>();

/** The status and body of the answer an HTTP error stands for; undefined for other failures. */
export function answerOf(error: unknown): { status: number; body: unknown } | undefined {
	return typeof error === 'object' && error !== null ? answers.get(error) : undefined;
}

function markUncertain(error: NodeApiError): NodeApiError {
	uncertainWrites.add(error);
	return error;
}

const CHECK_FIRST =
	'It was not repeated automatically, so nothing is done twice. Check on the platform before running this item again.';

function create(place: ErrorPlace, response: JsonObject, message: string, description: string, httpCode?: string): NodeApiError {
	// Every part may quote the platform (or a proxy): cut to ~1 KB, token masked (redact.ts).
	return new NodeApiError(place.node, cleanResponse(response, place.token), {
		message: cleanText(message, place.token, MAX_ERROR_MESSAGE),
		description: cleanText(description, place.token),
		httpCode,
		itemIndex: place.itemIndex,
	});
}

/** A write whose outcome is unknown: timeout, cut connection, 5xx, unreadable answer. */
export function uncertainWriteError(
	place: ErrorPlace,
	what: string,
	detail: string | undefined,
	httpCode?: string,
	response: JsonObject = { message: what },
): NodeApiError {
	const action = place.effect ?? 'the request may have been carried out';
	const error = create(
		place,
		response,
		`${what} — ${action}: check before retrying`,
		[`${place.method} ${place.endpoint}: ${detail ?? what}.`, CHECK_FIRST].join(' '),
		httpCode,
	);
	return markUncertain(error);
}

export function networkError(place: ErrorPlace, failure: NetworkFailure, error: unknown, timeoutMs: number, write: boolean): NodeApiError {
	// Error codes stay out of `message` and out of a `code` key: n8n would swap the message for its generic one.
	const raw = { message: 'network error', networkCode: failure.code || 'unknown' } as JsonObject;
	const detail = String((error as { message?: unknown })?.message ?? error);
	if (failure.kind === 'timeout') {
		const what = `The platform did not answer within ${formatMs(timeoutMs)}`;
		if (write) return uncertainWriteError(place, what, `no answer within the Timeout (${formatMs(timeoutMs)})`, undefined, raw);
		return create(place, raw, what, `${place.method} ${place.endpoint}, also when tried again. Raise the Timeout in Request Options if the platform is just slow.`);
	}
	if (failure.kind === 'cut-off' || failure.kind === 'other') {
		const what = 'The connection to the platform was cut before an answer arrived';
		if (write) return uncertainWriteError(place, what, `the connection failed after the request was sent (${detail})`, undefined, raw);
		return create(place, raw, what, `${place.method} ${place.endpoint}: ${detail}`);
	}
	const hint =
		failure.code === 'ENOTFOUND' || failure.code === 'EAI_AGAIN'
			? "the host name of the credential's Base URL could not be resolved"
			: "check the credential's Base URL and that the platform is reachable";
	return create(place, raw, 'Could not connect to the platform', `${place.method} ${place.endpoint}: ${hint} (${detail}). Nothing was sent.`);
}

export function formatMs(ms: number): string {
	return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/**
 * The platform's words in an error body: `message`, or `error` where a family answers only that
 * (knowledge bases: {"error": "Knowledgebase not found."}); `detail` is `error` beside a `message`.
 */
function platformWords(data: IDataObject): { said?: string; detail?: string } {
	const message = typeof data.message === 'string' && data.message.trim() !== '' ? data.message : undefined;
	const error = typeof data.error === 'string' && data.error.trim() !== '' ? data.error : undefined;
	return message ? { said: message, detail: error !== message ? error : undefined } : { said: error };
}

/** The platform's error bodies ({message}, {message, errors}, {error, message}, {error}) as a NodeApiError. */
export function httpError(place: ErrorPlace, status: number, body: unknown): NodeApiError {
	const data = (body !== null && typeof body === 'object' ? body : {}) as IDataObject;
	const { said: serverMessage, detail } = platformWords(data);
	const fieldErrors = formatFieldErrors(data.errors);
	const isHtml = typeof body === 'string' && /<html|<!doctype/i.test(body);
	const where = `${place.method} ${place.endpoint}`;

	let message: string;
	let description: string | undefined;
	if (place.platform2 && status >= 400 && status < 500 && status !== 404 && status !== 429) {
		({ message, description } = platform2Refusal(status, body, place.platform2));
	} else if (status === 401) {
		message = 'The API token was rejected: check the credential (token invalid or expired)';
		description = serverMessage;
	} else if (status === 403) {
		message = 'The API token is not allowed to do this';
		description = serverMessage;
	} else if (status === 404) {
		message = place.notFound ? `${place.notFound} was not found` : (serverMessage ?? 'Not found');
		description = serverMessage && place.notFound ? `The platform said: ${serverMessage}` : undefined;
	} else if (fieldErrors) {
		message = `${serverMessage ?? 'The platform rejected the request'}: ${fieldErrors.summary}`;
		description = fieldErrors.lines;
	} else if (status === 429) {
		message = 'The platform rate limit was exceeded (HTTP 429)';
		description = serverMessage;
	} else if (status >= 500) {
		message = `The platform failed to process the request (HTTP ${status})`;
		description = isHtml ? 'It answered with an HTML error page.' : (serverMessage ?? stringify(body));
		if (detail) description = `${description ?? ''} ${detail}`.trim();
	} else {
		message = serverMessage ?? `The platform rejected the request (HTTP ${status})`;
		description = detail;
	}
	const error = create(place, (typeof body === 'object' && body ? body : { body }) as JsonObject, message, description ?? where, String(status));
	answers.set(error, { status, body });
	return error;
}

/** A 5xx for a write: the platform may have acted before failing. */
export function serverErrorOnWrite(place: ErrorPlace, status: number, body: unknown): NodeApiError {
	const data = (body !== null && typeof body === 'object' ? body : {}) as IDataObject;
	const isHtml = typeof body === 'string' && /<html|<!doctype/i.test(body);
	const words = platformWords(data);
	const said = isHtml
		? 'it answered with an HTML error page'
		: words.said
			? `it said "${words.said}${words.detail ? `: ${words.detail}` : ''}"`
			: `HTTP ${status}`;
	return uncertainWriteError(
		place,
		`The platform failed while handling the request (HTTP ${status})`,
		said,
		String(status),
		(typeof body === 'object' && body ? body : { body: stringify(body) ?? '' }) as JsonObject,
	);
}

export function notJsonError(place: ErrorPlace, status: number, body: string, write: boolean): NodeApiError {
	const excerpt = body.slice(0, 200);
	if (write) {
		const error = create(
			place,
			{ body: excerpt },
			`The platform accepted the request (HTTP ${status}) but its answer could not be read — the action has most likely happened: check before retrying`,
			`${place.method} ${place.endpoint} returned: ${excerpt}. ${CHECK_FIRST}`,
			String(status),
		);
		return markUncertain(error);
	}
	return create(place, { body: excerpt }, 'The platform answered with something that is not JSON', `${place.method} ${place.endpoint} returned: ${excerpt}`, String(status));
}

export function redirectError(place: ErrorPlace, status: number, headers: Record<string, unknown> | undefined): NodeApiError {
	const location = headers ? Object.entries(headers).find(([key]) => key.toLowerCase() === 'location')?.[1] : undefined;
	const target = typeof location === 'string' ? location : undefined;
	return create(
		place,
		{ message: `redirect ${status}`, location: target ?? '' },
		'The platform answered with a redirect: check the Base URL of the credential',
		`${place.method} ${place.endpoint} was redirected (HTTP ${status})${target ? ` to ${target}` : ''}. Use the final address (including /api) as the Base URL; redirects are not followed so the API token is never sent elsewhere.`,
		String(status),
	);
}

export function rateLimitGaveUp(place: ErrorPlace, reason: string, body: unknown): NodeApiError {
	return create(
		place,
		(typeof body === 'object' && body ? body : { message: 'Rate limit exceeded' }) as JsonObject,
		'The platform rate limit (HTTP 429) did not clear in time',
		`${place.method} ${place.endpoint}: ${reason}. The platform rejected the request unprocessed, so it can safely be run again later; lower "Requests in Parallel" or check what else uses this API token.`,
		'429',
	);
}

function formatFieldErrors(errors: unknown): { summary: string; lines: string } | undefined {
	if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
	const entries = Object.entries(errors as Record<string, unknown>);
	if (entries.length === 0) return undefined;
	const lines = entries.map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
		return `${field}: ${list.join(' ')}`;
	});
	return { summary: entries.map(([field]) => field).join(', '), lines: lines.join('\n') };
}

function stringify(body: unknown): string | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	return typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300);
}

/**
 * A 2xx answer that is not what the reference documents for this endpoint. Never read as "no records":
 * an empty output would look like success.
 */
export function unexpectedAnswerError(place: ErrorPlace, expected: string, answer: unknown): NodeApiError {
	const got = Array.isArray(answer) ? 'a list' : answer === null || answer === undefined || answer === '' ? 'nothing' : typeof answer === 'object' ? `an object with ${describeKeys(answer as IDataObject)}` : `the text ${JSON.stringify(String(answer).slice(0, 80))}`;
	return create(
		place,
		{ message: 'unexpected answer' },
		`The platform answered with something other than ${expected}`,
		`${place.method} ${place.endpoint} answered ${got}. This node reads the answer the API reference documents; check the credential's Base URL (a proxy or another service may be answering).`,
	);
}

function describeKeys(record: IDataObject): string {
	const keys = Object.keys(record);
	if (keys.length === 0) return 'no fields';
	const shown = keys.slice(0, 5).join(', ');
	return keys.length > 5 ? `the fields ${shown}, …` : `the fields ${shown}`;
}
/** A wait longer than "1.5 h" reads badly in seconds. */
function formatWait(ms: number): string {
	if (ms >= 2 * 3_600_000) return `${Math.round(ms / 3_600_000)} h`;
	if (ms >= 2 * 60_000) return `${Math.round(ms / 60_000)} min`;
	return formatMs(Math.round(ms));
}

/** A 429 whose wait is longer than this request may still spend: it fails now instead of hanging. */
export function rateLimitedFor(place: ErrorPlace, waitMs: number, body: unknown): NodeApiError {
	return create(
		place,
		(typeof body === 'object' && body ? body : { message: 'Rate limit exceeded' }) as JsonObject,
		`Rate limited by the platform: retry after ${formatWait(waitMs)} (HTTP 429)`,
		`${place.method} ${place.endpoint}: the platform asks to wait ${formatWait(waitMs)}, longer than this request may wait (${formatWait(RETRY.maxTotalRetryWaitMs)} at most). It was rejected unprocessed, so it can safely be run again then.`,
		'429',
	);
}
