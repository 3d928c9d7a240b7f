import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../../shared/objects';
import { unexpectedAnswerError } from '../../../transport/errors';
import type { Api, ApiCall } from '../../../engine/operation';

/**
 * One record of this family: `{data: {...}}` as the 2026 docs show it, or the bare record (an object
 * with an `id` and no `data`). Anything else is an error of the item, never an empty record.
 */
export function wrappedRecord(answer: unknown, api: Api, call: ApiCall, expected: string): IDataObject {
	if (isObject(answer) && isObject(answer.data)) return answer.data;
	if (isObject(answer) && answer.data === undefined && answer.id !== undefined) return answer;
	throw unexpectedAnswerError(
		{ node: api.ctx.getNode(), method: call.method, endpoint: call.path, itemIndex: api.itemIndex },
		`${expected} ({"data": {...}})`,
		answer,
	);
}

/** An update's answer: `{message, data}` → the record (with `id`, in case `data` is missing) and the message. */
export function updateResult(answer: unknown, id: number, fallbackMessage: string): IDataObject {
	const envelope = isObject(answer) ? answer : {};
	const data = isObject(envelope.data) ? envelope.data : {};
	return { id, ...data, message: typeof envelope.message === 'string' ? envelope.message : fallbackMessage };
}
