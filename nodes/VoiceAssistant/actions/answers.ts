import type { IDataObject } from 'n8n-workflow';

import { unexpectedAnswerError } from '../transport/errors';
import type { Api, ApiCall } from './operation';

/**
 * The records of a list endpoint that answers a bare array (the reference), or an object holding the
 * array under `key` where deployments are known to (platform-facts.md). Any other answer is an error:
 * read as "no records" it would look like an empty account.
 */
export function listAnswer(answer: unknown, api: Api, call: ApiCall, key?: string): IDataObject[] {
	if (Array.isArray(answer)) return answer.map(asRecord);
	const wrapped = key && answer !== null && typeof answer === 'object' ? (answer as IDataObject)[key] : undefined;
	if (Array.isArray(wrapped)) return wrapped.map(asRecord);
	const place = { node: api.ctx.getNode(), method: call.method, endpoint: call.path, itemIndex: api.itemIndex };
	throw unexpectedAnswerError(place, key ? `a list (or {"${key}": [...]})` : 'a list', answer);
}

function asRecord(value: unknown): IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : { value: value as string };
}

function placeOf(api: Api, call: ApiCall) {
	return { node: api.ctx.getNode(), method: call.method, endpoint: call.path, itemIndex: api.itemIndex };
}

function isRecord(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A write's answer that must carry the created or changed record: {message, data: {...}}. Anything
 * else is an error; since the platform said 2xx, the description says the write probably happened
 * (Retry On Fail replays this answer, so it never sends the write again).
 */
export function dataAnswer(answer: unknown, api: Api, call: ApiCall, effect: string): IDataObject {
	if (isRecord(answer) && isRecord(answer.data)) return answer;
	const error = unexpectedAnswerError(placeOf(api, call), '{"message": ..., "data": {...}}', answer);
	error.description = `${error.description ?? ''} It answered with success (HTTP 2xx), so ${effect}: check on the platform before running this item again.`;
	throw error;
}

/** A read that answers one record (an object); a list, text or nothing is an error. */
export function recordAnswer(answer: unknown, api: Api, call: ApiCall, expected: string): IDataObject {
	if (isRecord(answer)) return answer;
	throw unexpectedAnswerError(placeOf(api, call), expected, answer);
}

/**
 * A delete's answer: 204 with no body, or 200 {message}. Any other body (also `success: false`)
 * means something else answered; the error says the record may still have been deleted.
 */
export function deleteAnswer(answer: unknown, api: Api, call: ApiCall, effect: string): string | undefined {
	if (answer === undefined || answer === null || answer === '') return undefined;
	if (isRecord(answer) && answer.success !== false && (answer.message === undefined || typeof answer.message === 'string')) return answer.message;
	const error = unexpectedAnswerError(placeOf(api, call), 'no content or {"message": ...}', answer);
	error.description = `${error.description ?? ''} It answered with success (HTTP 2xx), so ${effect}.`;
	throw error;
}
