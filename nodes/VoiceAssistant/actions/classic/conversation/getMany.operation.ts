import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { assistantOptionField, returnAllFields, phoneField } from '../../../shared/fields';
import { PAGE_SIZE } from '../../../shared/limits';
import { optionalText, requireId, requireOneOf } from '../../../shared/validate';
import type { Operation } from '../../../engine/operation';

const TYPES = ['api', 'test', 'whatsapp', 'widget'] as const;

const fields: INodeProperties[] = [
	...returnAllFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			assistantOptionField('Only conversations of this assistant'),
			phoneField({ name: 'customerPhone', displayName: 'Customer Phone', description: "Only conversations with this customer's number (sent in E.164 format)" }),
			{
				displayName: 'External Identifier',
				name: 'externalIdentifier',
				type: 'string',
				default: '',
				description: 'Only conversations with this identifier (the customer identifier of Generate AI Reply)',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: [
					{ name: 'API', value: 'api' },
					{ name: 'Test', value: 'test' },
					{ name: 'WhatsApp', value: 'whatsapp' },
					{ name: 'Widget', value: 'widget' },
				],
				default: 'whatsapp',
				description: 'Only conversations of this kind',
			},
			phoneField({ name: 'whatsappSenderPhone', displayName: 'WhatsApp Sender Phone', description: 'Only WhatsApp conversations of this sender number (sent in E.164 format)' }),
		],
	},
];

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** GET /user/conversations: filters as query parameters, cursor paging (per_page + next_cursor). */
export const operation: Operation = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List chat conversations (widget, WhatsApp, API, test), newest first',
	action: 'Get many conversations',
	defaultCountry: true,
	fields,
	prepare(item) {
		const { returnAll, limit } = item.paging();
		const filters = item.get('filters', {}) as IDataObject;
		const qs: IDataObject = {};
		if (given(filters.type)) qs.type = requireOneOf(item.node, filters.type, TYPES, item.where('Type'));
		if (given(filters.assistantId)) qs.assistant_id = requireId(item.node, filters.assistantId, item.where('Assistant'));
		if (given(filters.customerPhone)) qs.customer_phone = item.phone(filters.customerPhone, 'Customer Phone');
		if (given(filters.whatsappSenderPhone)) qs.whatsapp_sender_phone = item.phone(filters.whatsappSenderPhone, 'WhatsApp Sender Phone');
		const external = optionalText(item.node, filters.externalIdentifier, item.where('External Identifier'), 255);
		if (external !== undefined) qs.external_identifier = external.trim();
		return {
			request: {
				method: 'GET',
				path: '/user/conversations',
				qs,
				paging: { returnAll, limit, maxPerPage: PAGE_SIZE.conversations.max, style: 'cursor' },
			},
		};
	},
	output: (answer) => answer as IDataObject[],
};
