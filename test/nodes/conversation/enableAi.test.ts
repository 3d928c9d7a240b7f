/**
 * Conversation → Turn AI On (2026 docs, the end of a human takeover): POST
 * /automate/conversations/{uuid}/enable-ai. The AI answers again.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { conv, newConversation } from './conversations';

const t = useNodeSandbox();

describe('Conversation → Turn AI On', () => {
	it('turns the AI on again after a takeover: the next message is answered', async () => {
		const id = await newConversation(t);
		expectOk(await t.run(conv('disableAi', { conversationId: id })));
		t.sb.clearRequests();

		expect(jsonOf(expectOk(await t.run(conv('enableAi', { conversationId: id }))))).toEqual([{ conversation_id: id, ai_enabled: true }]);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'POST', path: `/api/automate/conversations/${id}/enable-ai`, body: null })]);
		const answered = jsonOf(expectOk(await t.run(conv('sendMessage', { conversationId: id, message: 'Hello again' }))));
		expect(answered[0].reply).toEqual(expect.stringContaining('Hello again'));
	});

	it('an unknown conversation (404 {status: false, error}) is named', async () => {
		const result = await t.run(conv('enableAi', { conversationId: '9d3c6f0e-1a2b-4c5d-8e9f-0a1b2c3d4e5f' }));
		expect(result.error?.message).toBe('Conversation 9d3c6f0e-1a2b-4c5d-8e9f-0a1b2c3d4e5f was not found');
	});

	it('refuses an ID that is not a UUID before sending', async () => {
		const result = await t.run(conv('enableAi', { conversationId: '../../user/me' }));
		expect(result.error?.message).toMatch(/^Conversation ID must be a UUID/);
		expect(t.requests()).toHaveLength(0);
	});
});
