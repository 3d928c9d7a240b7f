import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { pairsFieldOptions, rangeTypeOptions } from '../../../../shared/fields';
import { ASSISTANT_RANGES, POST_CALL_SCHEMA_NAME, POST_CALL_SCHEMA_TYPES } from '../../../../shared/limits';
import {
	checkRange,
	optionalText,
	pairsToObject,
	requireBoolean,
	requireId,
	requireOneOf,
	requireText,
	requireTimezone,
	requireUrl,
	shown,
} from '../../../../shared/validate';
import type { Where } from '../../../../shared/validate';
import type { ItemParams } from '../../../../engine/itemParams';
import { REMOVE_PHONE_NUMBER } from './options';
import type { Kind, Spec } from './spec';

export type Mode = 'create' | 'update';

/** The editor field of a spec, minus name/displayName/description (added by the caller). */
type Look = (spec: Spec, mode: Mode) => Omit<INodeProperties, 'name' | 'displayName'>;
/** The field's value → its request value, checked against the reference's rules. */
type Convert = (spec: Spec, value: unknown, item: ItemParams, where: Where, mode: Mode) => unknown;

/**
 * Each kind of assistant field in one place: how it looks in the editor and how its value is checked
 * and sent. Adding a kind is one entry here; the two can never disagree about which kinds exist.
 */
export const KINDS: Record<Kind, { look: Look; convert: Convert }> = {
	text: {
		look: (spec) => ({ type: 'string', default: '', ...(spec.rows ? { typeOptions: { rows: spec.rows } } : {}) }),
		convert: (spec, value, item, where) =>
			spec.required ? requireText(item.node, value, where, spec.maxLength) : (optionalText(item.node, value, where, spec.maxLength) ?? ''),
	},
	nameFromList: {
		look: (spec, mode) => ({
			type: 'options',
			typeOptions: {
				loadOptionsMethod: spec.loadOptionsMethod,
				...(spec.dependsOnEngine ? { loadOptionsDependsOn: [mode === 'update' ? 'updateFields.engineType' : 'engineType'] } : {}),
			},
			default: '',
		}),
		convert: (spec, value, item, where) => KINDS.text.convert(spec, value, item, where, 'create'),
	},
	timezone: {
		look: () => ({ type: 'options', typeOptions: { loadOptionsMethod: 'getTimezones' }, default: 'Europe/Berlin' }),
		convert: (_spec, value, item, where) => requireTimezone(item.node, value, where),
	},
	voice: {
		look: (_spec, mode) => ({
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getVoices', loadOptionsDependsOn: [mode === 'update' ? 'updateFields.engineType' : 'engineType'] },
			default: '',
		}),
		convert: (_spec, value, item, where) => requireId(item.node, value, where),
	},
	options: {
		look: (spec) => ({ type: 'options', options: spec.options, default: spec.optionDefault ?? spec.options?.[0].value ?? '' }),
		convert: (spec, value, item, where) => requireOneOf(item.node, value, (spec.options ?? []).map((o) => String(o.value)), where),
	},
	number: {
		look: (spec) => {
			const limits = ASSISTANT_RANGES[spec.rangeKey as string];
			return { type: 'number', typeOptions: rangeTypeOptions(limits), default: spec.numberDefault ?? limits.min };
		},
		convert: (spec, value, item, where) => checkRange(item.node, value, ASSISTANT_RANGES[spec.rangeKey as string], where),
	},
	boolean: {
		look: () => ({ type: 'boolean', default: false }),
		convert: (_spec, value, item, where) => requireBoolean(item.node, value, where),
	},
	url: {
		look: () => ({ type: 'string', default: '', placeholder: 'https://example.com/webhook' }),
		convert: (_spec, value, item, where) => requireUrl(item.node, value, where),
	},
	phoneNumberId: {
		look: (_spec, mode) =>
			mode === 'create'
				? {
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getAssistantPhoneNumbers', loadOptionsDependsOn: ['callsDirection'] },
						default: '',
						description:
							'The phone number the assistant uses; inbound assistants list only numbers that are free for inbound calls. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					}
				: {
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getPhoneNumbersForUpdate', loadOptionsDependsOn: ['updateFields.callsDirection'] },
						default: '',
						description:
							'The phone number the assistant uses, or "Remove Phone Number" to unassign it. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
		convert: (_spec, value, item, where, mode) =>
			mode === 'update' && value === REMOVE_PHONE_NUMBER ? null : requireId(item.node, value, where),
	},
	variables: {
		look: () => ({
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Variable',
			default: {},
			options: pairsFieldOptions('e.g. company_name'),
		}),
		convert: (_spec, value, item, where) =>
			pairsToObject(item.node, (value as { pairs?: Array<{ name?: unknown; value?: unknown }> } | undefined)?.pairs, where),
	},
	idFromList: {
		look: (spec) => ({ type: 'options', typeOptions: { loadOptionsMethod: spec.loadOptionsMethod }, default: '' }),
		convert: (_spec, value, item, where) => requireId(item.node, value, where),
	},
	idsFromList: {
		look: (spec) => ({ type: 'multiOptions', typeOptions: { loadOptionsMethod: spec.loadOptionsMethod }, default: [] }),
		convert: (_spec, value, item, where) => idList(value, item, where),
	},
	builtInTools: {
		look: () => ({ type: 'json', default: '[]' }),
		convert: (spec, value, item) => builtInTools(value, item, spec.displayName),
	},
	postCallSchema: {
		look: () => ({
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Field',
			default: {},
			options: [{ displayName: 'Field', name: 'fields', values: POST_CALL_SCHEMA_FIELD_VALUES }],
		}),
		convert: (_spec, value, item) => postCallSchema(value, item),
	},
};

const POST_CALL_SCHEMA_FIELD_VALUES: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. appointment_date',
		description: 'Letters, digits and underscores only',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'Boolean', value: 'bool' },
			{ name: 'Number', value: 'number' },
			{ name: 'String', value: 'string' },
		],
		default: 'string',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		placeholder: 'e.g. The date the customer agreed to',
		description: 'What the value means; the evaluation model reads it',
	},
];

function postCallSchema(value: unknown, item: ItemParams): IDataObject[] {
	const fields = ((value as { fields?: IDataObject[] } | undefined)?.fields ?? []) as IDataObject[];
	return fields.map((field, index) => {
		const prefix = `Post-Call Schema field ${index + 1}`;
		const name = requireText(item.node, field.name, item.where(`${prefix} Name`)).trim();
		if (!POST_CALL_SCHEMA_NAME.test(name)) {
			throw item.fail(`${prefix} Name`, `may contain only letters, digits and underscores (got ${shown(name)})`);
		}
		const type = requireOneOf(item.node, field.type ?? 'string', POST_CALL_SCHEMA_TYPES, item.where(`${prefix} Type`));
		const description = requireText(item.node, field.description, item.where(`${prefix} Description`));
		return { name, type, description };
	});
}

/** Several IDs (a multi-select, or an expression giving an array or "1, 2"). */
function idList(value: unknown, item: ItemParams, where: Where): number[] {
	const values = Array.isArray(value) ? value : typeof value === 'string' && value.trim() !== '' ? value.split(',') : [];
	return values.map((one) => requireId(item.node, typeof one === 'string' ? one.trim() : one, where));
}

const BUILT_IN_TOOLS = ['call_transfer', 'warm_call_transfer', 'end_call', 'dtmf_input', 'collect_keypad', 'calendar_integration', 'assistant_transfer'];

/** The built-in tools: a JSON array of objects, each with a known "type". */
function builtInTools(value: unknown, item: ItemParams, field: string): IDataObject[] {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value === '' ? '[]' : value) as unknown;
		} catch {
			throw item.fail(field, 'is not valid JSON');
		}
	}
	if (!Array.isArray(parsed)) throw item.fail(field, 'must be a JSON array of tools, e.g. [{"type": "end_call"}]');
	return parsed.map((tool: unknown, index) => {
		const type = tool !== null && typeof tool === 'object' && !Array.isArray(tool) ? (tool as IDataObject).type : undefined;
		if (typeof type !== 'string' || !BUILT_IN_TOOLS.includes(type)) {
			throw item.fail(field, `entry ${index + 1} needs a "type" of ${BUILT_IN_TOOLS.join(', ')} (got ${shown(type)})`);
		}
		return tool as IDataObject;
	});
}
