import type { INodeProperties } from 'n8n-workflow';

import { FAMILIES } from './catalog/catalog.generated';
import type { CatalogField, CatalogOperation } from './catalog/types';
import { CODE_DROPDOWN_OPERATIONS, CODE_DROPDOWNS, familyOptionsMethod, familySearchMethod } from './families';
import { withSentence } from '../../shared/apiFieldHelp';
import { platform2Locator } from '../../shared/locators';
import { UUID_FIELD_REGEX } from '../../shared/uuid';
import { VOICE_ID_PATTERN } from './values';
import { describe, options as optionsOf } from './words';

/** The collections optional fields live in: body, header and path extras, and a list's query filters. */
export const ADDITIONAL_FIELDS = 'additionalFields';
export const FILTERS = 'filters';
/** A body the catalogue does not break into fields, given as JSON. */
export const JSON_BODY = 'jsonBody';

/** Families whose records the catalogue lists: their IDs are picked from a list, the others stay text. */
const LISTED = new Map(FAMILIES.map((family) => [family.family, family]));

/** Whether a field holds one record's ID (a locator) or a list of them (a multi-select) of a listed family. */
export const isPicked = (field: CatalogField): boolean => field.family !== undefined && LISTED.has(field.family) && (field.type === 'string' || field.type === 'array');

/** Where an optional field is given: a read's query parameters are its filters. */
export function collectionOf(op: CatalogOperation, field: CatalogField): string {
	return field.in === 'query' && op.method === 'GET' ? FILTERS : ADDITIONAL_FIELDS;
}

/**
 * The editor's fields of one operation: required fields first, each as the type a person expects
 * (options for enums, numbers with their range, lists for arrays of text, a searchable list for a
 * record of a known family, JSON only where the schema is free-form), then the optional ones in
 * "Additional Fields" / "Filters" (after a list's Return All / Limit), and a JSON body where the catalogue
 * does not break the body into fields.
 */
export function operationFields(op: CatalogOperation, paging: INodeProperties[] = []): INodeProperties[] {
	const required = op.fields.filter((field) => field.required).map((field) => withDropdown(op, field, fieldProperty(op, field, true)));
	const optional = op.fields.filter((field) => !field.required);
	const collections = [FILTERS, ADDITIONAL_FIELDS].flatMap((name) => {
		const fields = optional.filter((field) => collectionOf(op, field) === name);
		if (fields.length === 0) return [];
		const collection: INodeProperties = {
			displayName: name === FILTERS ? 'Filters' : 'Additional Fields',
			name,
			type: 'collection',
			placeholder: name === FILTERS ? 'Add Filter' : 'Add Field',
			default: {},
			options: fields.map((field) => withDropdown(op, field, fieldProperty(op, field, false))).sort((a, b) => (a.displayName < b.displayName ? -1 : 1)),
		};
		return [collection];
	});
	const emptyBody = op.freeBody?.list ? '[]' : '{}';
	const body: INodeProperties[] = op.freeBody
		? [
				{
					displayName: 'Body (JSON)',
					name: JSON_BODY,
					type: 'json',
					default: emptyBody,
					required: op.freeBody.required,
					description: freeBodyDescription(op),
				},
			]
		: [];
	// Return All and Limit before the filters, as n8n's own nodes show them
	return [...required, ...body, ...paging, ...collections];
}

function freeBodyDescription(op: CatalogOperation): string {
	const body = op.freeBody;
	const parts = ['The request body as JSON (the API takes more keys here than the editor can list)'];
	if (body?.list) parts.push(`one object, or a list of at most ${body.list.max}`);
	if (body?.exactlyOne) parts.push(`exactly one of ${body.exactlyOne.join(', ')}`);
	if (body?.atLeastOne) parts.push(`at least one of ${body.atLeastOne.join(', ')}`);
	return `${parts.join('; ')}.`;
}

/** One catalogue field as an n8n field. */
function fieldProperty(op: CatalogOperation, field: CatalogField, topLevel: boolean): INodeProperties {
	const base = {
		displayName: field.label,
		name: field.param,
		description: describe(field),
		...(topLevel && field.required ? { required: true } : {}),
	};
	if (isPicked(field)) return field.type === 'array' ? recordList(op, field, base) : locator(field, base, topLevel);
	if (field.options && field.options.length > 0 && field.type !== 'boolean') {
		return {
			...base,
			type: 'options',
			options: optionsOf(field),
			// Nothing chosen for the person: a required choice between values that act differently starts
			// empty (refused empty before sending) unless the API has its own default; a single allowed
			// value is no choice; an optional field only exists once the person adds it.
			default: field.default ?? (field.required && field.options.length > 1 ? '' : field.options[0]),
		} as INodeProperties;
	}
	switch (field.type) {
		case 'boolean':
			// An explicit confirmation (enum [true]) is never on by default: the person turns it on.
			return {
				...base,
				type: 'boolean',
				default: field.options ? false : (field.default ?? false),
			} as INodeProperties;
		case 'integer':
		case 'number':
			return {
				...base,
				type: 'number',
				default: typeof field.default === 'number' ? field.default : (field.min ?? 0),
				typeOptions: {
					...(field.min !== undefined ? { minValue: field.min } : {}),
					...(field.max !== undefined ? { maxValue: field.max } : {}),
					...(field.type === 'integer' ? { numberPrecision: 0 } : {}),
				},
			};
		case 'array':
			if (field.items?.options) {
				return {
					...base,
					type: 'multiOptions',
					options: optionsOf(field),
					default: [],
				};
			}
			if (field.items?.type === 'string' || field.items?.type === 'integer' || field.items?.type === 'number') {
				return {
					...base,
					type: 'string',
					typeOptions: {
						multipleValues: true,
						multipleValueButtonText: `Add ${field.label.replace(/s$/, '')}`,
					},
					default: [],
				};
			}
			return { ...base, type: 'json', default: '[]' };
		case 'object':
		case 'json':
			return { ...base, type: 'json', default: '{}' };
		default:
			if (field.format === 'date-time') return { ...base, type: 'dateTime', default: '' };
			return {
				...base,
				type: 'string',
				default: typeof field.default === 'string' ? field.default : '',
				...(field.format === 'password' ? { typeOptions: { password: true } } : {}),
				...(field.format === 'email' ? { placeholder: 'name@email.com' } : {}),
			};
	}
}

/**
 * A list of records of a known family: a multi-select of the workspace's records (n8n's editor offers
 * no searchable multi-select; a list of locators would take a click per ID), or IDs by expression (a
 * list, or text separated by commas). The request sends the IDs as they are, each checked as a UUID.
 */
function recordList(op: CatalogOperation, field: CatalogField, base: Pick<INodeProperties, 'displayName' | 'name' | 'description'>): INodeProperties {
	const family = LISTED.get(field.family as string);
	const parent = family?.parent && op.fields.find((other) => other.family === family.parent?.family && other.type === 'string');
	const noun = field.label.replace(/s$/, '');
	return {
		...base,
		displayName: `${noun} Names or IDs`,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: familyOptionsMethod(field.family as string), ...(parent ? { loadOptionsDependsOn: [parent.param] } : {}) },
		default: [],
		description: withSentence(base.description, PICK_IDS),
	} as INodeProperties;
}

const EXPRESSION_LINK = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';
const PICK_IDS = `Choose from the list, or specify IDs using an ${EXPRESSION_LINK}`;
const PICK_ID = `Choose from the list, or specify an ID using an ${EXPRESSION_LINK}`;


/** A record of a known family: From List (searchable) or By ID (a UUID). */
function locator(field: CatalogField, base: { displayName: string; name: string; description: string }, topLevel: boolean): INodeProperties {
	const noun = field.label.toLowerCase();
	// n8n checks a locator inside a collection against the top-level value of the same name, whatever the
	// operation or account kind (classic's Tool → Get has a top-level toolId holding a number), so only a
	// top-level locator carries the editor's UUID check; the batch check refuses a wrong ID everywhere.
	const byIdPattern = field.family === 'voice' ? `^\\s*${VOICE_ID_PATTERN}\\s*$` : UUID_FIELD_REGEX;
	return platform2Locator({
		name: base.name,
		noun: base.displayName,
		searchListMethod: familySearchMethod(field.family as string),
		description: base.description,
		required: topLevel && field.required === true,
		byIdCheck: topLevel ? { regex: byIdPattern, errorMessage: `The ${noun} ID is a UUID, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e` } : 'none',
	});
}

/** A language code or model name picked from the platform's list (a plain dropdown), or given by expression. */
function withDropdown(op: CatalogOperation, field: CatalogField, property: INodeProperties): INodeProperties {
	const method = CODE_DROPDOWNS[field.key];
	if (!method || !CODE_DROPDOWN_OPERATIONS.has(op.id) || field.options) return property;
	const many = field.type === 'array';
	return {
		...property,
		displayName: `${field.label} ${many ? 'Names or IDs' : 'Name or ID'}`,
		type: many ? 'multiOptions' : 'options',
		typeOptions: { loadOptionsMethod: method },
		default: many ? [] : '',
		description: withSentence(property.description, many ? PICK_IDS : PICK_ID),
	} as INodeProperties;
}
