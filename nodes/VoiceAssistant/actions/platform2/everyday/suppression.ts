import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { AnyOperation, ApiCall } from '../../../engine/operation';
import type { ItemParams } from '../../../engine/itemParams';
import { platform2Records } from '../answers';
import type { CatalogField, CatalogOperation } from '../catalog/types';
import { operationFields } from '../fields';
import { catalogOperation } from '../operation';
import { SUPPRESSION_CHANNELS } from '../suppressionList';
import { checkedValue, isBlank } from '../values';

/** Who an opt-out is for: a phone number (E.164), an e-mail address, or an audience contact. */
const BY = {
	phone: { name: 'Phone Number', key: 'phone_number' },
	email: { name: 'E-Mail', key: 'email' },
	contact: { name: 'Contact', key: 'contact_id' },
	id: { name: 'Entry ID', key: 'id' },
} as const;
type By = keyof typeof BY;

const EMAIL: CatalogField = { key: 'email', param: 'email', label: 'E-Mail', in: 'body', type: 'string', required: true, format: 'email', help: 'The e-mail address that opted out' };
const ENTRY_ID: CatalogField = { key: 'id', param: 'entryId', label: 'Entry ID', in: 'path', type: 'string', required: true, format: 'uuid', help: 'The entry\'s ID (a UUID), as Get Many Suppression Entries returns it' };
const CONTACT: CatalogField = { key: 'contact_id', param: 'contactId', label: 'Contact', in: 'body', type: 'string', required: true, format: 'uuid', family: 'contact', help: 'The contact who opted out: picked from the list, or its ID' };

function byField(values: By[]): INodeProperties {
	const property: INodeProperties = {
		displayName: 'By',
		name: 'by',
		type: 'options',
		noDataExpression: true,
		options: values.map((value) => ({ name: BY[value].name, value })),
		default: 'phone',
	};
	return { ...property, default: values[0] };
}

const shownFor = (by: By) => ({ displayOptions: { show: { by: [by] } } });

const phoneField: INodeProperties = {
	displayName: 'Phone Number',
	name: 'phoneNumber',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. +4915123456789',
	description: 'The number, sent in E.164 (a national number uses the Default Country)',
	...shownFor('phone'),
};

const emailField: INodeProperties = {
	displayName: 'E-Mail',
	name: 'email',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'name@email.com',
	...shownFor('email'),
};

/** The value the item names the entry by, checked: E.164, an e-mail address, or a UUID. */
function identity(item: ItemParams, by: By): string {
	if (by === 'phone') return item.phone(item.get('phoneNumber'), 'Phone Number');
	if (by === 'email') return checkedValue(item, EMAIL, item.get('email')) as string;
	const field = by === 'id' ? ENTRY_ID : CONTACT;
	return checkedValue(item, field, item.locatorValue(field.param, '')) as string;
}

function readBy(item: ItemParams, allowed: By[]): By {
	const by = item.get('by', allowed[0]) as By;
	if (!allowed.includes(by)) throw item.fail('By', `must be one of ${allowed.join(', ')} (got ${String(by)})`);
	return by;
}

/**
 * Suppression → Add Suppression Entry: the catalogue does not break its body into fields, so they are
 * given here: who (phone number in E.164, e-mail address or audience contact), which channel (or
 * every channel: no channel sent) and why. The body's keys are our reading of the catalogue's summary
 * ("by contact id, phone or e-mail") and of the list's entries (`phone_number`, `email`, `channel`).
 */
export function addSuppressionEntry(entry: CatalogOperation): AnyOperation {
	const generated = catalogOperation(entry);
	const contact = operationFields({ ...entry, fields: [CONTACT], freeBody: undefined }).map((field) => ({ ...field, ...shownFor('contact') }));
	const fields: INodeProperties[] = [
		byField(['phone', 'email', 'contact']),
		phoneField,
		emailField,
		...contact,
		{
			displayName: 'Channel',
			name: 'channel',
			type: 'options',
			options: [{ name: 'All Channels', value: 'all' }, ...SUPPRESSION_CHANNELS.map((value) => ({ name: value === 'sms' ? 'SMS' : value.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()), value }))],
			default: 'all',
			description: 'The channel the person opted out of; All Channels sends no channel (a universal opt-out)',
		},
		{ displayName: 'Reason', name: 'reason', type: 'string', default: '', description: 'Why, in your words (kept with the entry)' },
	];
	return {
		...generated,
		description: 'Record an opt-out (do-not-contact) for a phone number, e-mail address or contact, on one channel or all',
		defaultCountry: true,
		fields,
		prepare(item) {
			const by = readBy(item, ['phone', 'email', 'contact']);
			const body: IDataObject = { [BY[by].key]: identity(item, by) };
			const channel = String(item.get('channel', 'all'));
			if (channel !== 'all') {
				if (!SUPPRESSION_CHANNELS.includes(channel)) throw item.fail('Channel', `must be all or one of ${SUPPRESSION_CHANNELS.join(', ')} (got ${channel})`);
				body.channel = channel;
			}
			const reason = item.get('reason', '');
			if (!isBlank(reason)) body.reason = String(reason).trim();
			const request: ApiCall = { method: entry.method, path: entry.path, body, platform2: { operation: entry.name, scopes: entry.scopes } };
			return { request };
		},
		output: async (answer, { request }, api) => await platform2Records(answer, api, request),
	};
}

/** Suppression → Remove Suppression Entry: by the entry's ID, a phone number (E.164) or an e-mail address, URL-encoded in the path. */
export function removeSuppressionEntry(entry: CatalogOperation): AnyOperation {
	const generated = catalogOperation(entry);
	const idField = operationFields({ ...entry, fields: [{ ...ENTRY_ID, param: 'entryId' }] }).map((field) => ({ ...field, ...shownFor('id') }));
	return {
		...generated,
		description: 'Lift an opt-out, by the entry ID, a phone number or an e-mail address',
		defaultCountry: true,
		fields: [byField(['id', 'phone', 'email']), ...idField, phoneField, emailField],
		prepare(item) {
			const by = readBy(item, ['id', 'phone', 'email']);
			const value = identity(item, by);
			const request: ApiCall = {
				method: entry.method,
				path: entry.path.replace('{id}', encodeURIComponent(value)),
				notFound: `The suppression entry for ${value}`,
				platform2: { operation: entry.name, scopes: entry.scopes },
			};
			return { request };
		},
	};
}
