import type { INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/locators';
import type { ItemParams } from '../../../engine/itemParams';

/** Fields shared by the Conversation operations (each defined once). */

export const chatAssistantField: INodeProperties = assistantLocator({
	searchListMethod: 'searchAssistants',
	description: 'The chat assistant that answers',
});

export const conversationIdField: INodeProperties = {
	displayName: 'Conversation ID',
	name: 'conversationId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 9d3c6f0e-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
	description: 'The UUID of the conversation, as Create or Generate AI Reply returned it',
};

export function messageField(description: string): INodeProperties {
	return {
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		description,
	};
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The conversation UUID, checked before it goes into a path (no slashes, no query, no other record). */
export function readConversationId(item: ItemParams): string {
	const value = item.get('conversationId');
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw item.fail('Conversation ID', 'is required');
	if (!UUID.test(text)) throw item.fail('Conversation ID', `must be a UUID such as 9d3c6f0e-1a2b-4c5d-8e9f-0a1b2c3d4e5f (got "${text.slice(0, 60)}")`);
	return text.toLowerCase();
}
