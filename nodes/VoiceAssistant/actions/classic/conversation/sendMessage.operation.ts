import type { IDataObject } from 'n8n-workflow';

import { requireText } from '../../../shared/validate';
import type { Operation, Prepared } from '../../../engine/operation';
import { acceptedAnswer } from '../../../engine/answers';
import { conversationIdField, messageField, readConversationId } from './fields';

/** POST /conversations/{uuid}/messages {message} → {status, message (the assistant's reply), function_calls?}. */
interface OneConversation extends Prepared {
	conversationId: string;
}

export const operation: Operation<OneConversation> = {
	value: 'sendMessage',
	name: 'Send Message',
	description: "Add a customer's message to a conversation and get the assistant's reply",
	action: 'Send a message in a conversation',
	write: {
		mayHaveHappened: 'the message may have been added to the conversation (and answered)',
		done: ['message sent', 'messages sent'],
	},
	fields: [conversationIdField, messageField("The customer's message")],
	prepare(item) {
		const id = readConversationId(item);
		const message = requireText(item.node, item.get('message'), item.where('Message'), 10000);
		return { conversationId: id, request: { method: 'POST', path: `/conversations/${id}/messages`, body: { message }, notFound: `Conversation ${id}` } };
	},
	async send(prepared, api) {
		return acceptedAnswer(await api.request(prepared.request), api, prepared.request, 'status', 'take the message');
	},
	output(answer, { conversationId }) {
		const record = answer as IDataObject;
		return [{ conversation_id: conversationId, reply: record.message ?? null, ...record }];
	},
};
