import type { IDataObject } from 'n8n-workflow';

import { TOOL_METHODS, TOOL_RANGES, TOOL_TEXT } from '../../../shared/limits';
import { checkToolName, checkToolParameters, collectionRows } from '../../../shared/toolRules';
import { checkRange, requireOneOf, requireText, requireUrl, shown } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';

/**
 * A mid-call tool's request body from the item's parameters, every rule of the 2026 docs checked
 * before anything is sent. Header values may be secrets (the endpoint's API key): no message quotes one.
 */
export function toolBody(item: ItemParams, mode: 'create' | 'update'): IDataObject {
	const given: Record<string, unknown> =
		mode === 'create'
			? { name: item.get('name'), description: item.get('description'), endpoint: item.get('endpoint'), method: item.get('method'), ...(item.get('additionalFields', {}) as IDataObject) }
			: (item.get('updateFields', {}) as IDataObject);
	const has = (key: string) => mode === 'create' || given[key] !== undefined;
	const body: IDataObject = {};
	if (has('name')) body.name = toolName(item, given.name);
	if (has('description')) body.description = requireText(item.node, given.description, item.where('Description'), TOOL_TEXT.description).trim();
	if (has('endpoint')) body.endpoint = requireUrl(item.node, given.endpoint, item.where('Endpoint'));
	if (has('method')) {
		const method = typeof given.method === 'string' ? given.method.trim().toUpperCase() : given.method;
		body.method = requireOneOf(item.node, method, TOOL_METHODS, item.where('Method'));
	}
	if (given.timeout !== undefined && given.timeout !== '') body.timeout = checkRange(item.node, given.timeout, TOOL_RANGES.timeout, item.where('Timeout (Seconds)'));
	if (given.headers !== undefined) body.headers = headers(item, collectionRows(given.headers, 'header'));
	if (given.parameters !== undefined) body.schema = parameters(item, collectionRows(given.parameters, 'parameter'));
	if (Object.keys(body).length === 0) throw item.fail('Update Fields', 'is empty: add at least one field to change');
	return body;
}

function toolName(item: ItemParams, value: unknown): string {
	requireText(item.node, value, item.where('Name'));
	return checkToolName(value, (field, problem) => item.fail(field, problem));
}

/** RFC 9110 field names (token characters). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function headers(item: ItemParams, list: IDataObject[]): IDataObject[] {
	return list.map((row, index) => {
		const entry = `entry ${index + 1}`;
		const name = typeof row.name === 'string' ? row.name.trim() : '';
		if (name === '') throw item.fail('Headers', `${entry} has no name`);
		if (!HEADER_NAME.test(name)) throw item.fail('Headers', `${entry}: ${shown(name)} is not a header name (letters, digits and - _ . without spaces or colons)`);
		const value = typeof row.value === 'number' ? String(row.value) : row.value;
		// The value itself is never quoted: it is often the endpoint's key.
		if (typeof value !== 'string' || value.trim() === '') throw item.fail('Headers', `${entry} (${name}) has no value`);
		return { name, value };
	});
}

function parameters(item: ItemParams, list: IDataObject[]): IDataObject[] {
	return checkToolParameters(list, (field, problem) => item.fail(field, problem)).map((parameter) => ({ ...parameter }));
}
