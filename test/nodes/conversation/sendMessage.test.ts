/**
 * Conversation → Send Message: posts the message (the ID in any case) and outputs the reply; an ID
 * that is not a UUID refused; an ended conversation (status: false, HTTP 200) an error.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { conv, newConversation } from './conversations';

const t = useNodeSandbox();

describe('Conversation → Send Message', () => {
	it('posts the message and outputs the reply', async () => {
		const id = await newConversation(t);
		const sent = jsonOf(expectOk(await t.run(conv('sendMessage', { conversationId: id.toUpperCase(), message: 'Hello' }))));
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: `/api/conversations/${id}/messages`, body: { message: 'Hello' } });
		expect(sent[0]).toMatchObject({ conversation_id: id, status: true, reply: expect.stringContaining('Hello') });
	});

	it('refuses an ID that is not a UUID (nothing sent)', async () => {
		const send = await t.run(conv('sendMessage', { conversationId: '12', message: 'x' }));
		expect(send.error?.message).toMatch(/^Conversation ID must be a UUID/);
		expect(t.requests()).toHaveLength(0);
	});

	it('Send Message: an ended conversation (status:false, HTTP 200) is an error', async () => {
		const id = await newConversation(t);
		await t.sb.simulateConversationEnd({ conversationId: id });
		const result = await t.run(conv('sendMessage', { conversationId: id, message: 'Hello?' }));
		expect(result.error?.message).toBe('The platform did not take the message: This conversation has ended');
	});
});
