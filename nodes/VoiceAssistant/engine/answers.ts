import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, JsonObject } from 'n8n-workflow';

import { asObject, isObject } from '../shared/objects';
import { unexpectedAnswerError } from '../transport/errors';
import type { Api, ApiCall } from './operation';

/*
 * Every reading of a platform answer: lists, records, write envelopes, deletes and the chat
 * endpoints' refusals inside an HTTP 200. What does not have the expected shape is an error of the
 * item, never an empty result.
 */

/**
 * The records of a list endpoint that answers a bare array (the reference), or an object holding the
 * array under `key` where deployments are known to (docs/platform-facts.md, "Answer shapes"). Any other answer is an error:
 * read as "no records" it would look like an empty account.
 */
export function listAnswer(answer: unknown, api: Api, call: ApiCall, key?: string): IDataObject[] {
	if (Array.isArray(answer)) return answer.map(asRecord);
	const wrapped = key && answer !== null && typeof answer === 'object' ? (answer as IDataObject)[key] : undefined;
	if (Array.isArray(wrapped)) return wrapped.map(asRecord);
	throw unexpectedAnswerError(placeOf(api, call), key ? `a list (or {"${key}": [...]})` : 'a list', answer);
}

function asRecord(value: unknown): IDataObject {
	return isObject(value) ? value : { value: value as string };
}

function placeOf(api: Api, call: ApiCall) {
	return { node: api.ctx.getNode(), method: call.method, endpoint: call.path, itemIndex: api.itemIndex };
}

/**
 * A write's answer that must carry the created or changed record: {message, data: {...}}. Anything
 * else is an error; since the platform said 2xx, the description says the write probably happened
 * (Retry On Fail replays this answer, so it never sends the write again).
 */
export function dataAnswer(answer: unknown, api: Api, call: ApiCall, effect: string): IDataObject {
	if (isObject(answer) && isObject(answer.data)) return answer;
	const error = unexpectedAnswerError(placeOf(api, call), '{"message": ..., "data": {...}}', answer);
	error.description = `${error.description ?? ''} It answered with success (HTTP 2xx), so ${effect}: check on the platform before running this item again.`;
	throw error;
}

/** A read that answers one record (an object); a list, text or nothing is an error. */
export function recordAnswer(answer: unknown, api: Api, call: ApiCall, expected: string): IDataObject {
	if (isObject(answer)) return answer;
	throw unexpectedAnswerError(placeOf(api, call), expected, answer);
}

/**
 * A delete's answer: 204 with no body, or 200 {message}. Any other body (also `success: false`)
 * means something else answered; the error says the record may still have been deleted.
 */
export function deleteAnswer(answer: unknown, api: Api, call: ApiCall, effect: string): string | undefined {
	if (answer === undefined || answer === null || answer === '') return undefined;
	if (isObject(answer) && answer.success !== false && (answer.message === undefined || typeof answer.message === 'string')) return answer.message;
	const error = unexpectedAnswerError(placeOf(api, call), 'no content or {"message": ...}', answer);
	error.description = `${error.description ?? ''} It answered with success (HTTP 2xx), so ${effect}.`;
	throw error;
}

/** A write's answer envelope as an object ({message, data, ...}); anything else reads as empty. */
export function writeAnswer(answer: unknown): IDataObject {
	return asObject(answer);
}

/** A write operation's output: the platform's `data` object plus its message, so a workflow can log what happened. */
export function writeResult(answer: unknown): IDataObject {
	const envelope = writeAnswer(answer);
	const data = envelope.data;
	const result: IDataObject = { ...asObject(data) };
	if (typeof envelope.message === 'string') result.message = envelope.message;
	return result;
}

/**
 * The chat and WhatsApp endpoints say no inside an HTTP 200: `success: false` (AI replies, WhatsApp)
 * or `status: false` (conversations), with `error` and sometimes `error_code`. Such an answer is an
 * error of the item, never a result; anything that is not an object is an unexpected answer.
 * `what` completes "The platform did not ...", e.g. 'send the WhatsApp template'.
 */
export function acceptedAnswer(answer: unknown, api: Api, call: ApiCall, flag: 'success' | 'status', what: string): IDataObject {
	if (!isObject(answer)) throw unexpectedAnswerError(placeOf(api, call), `an object with "${flag}"`, answer);
	const record = answer;
	if (record[flag] !== false) return record;
	const reason = textOf(record.error) ?? textOf(record.message) ?? 'no reason given';
	const code = textOf(record.error_code);
	throw new NodeApiError(api.ctx.getNode(), { message: reason, ...(code ? { error_code: code } : {}) } as JsonObject, {
		message: `The platform did not ${what}: ${reason}${code ? ` (${code})` : ''}`,
		description: `${call.method} ${call.path} answered ${flag}: false (with HTTP 200). Fix the cause before running the item again.`,
		itemIndex: api.itemIndex,
	});
}

function textOf(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.slice(0, 256) : undefined;
}
