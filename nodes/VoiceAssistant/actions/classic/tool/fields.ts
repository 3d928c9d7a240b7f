import type { INodeProperties } from 'n8n-workflow';

import { rangeTypeOptions } from '../../../shared/fields';
import { recordLocator } from '../../../shared/locators';
import { TOOL_METHODS, TOOL_RANGES } from '../../../shared/limits';

/** The fields of a mid-call tool, defined once: Create asks for the required ones at the top, Update offers all. */

export const toolLocator = (description: string): INodeProperties =>
	recordLocator({ name: 'toolId', noun: 'tool', example: '3', searchListMethod: 'searchTools', description });

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. check_availability',
	description: 'The name the assistant knows the tool by: lowercase letters and underscores, starting with a letter',
};

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	placeholder: 'e.g. Checks which appointment slots are free on a given day',
	description: 'What the tool does and when the assistant should use it (at most 255 characters)',
};

const endpointField: INodeProperties = {
	displayName: 'Endpoint',
	name: 'endpoint',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/webhook/availability',
	description: 'The http(s) URL the platform calls while the call is going on',
};

const methodField: INodeProperties = {
	displayName: 'Method',
	name: 'method',
	type: 'options',
	options: [...TOOL_METHODS].sort().map((method) => ({ name: method, value: method })),
	default: 'POST',
	description: 'The HTTP method of the request to the endpoint',
};

export const timeoutField: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: rangeTypeOptions(TOOL_RANGES.timeout),
	default: 10,
	description: 'How long the platform waits for the endpoint (1 to 30 seconds; 10 when left out)',
};

const headersField: INodeProperties = {
	displayName: 'Headers',
	name: 'headers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Header',
	default: {},
	description:
		'Headers sent with every request to the endpoint, e.g. an API key. On Update they replace the stored headers: add this field without a header to remove them all.',
	options: [
		{
			displayName: 'Header',
			name: 'header',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. X-Api-Key' },
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					typeOptions: { password: true },
					default: '',
					description: 'The platform stores it and shows it in the tool record (Get, Get Many)',
				},
			],
		},
	],
};

/** One parameter of a tool: what the assistant gathers and sends (name, type, description). */
export const parameterValues: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. appointment_date',
		description: '2 to 32 letters or underscores, starting with a letter',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'Boolean', value: 'boolean' },
			{ name: 'Number', value: 'number' },
			{ name: 'String', value: 'string' },
		],
		default: 'string',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		placeholder: 'e.g. The day the caller wants, as YYYY-MM-DD',
		description: 'What the value is, for the assistant (3 to 255 characters)',
	},
];

const parametersField: INodeProperties = {
	displayName: 'Parameters',
	name: 'parameters',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Parameter',
	default: {},
	description:
		"What the assistant gathers during the call and sends to the endpoint (the tool's schema). On Update they replace the stored parameters: add this field without a parameter to remove them all.",
	options: [
		{
			displayName: 'Parameter',
			name: 'parameter',
			values: parameterValues,
		},
	],
};

/** Create: name, description, endpoint and method at the top (required), the rest under Additional Fields. */
export const createFields: INodeProperties[] = [
	...[nameField, descriptionField, endpointField, methodField].map((field) => ({ ...field, required: true })),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [headersField, parametersField, timeoutField],
	},
];

/** Update: any of them. */
export const updateFields: INodeProperties[] = [
	toolLocator('The tool to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here are sent; Headers and Parameters replace the stored lists',
		options: [descriptionField, endpointField, headersField, methodField, nameField, parametersField, timeoutField],
	},
];
