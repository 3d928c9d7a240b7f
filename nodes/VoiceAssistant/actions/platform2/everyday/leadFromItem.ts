import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../../../engine/itemParams';
import { shown } from '../../../shared/validate';
import { leadBody, leadLabels } from './leadBody';

/**
 * Add Leads' "Map Automatically": the input item is the lead, as n8n's Airtable, Postgres and Google
 * Sheets nodes map input fields to columns of the same name. Nothing is evaluated per item (bench P11:
 * the mapping is most of a 1,000-lead run's time) and nothing is guessed: only these names are read.
 *
 * The names are the catalogue's for a campaign lead (Update Lead: `phone`, `name`, `email`, `tags`,
 * `custom_fields`), and two friendlier ones a sheet often has, read the same way: `phone_number` for
 * `phone` and `variables` for `custom_fields` (an item with both of a pair is an error, not a choice).
 * Other fields are sent only when the user asks, as custom fields.
 */
export const MAPPING_MODE = 'mappingMode';
export const MAP_AUTOMATICALLY = 'autoMapInputData';
const OTHER_FIELDS = 'otherFieldsAsVariables';
/** the catalogue's name → the friendlier one also read */
const ALSO_READ = { phone: 'phone_number', custom_fields: 'variables' } as const;
const LEAD_KEYS = ['phone', 'name', 'email', 'tags', 'custom_fields', ...Object.values(ALSO_READ)];

export const mappingModeField: INodeProperties = {
	displayName: 'Mapping Mode',
	name: MAPPING_MODE,
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Define Below', value: 'defineBelow', description: 'Set the phone number, name, e-mail, tags and custom fields in the fields below' },
		{
			name: 'Map Automatically',
			value: MAP_AUTOMATICALLY,
			description: 'Each input item is a lead: its fields phone (or phone_number), name, email, tags and custom_fields (or variables) are sent',
		},
	],
	default: 'defineBelow',
	description: 'How the lead is taken from each input item',
};

export const otherFieldsField: INodeProperties = {
	displayName: 'Send Other Fields as Custom Fields',
	name: OTHER_FIELDS,
	type: 'boolean',
	default: false,
	description:
		'Whether the item\'s other fields (all but phone, phone_number, name, email, tags, custom_fields and variables) are sent as the lead\'s custom fields, e.g. a column "customer_name". Off: they are not sent.',
	displayOptions: { show: { [MAPPING_MODE]: [MAP_AUTOMATICALLY] } },
};

const inputField = (key: string) => `${key} (input field)`;
const INPUT_LABELS = leadLabels(inputField);

export function mapsAutomatically(item: ItemParams): boolean {
	return item.get(MAPPING_MODE, 'defineBelow') === MAP_AUTOMATICALLY;
}

/** The one of a pair of names the item holds (the catalogue's or the friendlier one); both is an error. */
function oneOf(item: ItemParams, json: IDataObject, key: keyof typeof ALSO_READ): { name: string; value: unknown } {
	const other = ALSO_READ[key];
	const has = (name: string) => json[name] !== undefined && json[name] !== null;
	if (has(key) && has(other)) {
		throw item.fail(inputField(key), `and ${other} are both set: which one to send is not clear`, `Keep one of them (${key} is the API's name).`);
	}
	return has(other) ? { name: other, value: json[other] } : { name: key, value: json[key] };
}

/** The lead in the item's own fields, built and checked as the fields below build theirs (leadBody.ts). */
export function leadFromItem(item: ItemParams): IDataObject {
	const json = item.json();
	const phone = oneOf(item, json, 'phone');
	if (phone.value === undefined || phone.value === null) {
		const present = Object.keys(json)
			.slice(0, 20)
			.map((key) => shown(key));
		const has = present.length > 0 ? `This item's fields: ${present.join(', ')}.` : 'This item has no fields.';
		throw item.fail(
			inputField('phone'),
			'is missing',
			`With Mapping Mode "Map Automatically" each item needs a field phone (or phone_number). ${has} Rename the field (for example with Edit Fields), or choose "Define Below" and map it.`,
		);
	}
	return leadBody(item, item.phone(phone.value, inputField(phone.name)), json, INPUT_LABELS, () => customFieldsOf(item, json));
}

function customFieldsOf(item: ItemParams, json: IDataObject): IDataObject | undefined {
	const given = oneOf(item, json, 'custom_fields');
	if (given.value !== undefined && given.value !== null && (typeof given.value !== 'object' || Array.isArray(given.value))) {
		throw item.fail(inputField(given.name), `must be an object of names and values (got ${shown(given.value)})`);
	}
	const fields: IDataObject = { ...((given.value as IDataObject | null | undefined) ?? {}) };
	if (item.get(OTHER_FIELDS, false) === true) {
		for (const [key, value] of Object.entries(json)) {
			if (LEAD_KEYS.includes(key)) continue;
			if (key in fields) {
				throw item.fail(inputField(key), `is also a key of the item's ${given.name}: which one to send is not clear`, 'Rename one of them.');
			}
			fields[key] = value;
		}
	}
	return Object.keys(fields).length > 0 ? fields : undefined;
}
