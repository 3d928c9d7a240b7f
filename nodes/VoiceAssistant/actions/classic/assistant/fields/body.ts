import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../../../../engine/itemParams';
import { KINDS, type Mode } from './kinds';
import type { Spec } from './spec';
import { ALL_SPECS, OPTIONAL_SPECS, REQUIRED_SPECS, SPEC_BY_NAME } from './specs';

/**
 * Assistant Create and Update from the one list of fields: Create shows the required ones as
 * top-level fields and the rest in "Additional Fields"; Update puts all of them in "Update Fields".
 */

function toProperty(spec: Spec, mode: Mode, inCollection: boolean): INodeProperties {
	const property: INodeProperties = {
		displayName: spec.displayName,
		name: spec.name,
		description: spec.description,
		...KINDS[spec.kind].look(spec, mode),
	} as INodeProperties;
	if (spec.required && !inCollection) property.required = true;
	return property;
}

export function createProperties(): INodeProperties[] {
	return [
		...REQUIRED_SPECS.map((spec) => toProperty(spec, 'create', false)),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: OPTIONAL_SPECS.map((spec) => toProperty(spec, 'create', true)),
		},
	];
}

export function updateProperties(): INodeProperties[] {
	const options = [
		...ALL_SPECS.filter((spec) => !spec.createOnly).map((spec) => toProperty(spec, 'update', true)),
		{
			displayName: 'Remove Webhook',
			name: 'removeWebhook',
			type: 'boolean',
			default: false,
			description: 'Whether to remove the post-call webhook URL (sent as null), which also turns the post-call webhook off',
		} as INodeProperties,
		...CLEARING_SWITCHES.map(({ name, displayName, description }) => ({ displayName, name, type: 'boolean', default: false, description }) as INodeProperties),
	];
	// Not localeCompare: its first call loads ICU collation (~10 ms) while the node is being loaded.
	options.sort((a, b) => (a.displayName.toLowerCase() < b.displayName.toLowerCase() ? -1 : 1));
	return [{ displayName: 'Update Fields', name: 'updateFields', type: 'collection', placeholder: 'Add Field', default: {}, options }];
}

/** Update switches that clear a 2026 setting (sent as null), like Remove Webhook. */
const CLEARING_SWITCHES = [
	{ name: 'removeFolder', displayName: 'Remove From Folder', key: 'folder_id', clearsWith: 'Folder', description: 'Whether to take the assistant out of its folder (uncategorised; 2026 docs)' },
	{ name: 'detachKnowledgeBase', displayName: 'Detach Knowledge Base', key: 'knowledgebase_id', clearsWith: 'Knowledge Base', description: 'Whether to detach the knowledge base from the assistant (2026 docs)' },
];

function convert(spec: Spec, value: unknown, item: ItemParams, mode: Mode): unknown {
	const where = item.where(spec.displayName.replace(/ Name or ID$/, ''));
	return KINDS[spec.kind].convert(spec, value, item, where, mode);
}

/** Create: the request body from the top-level fields and Additional Fields. */
export function createBody(item: ItemParams): IDataObject {
	const body: IDataObject = {};
	for (const spec of REQUIRED_SPECS) body[spec.key] = convert(spec, item.get(spec.name), item, 'create') as IDataObject[string];
	addFields(body, item.get('additionalFields', {}) as IDataObject, item, 'create');
	if (body.is_webhook_active === true && !body.webhook_url) {
		// The reference: webhook_url is required when is_webhook_active is true (on update a stored URL counts).
		throw item.fail('Post-Call Webhook URL', 'is required when Post-Call Webhook Active is on');
	}
	return body;
}

/** Update: only the fields the user added; at least one. */
export function updateBody(item: ItemParams): IDataObject {
	const { removeWebhook, ...fields } = item.get('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	addFields(body, fields, item, 'update');
	for (const { name, displayName, key, clearsWith } of CLEARING_SWITCHES) {
		if (fields[name] !== true) continue;
		if (body[key] !== undefined) throw item.fail(displayName, `cannot be combined with ${clearsWith}`);
		body[key] = null;
	}
	if (removeWebhook === true) {
		if (body.webhook_url !== undefined) throw item.fail('Remove Webhook', 'cannot be combined with Post-Call Webhook URL');
		if (body.is_webhook_active === true) throw item.fail('Remove Webhook', 'cannot be combined with Post-Call Webhook Active');
		body.webhook_url = null;
		body.is_webhook_active = false;
	}
	if (Object.keys(body).length === 0) throw item.fail('Update Fields', 'is empty: add at least one field to change');
	return body;
}

function addFields(body: IDataObject, fields: IDataObject, item: ItemParams, mode: Mode): void {
	for (const [name, value] of Object.entries(fields)) {
		const spec = SPEC_BY_NAME.get(name);
		if (!spec) continue;
		const converted = convert(spec, value, item, mode);
		// An optional text left empty is not sent (it would clear the setting without the user meaning to).
		if (converted === '' && !spec.required) continue;
		if (spec.kind === 'variables' && Object.keys(converted as IDataObject).length === 0) continue;
		body[spec.key] = converted as IDataObject[string];
	}
}
