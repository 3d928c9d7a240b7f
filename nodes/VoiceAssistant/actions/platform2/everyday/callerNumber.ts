import type { INodeProperties } from 'n8n-workflow';

import { platform2Locator } from '../../../shared/locators';
import { UUID_FIELD_REGEX } from '../../../shared/uuid';
import type { CatalogField } from '../catalog/types';
import { familySearchMethod } from '../families';

/**
 * Create Call's caller number (`phone_number_id`): the ID of one of the workspace's phone numbers,
 * not a number to type. As a text box labelled "Phone Number" beside "To Number" people typed +49…
 * into it and met a UUID error, so it is a picker of the workspace's numbers (shown as the number and
 * its label), labelled for what it is. Empty: the platform calls from the number assigned to the
 * assistant (catalogue: "Optional explicit caller ID … Defaults to the number assigned to the assistant").
 */
export const CALLER_NUMBER = { key: 'phone_number_id', param: 'callerNumber', label: 'Caller Number (From)' } as const;

export function callerNumberField(field: CatalogField): INodeProperties {
	return platform2Locator({
		name: CALLER_NUMBER.param,
		noun: CALLER_NUMBER.label,
		searchListMethod: familySearchMethod('phoneNumber'),
		description: `Which of the workspace's phone numbers the call comes from (the number the callee sees). Leave empty to call from the number assigned to the assistant. Pick it from the list, or give its ID (a UUID from Phone Numbers → Get Many), never the phone number itself (API field ${field.key})`,
		required: false,
		listPlaceholder: 'Select a phone number of the workspace...',
		byIdCheck: {
			regex: UUID_FIELD_REGEX,
			errorMessage: 'The phone number\'s ID is a UUID, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e: pick the number From List instead of typing it',
		},
	});
}
