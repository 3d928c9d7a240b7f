import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../showFor';
import type { ResourceOperations } from '../types';
import * as create from './create.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations: ResourceOperations = { create, getMany, update };

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['lead'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Add a lead (a contact to call) to a campaign',
			action: 'Create a lead',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List leads',
			action: 'Get many leads',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Change the campaign, phone number, status or variables of a lead',
			action: 'Update a lead',
		},
	],
	default: 'create',
};

export const fields: INodeProperties[] = [
	...showFor('lead', 'create', create.description),
	...showFor('lead', 'getMany', getMany.description),
	...showFor('lead', 'update', update.description),
];
