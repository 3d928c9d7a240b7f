/**
 * Conversation → Get: /conversations/{uuid} with its history; an ID that is not a UUID refused; an
 * unknown conversation named (404); status: false an error.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { conv, newConversation } from './conversations';

const t = useNodeSandbox();

describe('Conversation → Get', () => {
	it('reads /conversations/{uuid} (after a Send Message: greeting, message and reply)', async () => {
		const id = await newConversation(t);
		expectOk(await t.run(conv('sendMessage', { conversationId: id.toUpperCase(), message: 'Hello' })));
		t.sb.clearRequests();
		const [got] = jsonOf(expectOk(await t.run(conv('get', { conversationId: id }))));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: `/api/conversations/${id}` });
		expect(got).toMatchObject({ conversation_id: id, status: true });
		expect((got.history as unknown[]).length).toBe(3);
	});

	it('refuses an ID that is not a UUID (nothing sent)', async () => {
		const get = await t.run(conv('get', { conversationId: '../user/calls' }));
		expect(get.error?.message).toMatch(/^Conversation ID must be a UUID/);
		expect(t.requests()).toHaveLength(0);
	});

	it('Get: unknown conversation is a 404 naming it; a status:false answer is an error', async () => {
		const missing = await t.run(conv('get', { conversationId: '00000000-0000-4000-a000-000000000000' }));
		expect(missing.error?.message).toBe('Conversation 00000000-0000-4000-a000-000000000000 was not found');
		const id = await newConversation(t);
		const assistant = t.sb.store.assistants.find((a) => a.id === 1)!;
		assistant.deleted_at = Date.now();
		try {
			const result = await t.run(conv('get', { conversationId: id }));
			expect(result.error?.message).toBe('The platform did not return the conversation: The assistant of this conversation no longer exists');
		} finally {
			assistant.deleted_at = null;
		}
	});
});
