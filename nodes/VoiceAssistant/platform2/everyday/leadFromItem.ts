import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../../engine/itemParams';
import { shown } from '../../shared/validate';
import { checkedValue } from '../values';

/**
 * Add Leads' "Map Automatically": the input item is the lead, under the API's own field names, as
 * n8n's Airtable, Postgres and Google Sheets nodes map input fields to columns of the same name. A
 * sheet whose columns are phone_number, name and email needs no mapping at all, and n8n evaluates no
 * expression for it (bench P11: the mapping is most of a 1,000-lead run's time).
 * Nothing is guessed: only these names are read, and other fields are sent only when the user asks.
 */
export const MAPPING_MODE = 'mappingMode';
export const MAP_AUTOMATICALLY = 'autoMapInputData';
const LEAD_KEYS = ['phone_number', 'name', 'email', 'variables'];
const OTHER_FIELDS = 'otherFieldsAsVariables';

export const mappingModeField: INodeProperties = {
	displayName: 'Mapping Mode',
	name: MAPPING_MODE,
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Define Below', value: 'defineBelow', description: 'Set the phone number, name, e-mail and variables in the fields below' },
		{
			name: 'Map Automatically',
			value: MAP_AUTOMATICALLY,
			description: "Each input item is a lead: its fields phone_number, name, email and variables (the API's names) are sent",
		},
	],
	default: 'defineBelow',
	description: 'How the lead is taken from each input item',
};

export const otherFieldsField: INodeProperties = {
	displayName: 'Send Other Fields as Variables',
	name: OTHER_FIELDS,
	type: 'boolean',
	default: false,
	description:
		'Whether the item\'s other fields (all but phone_number, name, email and variables) are sent as the lead\'s variables, e.g. a column "customer_name". Off: they are not sent.',
	displayOptions: { show: { [MAPPING_MODE]: [MAP_AUTOMATICALLY] } },
};

/** A lead's name or e-mail as a checked body field (values.ts), under the label an error names it by. */
export const leadName = (label: string) => ({ key: 'name', param: 'name', label, in: 'body', type: 'string' }) as const;
export const leadEmail = (label: string) => ({ key: 'email', param: 'email', label, in: 'body', type: 'string', format: 'email' }) as const;

const inputField = (key: string) => `${key} (input field)`;
const NAME = leadName(inputField('name'));
const EMAIL = leadEmail(inputField('email'));

export function mapsAutomatically(item: ItemParams): boolean {
	return item.get(MAPPING_MODE, 'defineBelow') === MAP_AUTOMATICALLY;
}

/** The lead in the item's own fields; every value checked as the fields below check theirs. */
export function leadFromItem(item: ItemParams): IDataObject {
	const json = item.json();
	if (json.phone_number === undefined) {
		const present = Object.keys(json)
			.slice(0, 20)
			.map((key) => shown(key));
		const has = present.length > 0 ? `This item's fields: ${present.join(', ')}.` : 'This item has no fields.';
		throw item.fail(
			inputField('phone_number'),
			'is missing',
			`With Mapping Mode "Map Automatically" each item needs a field phone_number. ${has} Rename the field (for example with Edit Fields), or choose "Define Below" and map it.`,
		);
	}
	const lead: IDataObject = { phone_number: item.phone(json.phone_number, inputField('phone_number')) };
	const name = checkedValue(item, NAME, json.name);
	if (name !== undefined) lead.name = name as string;
	const email = checkedValue(item, EMAIL, json.email);
	if (email !== undefined) lead.email = email as string;
	const variables = variablesOf(item, json);
	if (variables) lead.variables = variables;
	return lead;
}

function variablesOf(item: ItemParams, json: IDataObject): IDataObject | undefined {
	const given = json.variables;
	if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
		throw item.fail(inputField('variables'), `must be an object of names and values (got ${shown(given)})`);
	}
	const variables: IDataObject = { ...((given as IDataObject | null | undefined) ?? {}) };
	if (item.get(OTHER_FIELDS, false) === true) {
		for (const [key, value] of Object.entries(json)) {
			if (LEAD_KEYS.includes(key)) continue;
			if (key in variables) {
				throw item.fail(inputField(key), `is also a key of the item's variables: which one to send is not clear`, 'Rename one of them.');
			}
			variables[key] = value;
		}
	}
	return Object.keys(variables).length > 0 ? variables : undefined;
}
