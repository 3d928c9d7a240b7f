import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../showFor';
import type { ResourceOperations } from '../types';
import * as getLanguages from './getLanguages.operation';
import * as getModels from './getModels.operation';
import * as getPhoneNumbers from './getPhoneNumbers.operation';
import * as getVoices from './getVoices.operation';

export const operations: ResourceOperations = {
	getModels,
	getVoices,
	getLanguages,
	getPhoneNumbers,
};

export const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['reference'] } },
	options: [
		{
			name: 'Get Languages',
			value: 'getLanguages',
			description: 'List the languages an assistant can speak',
			action: 'Get languages',
		},
		{
			name: 'Get Models',
			value: 'getModels',
			description: 'List the LLM models an assistant can use',
			action: 'Get LLM models',
		},
		{
			name: 'Get Phone Numbers',
			value: 'getPhoneNumbers',
			description: 'List your phone numbers',
			action: 'Get phone numbers',
		},
		{
			name: 'Get Voices',
			value: 'getVoices',
			description: 'List the voices an assistant can use',
			action: 'Get voices',
		},
	],
	default: 'getModels',
};

export const fields: INodeProperties[] = [
	...showFor('reference', 'getModels', getModels.description),
	...showFor('reference', 'getVoices', getVoices.description),
	...showFor('reference', 'getLanguages', getLanguages.description),
	...showFor('reference', 'getPhoneNumbers', getPhoneNumbers.description),
];
