import { isResourceLocatorValue } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { UUID_FIELD_REGEX } from './uuid';

/** Records picked From List (a searchable list) or By ID, as the nodes' fields ask for them. */

/**
 * The value inside a resource locator already read (a member of a collection: n8n's extractValue needs
 * the parameter's own name, and an absent member has none to give); anything else as it is (a plain ID
 * saved by an older workflow, an expression's result). A parameter is read with extractValue instead.
 */
export function unwrapLocator(value: unknown): unknown {
	return isResourceLocatorValue(value) ? value.value : value;
}

/** A record picked From List (searchable) or By ID; the ID is checked as a number in the editor too. */
export function recordLocator(options: {
	name: string;
	noun: string;
	example: string;
	searchListMethod: string;
	description: string;
}): INodeProperties {
	const title = options.noun.charAt(0).toUpperCase() + options.noun.slice(1);
	return {
		displayName: title,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${options.noun}...`,
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${options.example}`,
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*\\d+\\s*$', errorMessage: `${options.noun === 'assistant' ? 'An' : 'A'} ${options.noun} ID is a number, e.g. ${options.example}` },
					},
				],
			},
		],
	};
}

/** The ID typed By ID, checked in the editor: its pattern and what the editor says when it does not match. */
export interface ByIdCheck {
	regex: string;
	errorMessage: string;
}

/**
 * A Platform 2.0 record picked From List (searchable) or By ID (a UUID): the one builder of the 2.0
 * pickers (the generated operations' fields, Create Call's caller number, the triggers' filters).
 */
export function platform2Locator(options: {
	name: string;
	/** the record as the field's label (Campaign); in lower case in the placeholder and the By ID message */
	noun: string;
	searchListMethod: string;
	description: string;
	required: boolean;
	/** the list's placeholder, when "Select a campaign..." does not say enough */
	listPlaceholder?: string;
	/**
	 * By ID's check in the editor: by default a UUID, "The campaign ID is a UUID"; none for a picker inside
	 * a collection (n8n checks it against a top-level field of the same name, whatever its operation).
	 */
	byIdCheck?: ByIdCheck | 'none';
}): INodeProperties {
	const noun = options.noun.toLowerCase();
	const check = options.byIdCheck ?? { regex: UUID_FIELD_REGEX, errorMessage: `The ${noun} ID is a UUID` };
	return {
		displayName: options.noun,
		name: options.name,
		description: options.description,
		...(options.required ? { required: true } : {}),
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: options.listPlaceholder ?? `Select ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}...`,
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 0f8fad5b-d9cb-469f-a165-70867728950e',
				...(check === 'none' ? {} : { validation: [{ type: 'regex' as const, properties: { ...check } }] }),
			},
		],
	};
}

export function assistantLocator(options: {
	searchListMethod: 'searchAssistants' | 'searchOutboundAssistants';
	description: string;
}): INodeProperties {
	return recordLocator({ name: 'assistantId', noun: 'assistant', example: '42', ...options });
}

export function campaignLocator(description: string): INodeProperties {
	return recordLocator({ name: 'campaignId', noun: 'campaign', example: '7', searchListMethod: 'searchCampaigns', description });
}
