import type { IDataObject } from 'n8n-workflow';

import {
	TOOL_METHODS,
	TOOL_NAME,
	TOOL_PARAMETER_NAME,
	TOOL_PARAMETER_TYPES,
	TOOL_RANGES,
	TOOL_TEXT,
} from '../../shared/limits';
import { charCount, checkRange, requireOneOf, requireText, requireUrl, shown } from '../../shared/validate';
import type { ItemParams } from '../../engine/itemParams';

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
	if (given.headers !== undefined) body.headers = headers(item, rows(given.headers, 'header'));
	if (given.parameters !== undefined) body.schema = parameters(item, rows(given.parameters, 'parameter'));
	if (Object.keys(body).length === 0) throw item.fail('Update Fields', 'is empty: add at least one field to change');
	return body;
}

function toolName(item: ItemParams, value: unknown): string {
	const name = requireText(item.node, value, item.where('Name')).trim();
	if (!TOOL_NAME.test(name)) throw item.fail('Name', `must be lowercase letters and underscores, starting with a letter (got ${shown(name)})`);
	return name;
}

/** The rows of a fixedCollection ({header: [...]}); a list given by an expression is taken as the rows. */
function rows(value: unknown, key: string): IDataObject[] {
	const list = Array.isArray(value) ? value : value !== null && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
	return (Array.isArray(list) ? list : []).map((row) => (row !== null && typeof row === 'object' ? (row as IDataObject) : {}));
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
	const seen = new Set<string>();
	return list.map((row, index) => {
		const entry = `entry ${index + 1}`;
		const name = typeof row.name === 'string' ? row.name.trim() : row.name;
		if (typeof name !== 'string' || !TOOL_PARAMETER_NAME.test(name)) {
			throw item.fail('Parameters', `${entry}: Name must be 2 to 32 letters or underscores, starting with a letter (got ${shown(name)})`);
		}
		if (seen.has(name)) throw item.fail('Parameters', `${entry}: Name ${shown(name)} is already used by another parameter`);
		seen.add(name);
		if (!(TOOL_PARAMETER_TYPES as readonly unknown[]).includes(row.type)) {
			throw item.fail('Parameters', `${entry}: Type must be one of ${TOOL_PARAMETER_TYPES.join(', ')} (got ${shown(row.type)})`);
		}
		const description = typeof row.description === 'string' ? row.description.trim() : '';
		const { min, max } = TOOL_TEXT.parameterDescription;
		if (charCount(description) < min || charCount(description) > max) {
			throw item.fail('Parameters', `${entry}: Description must be ${min} to ${max} characters (got ${charCount(description)})`);
		}
		return { name, type: row.type as string, description };
	});
}
