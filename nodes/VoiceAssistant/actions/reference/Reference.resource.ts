import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../showFor';
import type { ResourceOperations } from '../types';
import * as getModels from './getModels.operation';

export const operations: ResourceOperations = {
	getModels,
};

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['reference'] } },
	options: [
		{
			name: 'Get Models',
			value: 'getModels',
			description: 'List the LLM models an assistant can use',
			action: 'Get LLM models',
		},
	],
	default: 'getModels',
};

export const fields: INodeProperties[] = [...showFor('reference', 'getModels', getModels.description)];
