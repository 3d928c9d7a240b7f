import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, JsonObject } from 'n8n-workflow';

import { unexpectedAnswerError } from '../transport/errors';
import type { Api, ApiCall } from './operation';

/**
 * The chat and WhatsApp endpoints say no inside an HTTP 200: `success: false` (AI replies, WhatsApp)
 * or `status: false` (conversations), with `error` and sometimes `error_code`. Such an answer is an
 * error of the item, never a result; anything that is not an object is an unexpected answer.
 * `what` completes "The platform did not ...", e.g. 'send the WhatsApp template'.
 */
export function acceptedAnswer(answer: unknown, api: Api, call: ApiCall, flag: 'success' | 'status', what: string): IDataObject {
	const place = { node: api.ctx.getNode(), method: call.method, endpoint: call.path, itemIndex: api.itemIndex };
	if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
		throw unexpectedAnswerError(place, `an object with "${flag}"`, answer);
	}
	const record = answer as IDataObject;
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
