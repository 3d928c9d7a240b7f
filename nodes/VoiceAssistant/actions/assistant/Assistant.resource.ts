import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../showFor';
import type { ResourceOperations } from '../types';
import * as create from './create.operation';
import * as disableInboundWebhook from './disableInboundWebhook.operation';
import * as enableInboundWebhook from './enableInboundWebhook.operation';
import * as getMany from './getMany.operation';
import * as getManyOutbound from './getManyOutbound.operation';
import * as update from './update.operation';

export const operations: ResourceOperations = {
	create,
	update,
	getMany,
	getManyOutbound,
	enableInboundWebhook,
	disableInboundWebhook,
};

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['assistant'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Create an AI voice assistant',
			action: 'Create an assistant',
		},
		{
			name: 'Disable Inbound Webhook',
			value: 'disableInboundWebhook',
			description: 'Stop notifications about finished inbound calls',
			action: 'Disable the inbound webhook of an assistant',
		},
		{
			name: 'Enable Inbound Webhook',
			value: 'enableInboundWebhook',
			description: 'Send a notification to a URL when an inbound call completes',
			action: 'Enable the inbound webhook of an assistant',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List assistants',
			action: 'Get many assistants',
		},
		{
			name: 'Get Many Outbound',
			value: 'getManyOutbound',
			description: 'List the assistants that place calls',
			action: 'Get many outbound assistants',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Change settings of an assistant',
			action: 'Update an assistant',
		},
	],
	default: 'create',
};

export const fields: INodeProperties[] = [
	...showFor('assistant', 'create', create.description),
	...showFor('assistant', 'update', update.description),
	...showFor('assistant', 'getMany', getMany.description),
	...showFor('assistant', 'getManyOutbound', getManyOutbound.description),
	...showFor('assistant', 'enableInboundWebhook', enableInboundWebhook.description),
	...showFor('assistant', 'disableInboundWebhook', disableInboundWebhook.description),
];
