import type { IDataObject } from 'n8n-workflow';

import { variablesFields } from '../../../shared/fields';
import { requireText } from '../../../shared/validate';
import type { Operation, Prepared } from '../../../engine/operation';
import { acceptedAnswer } from '../../../engine/answers';
import { chatAssistantField, messageField } from './fields';

/**
 * POST /ai/generate-reply (not under /user; /user/ai/generate-reply on hosts of the 2026 docs) {assistant_id, customer_identifier, message, variables?}
 * → {success, conversation_id?, customer_identifier, reply, function_calls?, ai_disabled?}. The
 * customer identifier keeps one conversation per customer (an email, a chat user id, a number).
 */
export const operation: Operation = {
	value: 'generateReply',
	name: 'Generate AI Reply',
	description: "Get the assistant's reply to a customer's message; the conversation is kept per customer identifier",
	action: 'Generate an AI reply',
	write: {
		mayHaveHappened: 'the message may have been added to the conversation (and the reply generated and billed)',
		done: ['reply generated', 'replies generated'],
	},
	fields: [
		chatAssistantField,
		{
			displayName: 'Customer Identifier',
			name: 'customerIdentifier',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. ada@example.com',
			description: 'Who is writing (an email, a user ID of your chat, a phone number): the same identifier continues the same conversation',
		},
		messageField("The customer's message the assistant answers"),
		...variablesFields('Variables the assistant can use in this conversation.'),
	],
	prepare(item) {
		const assistantId = item.locatorId('assistantId', 'Assistant');
		const customer = requireText(item.node, item.get('customerIdentifier'), item.where('Customer Identifier'), 255).trim();
		const message = requireText(item.node, item.get('message'), item.where('Message'), 10000);
		const variables = item.variables();
		return {
			request: {
				method: 'POST',
				path: '/ai/generate-reply',
				body: { assistant_id: assistantId, customer_identifier: customer, message, ...(variables ? { variables } : {}) },
				notFound: `Assistant ${assistantId}`,
				// Moved under /user in the docs of 2026-05-27 (docs/platform-facts.md, "Generate-reply path").
				otherForm: { dialect: 'AI reply path', path: '/user/ai/generate-reply' },
			},
		} satisfies Prepared;
	},
	async send(prepared, api) {
		return acceptedAnswer(await api.request(prepared.request), api, prepared.request, 'success', 'generate a reply');
	},
	output: (answer) => [answer as IDataObject],
};
