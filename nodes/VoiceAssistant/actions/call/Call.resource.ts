import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../showFor';
import type { ResourceOperations } from '../types';
import * as getMany from './getMany.operation';
import * as make from './make.operation';

export const operations: ResourceOperations = { make, getMany };

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['call'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List past calls, with filters',
			action: 'Get many calls',
		},
		{
			name: 'Make',
			value: 'make',
			description:
				'Have an outbound assistant call a phone number now. With Wait for Call to End on, waits until the call has ended and returns its status, duration, transcript and extracted variables.',
			action: 'Make a call',
		},
	],
	default: 'make',
};

export const fields: INodeProperties[] = [
	...showFor('call', 'make', make.description),
	...showFor('call', 'getMany', getMany.description),
];
