import type { IDataObject } from 'n8n-workflow';

import { variablesFields } from '../../../shared/fields';
import { requireOneOf } from '../../../shared/validate';
import type { Operation } from '../../../engine/operation';
import { acceptedAnswer } from '../../../engine/answers';
import { chatAssistantField } from './fields';

const TYPES = ['widget', 'test'] as const;

/** POST /conversations {assistant_id, type?, variables?} → {status, conversation_id, history: [{role, content}]}. */
export const operation: Operation = {
	value: 'create',
	name: 'Create',
	description: 'Start a chat conversation with an assistant (its greeting is in the history)',
	action: 'Create a conversation',
	write: { mayHaveHappened: 'the conversation may have been created', done: ['conversation created', 'conversations created'] },
	fields: [
		chatAssistantField,
		{
			displayName: 'Type',
			name: 'conversationType',
			type: 'options',
			options: [
				{ name: 'Widget', value: 'widget', description: 'A conversation as the web chat widget has it' },
				{ name: 'Test', value: 'test', description: 'A test conversation (kept apart from real ones)' },
			],
			default: 'widget',
			description: 'What kind of conversation to start',
		},
		...variablesFields('Variables the assistant can use in this conversation.'),
	],
	prepare(item) {
		const assistantId = item.locatorId('assistantId', 'Assistant');
		const type = requireOneOf(item.node, item.get('conversationType', 'widget'), TYPES, item.where('Type'));
		const variables = item.variables();
		return {
			request: {
				method: 'POST',
				path: '/conversations',
				body: { assistant_id: assistantId, type, ...(variables ? { variables } : {}) },
				notFound: `Assistant ${assistantId}`,
			},
		};
	},
	async send(prepared, api) {
		return acceptedAnswer(await api.request(prepared.request), api, prepared.request, 'status', 'create the conversation');
	},
	output: (answer) => [answer as IDataObject],
};
