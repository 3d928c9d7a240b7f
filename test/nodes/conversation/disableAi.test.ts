/**
 * Conversation → Turn AI Off (2026 docs, human takeover): POST /automate/conversations/{uuid}/disable-ai.
 * While off, messages are stored and the AI stays silent.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { conv, newConversation } from './conversations';

const t = useNodeSandbox();

describe('Conversation → Turn AI Off', () => {
	it('turns the AI off: a message afterwards gets no AI reply', async () => {
		const id = await newConversation(t);
		expect(jsonOf(expectOk(await t.run(conv('disableAi', { conversationId: id }))))).toEqual([{ conversation_id: id, ai_enabled: false }]);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'POST', path: `/api/automate/conversations/${id}/disable-ai`, body: null })]);
		const silent = jsonOf(expectOk(await t.run(conv('sendMessage', { conversationId: id, message: 'A human, please' }))));
		expect(silent[0].reply ?? null).toBeNull();
	});

	it('an unknown conversation (404 {status: false, error}) is named', async () => {
		const result = await t.run(conv('disableAi', { conversationId: '9d3c6f0e-1a2b-4c5d-8e9f-0a1b2c3d4e5f' }));
		expect(result.error?.message).toBe('Conversation 9d3c6f0e-1a2b-4c5d-8e9f-0a1b2c3d4e5f was not found');
	});

	it('refuses an ID that is not a UUID before sending', async () => {
		const result = await t.run(conv('disableAi', { conversationId: '../../user/me' }));
		expect(result.error?.message).toMatch(/^Conversation ID must be a UUID/);
		expect(t.requests()).toHaveLength(0);
	});
});
