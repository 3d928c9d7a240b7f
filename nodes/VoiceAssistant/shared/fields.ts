import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { NumericRange } from './limits';
import { withSentence } from './apiFieldHelp';

/** Small builders for field shapes that repeat across operations. */

export function returnAllFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** min/max/precision in the editor, from the same range the pre-send check uses. */
export function rangeTypeOptions(range: NumericRange): INodeProperties['typeOptions'] {
	return {
		minValue: range.min,
		maxValue: range.max,
		numberPrecision: range.integer ? 0 : 2,
	};
}

export const PHONE_HINT = 'Any common format, e.g. +49 151 2345678 or (415) 555-2671 with Default Country set';

export function phoneField(options: {
	name: string;
	displayName: string;
	description?: string;
	required?: boolean;
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'string',
		default: '',
		required: options.required ?? false,
		placeholder: 'e.g. +49 151 2345678',
		hint: PHONE_HINT,
		...(options.description ? { description: options.description } : {}),
	};
}

/**
 * A lead's number and variables, as Lead → Create (classic) and Add Leads (Platform 2.0) ask for them;
 * Add Leads says in their help which API fields they fill (`phone`, `custom_fields`).
 */
export function leadPhoneAndVariablesFields(help: { phone?: string; variables?: string } = {}): INodeProperties[] {
	return [
		phoneField({ name: 'phoneNumber', displayName: 'Phone Number', required: true, description: help.phone ?? 'The number the campaign calls; sent in E.164 format' }),
		...variablesFields(help.variables ?? 'Values the assistant can use in the call, e.g. customer_name.'),
	];
}

/** Variables as key/value pairs or as JSON, picked with "Variables Input". */
export function variablesFields(description: string): INodeProperties[] {
	return [
		{
			displayName: 'Variables Input',
			name: 'variablesInput',
			type: 'options',
			options: [
				{ name: 'Key/Value Pairs', value: 'pairs', description: 'Enter each variable as a name and a value' },
				{ name: 'JSON', value: 'json', description: 'Give all variables as one JSON object' },
				{ name: 'None', value: 'none', description: 'Send no variables' },
			],
			default: 'pairs',
			description: 'How to enter the variables',
		},
		variablePairsField({ description, displayOptions: { show: { variablesInput: ['pairs'] } } }),
		{
			displayName: 'Variables (JSON)',
			name: 'variablesJson',
			type: 'json',
			default: '{}',
			description: withSentence(description, 'As a JSON object, e.g. {"customer_name": "Ada", "email": "ada@example.com"}'),
			displayOptions: { show: { variablesInput: ['json'] } },
		},
	];
}

/** The name/value rows of a variables fixedCollection. */
export function pairsFieldOptions(namePlaceholder = 'e.g. customer_name'): INodeProperties['options'] {
	return [
		{
			displayName: 'Variable',
			name: 'pairs',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: namePlaceholder },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	];
}

export function variablePairsField(options: {
	description: string;
	displayOptions?: INodeProperties['displayOptions'];
}): INodeProperties {
	const field: INodeProperties = {
		displayName: 'Variables',
		name: 'variables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Variable',
		default: {},
		description: options.description,
		options: pairsFieldOptions(),
	};
	if (options.displayOptions) field.displayOptions = options.displayOptions;
	return field;
}

/** A record picked from a dropdown (filters and update fields; required ones use a locator). */
function recordOptionField(noun: 'Assistant' | 'Campaign', loadOptionsMethod: string, description: string): INodeProperties {
	return {
		displayName: `${noun} Name or ID`,
		name: `${noun.toLowerCase()}Id`,
		type: 'options',
		typeOptions: { loadOptionsMethod },
		default: '',
		description: `${description}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

export function campaignOptionField(description: string): INodeProperties {
	return recordOptionField('Campaign', 'getCampaigns', description);
}

export function assistantOptionField(description: string): INodeProperties {
	return recordOptionField('Assistant', 'getAssistants', description);
}

/** A record's numeric ID typed in (records without a searchable list, e.g. leads and calls). */
export function recordIdField(options: { name: string; noun: string; example: string; description: string }): INodeProperties {
	const title = options.noun.charAt(0).toUpperCase() + options.noun.slice(1);
	return {
		displayName: `${title} ID`,
		name: options.name,
		type: 'string',
		default: '',
		required: true,
		placeholder: `e.g. ${options.example}`,
		...(options.description ? { description: options.description } : {}),
	};
}

export const leadIdField = (description: string): INodeProperties =>
	recordIdField({ name: 'leadId', noun: 'lead', example: '1024', description });

export const callIdField = (description: string): INodeProperties =>
	recordIdField({ name: 'callId', noun: 'call', example: '301', description });

/** The account's own numbers (GET /user/phone-numbers/all), several picked at once. */
export function accountPhoneNumbersField(description: string): INodeProperties {
	return {
		displayName: 'Phone Number Names or IDs',
		name: 'phoneNumberIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getAccountPhoneNumbers' },
		default: [],
		description: `${description}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** Options from platform values: "reached-max-retries" → "Reached Max Retries", value unchanged. */
export function valueOptions(values: readonly string[]): INodePropertyOptions[] {
	return values.map((value) => ({
		name: value
			.split(/[-_]/)
			.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
			.join(' '),
		value,
	}));
}

/** Call → Get's Options on both generations: Download Recording, its field and its limits. */
export function recordingOptionsField(downloadDescription: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{ displayName: 'Download Recording', name: 'downloadRecording', type: 'boolean', default: false, description: downloadDescription },
			recordingBinaryField,
			...recordingLimitFields,
		],
	};
}

/** Download Recording's target field (Call → Get and the trigger): shown while Download Recording is on. */
export const recordingBinaryField: INodeProperties = {
	displayName: 'Put Recording in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description: 'The name of the binary field the recording is put in',
	displayOptions: { show: { downloadRecording: [true] } },
};

/** Download Recording's limits (Call → Get and the trigger): where from and how big (shared/recording.ts). */
export const recordingLimitFields: INodeProperties[] = [
	{
		displayName: 'Allowed Recording Hosts',
		name: 'allowedRecordingHosts',
		type: 'string',
		default: '',
		placeholder: 'e.g. storage.example.com, *.cdn.example.com',
		description:
			'Only download recordings from these hosts (comma-separated; *.example.com for its subdomains). Empty: any public host. Private and local addresses are refused either way, unless the platform itself is on such an address.',
		displayOptions: { show: { downloadRecording: [true] } },
	},
	{
		displayName: 'Max Recording Size (MB)',
		name: 'maxRecordingSizeMb',
		type: 'number',
		default: 100,
		typeOptions: { minValue: 1, maxValue: 2048, numberPrecision: 0 },
		description: 'A larger recording is not downloaded (the item says so); the download stops as soon as it passes this size',
		displayOptions: { show: { downloadRecording: [true] } },
	},
];
