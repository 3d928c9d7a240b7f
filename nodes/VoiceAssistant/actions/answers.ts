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
