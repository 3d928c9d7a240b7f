import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../showFor';
import type { ResourceOperations } from '../types';
import * as send from './send.operation';

export const operations: ResourceOperations = { send };

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['sms'] } },
	options: [
		{
			name: 'Send',
			value: 'send',
			description: 'Send an SMS from one of your phone numbers',
			action: 'Send an SMS',
		},
	],
	default: 'send',
};

export const fields: INodeProperties[] = [...showFor('sms', 'send', send.description)];
