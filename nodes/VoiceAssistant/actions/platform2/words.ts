import type { INodePropertyOptions } from 'n8n-workflow';

import type { CatalogField } from './catalog/types';

/**
 * What the editor says of a Platform 2.0 field: its help, decided at build time from the catalogue
 * (scripts/lib/platform2Words/: written texts and rules), then the API's own name, which the team's
 * checks and people reading the API reference map the field by.
 */
export function describe(field: CatalogField): string {
	if (field.idempotencyKey) return idempotencyKeyHelp(field);
	const help = field.help ?? `The ${field.label.toLowerCase()}${field.format === 'email' ? ': an e-mail address' : ', as text'}`;
	return `${help.replace(/\.$/, '')} (API field ${field.key})`;
}

/** An idempotency key's help: what the node does when it is left empty (engine/batch/idempotency.ts). */
function idempotencyKeyHelp(field: CatalogField): string {
	const rule =
		field.format === 'uuid'
			? 'a UUID'
			: field.minLength !== undefined && field.maxLength !== undefined
				? `${field.minLength} to ${field.maxLength} characters`
				: `up to ${field.maxLength ?? 'any number of'} characters`;
	return (
		'Lets the platform recognise a repeat of this request, so a retry never acts twice. Leave empty: the node makes a UUID per item, ' +
		`sends the same one on every retry of that item (Retry On Fail too) and shows it in the output as idempotency_key. A value you give (${rule}) is sent instead (API field ${field.key})`
	);
}

/** Costs said on the values that cost, where only some of a field's values do (Run Call Actions' Retranscribe). */
const COSTS = 'Costs credits';

/** One value of an option field as the dropdown shows it: its name in words, the API's value sent. */
export function option(field: CatalogField, value: string | number | boolean, name: string | undefined): INodePropertyOptions {
	return {
		name: name ?? String(value),
		value: value as string | number,
		...(field.costs?.includes(value) ? { description: COSTS } : {}),
	};
}

/** The options of a field (or of its list's items) in words. */
export function options(field: CatalogField): INodePropertyOptions[] {
	const values = field.options ?? field.items?.options ?? [];
	const names = field.options ? field.optionNames : field.items?.optionNames;
	return values.map((value, index) => option(field, value, names?.[index]));
}
