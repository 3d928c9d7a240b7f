import type { Operation, Prepared } from '../../../engine/operation';
import { acceptedAnswer } from '../../../engine/answers';
import { conversationIdField, readConversationId } from './fields';

export interface SetAi extends Prepared {
	conversationId: string;
}

/**
 * Human takeover (2026 docs): POST /automate/conversations/{uuid}/disable-ai | enable-ai, not under
 * /user, no body → {status: true, ai_enabled}. While the AI is off, incoming messages are still
 * stored and Send Message / Generate AI Reply get no AI answer. `status: false` is a refusal.
 */
export function setAiOperation(enable: boolean): Operation<SetAi> {
	const state = enable ? 'on' : 'off';
	return {
		value: enable ? 'enableAi' : 'disableAi',
		name: `Turn AI ${enable ? 'On' : 'Off'}`,
		description: enable
			? 'Let the AI answer a conversation again after a human took it over'
			: 'Stop the AI from answering a conversation so a human can take over; incoming messages are still stored',
		action: `Turn AI ${state} for a conversation`,
		write: { mayHaveHappened: `the AI may have been turned ${state}`, done: [`AI turned ${state}`, `AI turned ${state}`] },
		fields: [conversationIdField],
		prepare(item) {
			const id = readConversationId(item);
			const path = `/automate/conversations/${id}/${enable ? 'enable-ai' : 'disable-ai'}`;
			return { conversationId: id, request: { method: 'POST', path, notFound: `Conversation ${id}` } };
		},
		async send(prepared, api) {
			return acceptedAnswer(await api.request(prepared.request), api, prepared.request, 'status', `turn the AI ${state}`);
		},
		output(answer, { conversationId }) {
			const record = answer as { ai_enabled?: unknown };
			return [{ conversation_id: conversationId, ai_enabled: typeof record.ai_enabled === 'boolean' ? record.ai_enabled : enable }];
		},
	};
}
