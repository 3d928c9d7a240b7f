import type { IDataObject } from 'n8n-workflow';

import type { Api, ApiCall } from '../../engine/operation';
import { withBinary } from '../../engine/binary';
import { isObject } from '../../shared/objects';
import { unexpectedAnswerError } from '../../transport/errors';

/**
 * A Platform 2.0 answer as output records: `{data: [...]}` one record each (a walked list arrives as
 * the records already), `{data: {...}}` one record, a record list nested one level down
 * (`{data: {automations: [...]}}`) its records, no content `{success: true}`, a file as binary data.
 * A single record keeps the answer's `meta` (e.g. the counts of a bulk add) beside its fields.
 */
export async function platform2Records(answer: unknown, api: Api, call: ApiCall): Promise<IDataObject[]> {
	if (call.platform2?.binary) return [await fileRecord(answer, api, call)];
	if (Array.isArray(answer)) return answer.map((record) => (isObject(record) ? record : { value: record as string }));
	if (answer === undefined || answer === null || answer === '') return [{ success: true }];
	if (!isObject(answer) || !('data' in answer)) {
		throw unexpectedAnswerError({ node: api.ctx.getNode(), method: call.method, endpoint: call.path, itemIndex: api.itemIndex }, 'an answer of the form {"data": ...}', answer);
	}
	const { data, meta } = answer;
	if (Array.isArray(data)) return data.map((record) => (isObject(record) ? record : { value: record as string }));
	if (isObject(data)) {
		const keys = Object.keys(data);
		const only = keys.length === 1 ? data[keys[0]] : undefined;
		if (Array.isArray(only)) return only.map((record) => (isObject(record) ? record : { value: record as string }));
		const record = isObject(only) ? only : data;
		return [isObject(meta) && Object.keys(meta).length > 0 && !('meta' in record) ? { ...record, meta } : record];
	}
	return [{ value: data as string, ...(isObject(meta) ? { meta } : {}) }];
}

async function fileRecord(answer: unknown, api: Api, call: ApiCall): Promise<IDataObject> {
	const bytes = Buffer.isBuffer(answer) ? answer : Buffer.from(typeof answer === 'string' ? answer : JSON.stringify(answer ?? ''));
	const name = call.path.split('/').filter(Boolean).slice(-2).join('-');
	const binary = await api.ctx.helpers.prepareBinaryData(bytes, `${name}.mp3`, 'audio/mpeg');
	return withBinary({ path: call.path, size: bytes.length }, { data: binary });
}

/** Said in the output of an operation whose answer holds a secret the platform shows only once (API keys, tokens). */
export const STORE_SECRET_NOW = 'This answer holds a secret the platform shows only once: store it now (e.g. in an n8n credential); it cannot be read again.';

/** The records of such an answer, each saying so under `storeSecretNow`. */
export function withSecretNotice(records: IDataObject[]): IDataObject[] {
	return records.map((record) => ({ ...record, storeSecretNow: STORE_SECRET_NOW }));
}
