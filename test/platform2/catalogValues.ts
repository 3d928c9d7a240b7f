/**
 * Values for the catalogue's fields, made from the catalogue alone: a valid value per field (and the
 * value the API must receive for it), and a bad value per rule the field states. The per-operation
 * tests fill every operation's parameters with these.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CatalogField, CatalogOperation } from '../../nodes/VoiceAssistant/actions/platform2/catalog/types';
import { collectionOf, isPicked, JSON_BODY } from '../../nodes/VoiceAssistant/actions/platform2/fields';

export const SOME_UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** A valid value as typed into the editor, and what the API receives for it. */
export function validValue(field: CatalogField): { typed: unknown; sent: unknown } {
	const same = (value: unknown) => ({ typed: value, sent: value });
	if (field.type === 'boolean') return same(true);
	if (field.options && field.options.length > 0) return same(field.options[0]);
	switch (field.type) {
		case 'integer':
		case 'number':
			return same(field.min ?? (field.max !== undefined ? Math.min(field.max, 1) : 1));
		case 'array':
			if (field.items?.options) return same([field.items.options[0]]);
			if (field.items?.format === 'uuid') return same([SOME_UUID]);
			if (field.items?.type === 'object') return { typed: '[{"a":1}]', sent: [{ a: 1 }] };
			if (field.items?.type === 'integer' || field.items?.type === 'number') return same([1]);
			return same(['a']);
		case 'object':
		case 'json':
			return { typed: '{"a":1}', sent: { a: 1 } };
		default:
			return same(textFor(field));
	}
}

function textFor(field: CatalogField): string {
	switch (field.format) {
		case 'uuid':
			return SOME_UUID;
		case 'email':
			return 'lead@example.com';
		case 'uri':
			return 'https://example.com/hook';
		case 'date':
			return '2026-05-01';
		case 'date-time':
			return '2026-05-01T09:00:00.000Z';
	}
	if (field.phone) return '+4915123456789';
	return 'x'.repeat(Math.max(field.minLength ?? 1, 1));
}

/** A bad value for each rule the field states: [rule, typed value, words the error must contain]. */
export function badValues(field: CatalogField): Array<[rule: string, typed: unknown, says: string]> {
	const bad: Array<[string, unknown, string]> = [];
	if (field.type === 'boolean') {
		if (field.options?.length === 1 && field.options[0] === true) bad.push(['confirmation', false, 'must be switched on']);
		return bad;
	}
	if (field.options && field.options.length > 0 && field.type === 'string') bad.push(['enum', 'not-one-of-them', 'must be one of']);
	if (field.type === 'integer' || field.type === 'number') {
		if (field.min !== undefined) bad.push(['minimum', field.min - 1, `at least ${field.min}`]);
		if (field.max !== undefined) bad.push(['maximum', field.max + 1, `at most ${field.max}`]);
		if (field.type === 'integer' && !field.options) bad.push(['integer', (field.min ?? 0) + 0.5, 'whole number']);
	}
	if (field.type === 'string' && !field.options) {
		if (field.maxLength !== undefined && field.format === undefined) bad.push(['maxLength', 'x'.repeat(field.maxLength + 1), `at most ${field.maxLength} characters`]);
		if (field.minLength !== undefined && field.minLength > 1) bad.push(['minLength', 'x'.repeat(field.minLength - 1), `at least ${field.minLength} characters`]);
		if (field.format === 'uuid') bad.push(['uuid', 'not-a-uuid', 'must be a UUID']);
		if (field.format === 'email') bad.push(['email', 'not an address', 'e-mail address']);
		if (field.format === 'uri') bad.push(['uri', 'ftp://example.com', 'must be a URL']);
		if (field.format === 'date-time') bad.push(['date-time', 'next tuesday', 'date and time']);
		if (field.format === 'date') bad.push(['date', '01.05.2026', 'YYYY-MM-DD']);
		if (field.phone) bad.push(['E.164', 'call me maybe', '"call me maybe"']);
	}
	if ((field.type === 'object' || field.type === 'json') && field.type === 'object') bad.push(['object', '[1, 2]', 'JSON object']);
	if (field.required) bad.push(['required', '', 'is required']);
	return bad;
}

/** The body a free-form JSON body is filled with: just enough to meet the rules known of it. */
export function freeBodyFor(op: CatalogOperation): { typed: string; sent: unknown } | undefined {
	const rules = op.freeBody;
	if (!rules) return undefined;
	const record: IDataObject = { name: 'Filled by the catalogue test' };
	if (rules.exactlyOne) record[rules.exactlyOne[0]] = 'x';
	if (rules.atLeastOne) record[rules.atLeastOne[0]] = 'x';
	for (const [key, allowed] of Object.entries(rules.oneOf ?? {})) record[key] = allowed[0];
	const sent = rules.list ? [record] : record;
	return { typed: JSON.stringify(sent), sent };
}

/** Every field of the operation filled: the node parameters, and the request the API must receive. */
export function filledOperation(op: CatalogOperation): { parameters: IDataObject; path: string; qs: IDataObject; body: unknown } {
	const parameters: IDataObject = { accountKind: 'platform2', resource: op.resource, operation: op.id };
	let path = op.path;
	const qs: IDataObject = {};
	let body: IDataObject | undefined;
	for (const field of op.fields) {
		const { typed, sent } = validValue(field);
		// a record picked from a list: a locator (From List in a collection, By ID at the top), whose value is sent
		const given = isPicked(field) && field.type === 'string' ? { __rl: true, mode: field.required ? 'id' : 'list', value: typed } : (typed as IDataObject[string]);
		if (field.required) {
			parameters[field.param] = given;
		} else {
			const collection = collectionOf(op, field);
			parameters[collection] = { ...((parameters[collection] as IDataObject) ?? {}), [field.param]: given };
		}
		if (field.in === 'path') path = path.replace(`{${field.key}}`, encodeURIComponent(String(sent)));
		else if (field.in === 'query') qs[field.key] = field.commaSeparated && Array.isArray(sent) ? sent.join(',') : (sent as IDataObject[string]);
		else if (field.in === 'body') (body ??= {})[field.key] = sent as IDataObject[string];
	}
	const free = freeBodyFor(op);
	if (free) parameters[JSON_BODY] = free.typed;
	if (op.paging) {
		if (op.paging.style === 'limitOnly') {
			parameters.limit = 5;
			qs.limit = 5;
		} else parameters.returnAll = false;
	}
	return { parameters, path, qs, body: free ? free.sent : body };
}
