import type { IDataObject } from 'n8n-workflow';

import type { Operation, Prepared } from '../../../engine/operation';
import { acceptedAnswer } from '../../../engine/answers';
import { conversationIdField, readConversationId } from './fields';

/** GET /conversations/{uuid} → {status, history: [{role, content, function_calls?}]}; one item with the ID and history. */
interface OneConversation extends Prepared {
	conversationId: string;
}

export const operation: Operation<OneConversation> = {
	value: 'get',
	name: 'Get',
	description: 'Get the message history of a conversation',
	action: 'Get a conversation',
	fields: [conversationIdField],
	prepare(item) {
		const id = readConversationId(item);
		return { conversationId: id, request: { method: 'GET', path: `/conversations/${id}`, notFound: `Conversation ${id}` } };
	},
	async send(prepared, api) {
		return acceptedAnswer(await api.request(prepared.request), api, prepared.request, 'status', 'return the conversation');
	},
	output(answer, { conversationId }) {
		const record = answer as IDataObject;
		const history = Array.isArray(record.history) ? record.history : [];
		return [{ conversation_id: conversationId, ...record, history }];
	},
};
