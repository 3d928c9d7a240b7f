import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../showFor';
import type { ResourceOperations } from '../types';
import * as getMany from './getMany.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';

export const operations: ResourceOperations = { getMany, start, stop };

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['campaign'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List campaigns',
			action: 'Get many campaigns',
		},
		{
			name: 'Start',
			value: 'start',
			description: 'Start calling the leads of a campaign',
			action: 'Start a campaign',
		},
		{
			name: 'Stop',
			value: 'stop',
			description: 'Stop calling the leads of a campaign',
			action: 'Stop a campaign',
		},
	],
	default: 'getMany',
};

export const fields: INodeProperties[] = [
	...showFor('campaign', 'getMany', getMany.description),
	...showFor('campaign', 'start', start.description),
	...showFor('campaign', 'stop', stop.description),
];
