/** Conversation: Generate AI Reply, Create, Get, Send Message, Get Many (cursor paging) against the sandbox. */
import { SIMULATE_FAILURE } from '../../sandbox';
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();
const conv = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'conversation', operation, ...params });

async function newConversation(): Promise<string> {
	const [item] = jsonOf(expectOk(await t.run(conv('create', { assistantId: fromList(1), variablesInput: 'none' }))));
	t.sb.clearRequests();
	return String(item.conversation_id);
}

describe('Conversation → Generate AI Reply', () => {
	it('posts /ai/generate-reply (not under /user) with the identifier, message and variables', async () => {
		const result = await t.run(
			conv('generateReply', {
				assistantId: byId(1),
				customerIdentifier: ' ada@example.com ',
				message: 'Where is my order?',
				variablesInput: 'pairs',
				variables: { pairs: [{ name: 'order', value: '42' }] },
			}),
		);
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/ai/generate-reply',
			body: { assistant_id: 1, customer_identifier: 'ada@example.com', message: 'Where is my order?', variables: { order: '42' } },
		});
		expect(Object.keys(t.requests()[0].body as object).sort()).toEqual(['assistant_id', 'customer_identifier', 'message', 'variables']);
		expect(item).toMatchObject({ success: true, reply: expect.stringContaining('Where is my order?'), conversation_id: expect.any(String) });
	});

	it('refuses a blank message before sending', async () => {
		const result = await t.run(conv('generateReply', { assistantId: byId(1), customerIdentifier: 'x', message: '  ', variablesInput: 'none' }));
		expect(result.error?.message).toBe('Message is required [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('success: false with HTTP 200 is an item error naming the reason', async () => {
		const result = await t.run(
			conv('generateReply', { assistantId: byId(1), customerIdentifier: 'x', message: `${SIMULATE_FAILURE} hi`, variablesInput: 'none' }),
			{ continueOnFail: true },
		);
		expect(jsonOf(expectOk(result))[0].error).toBe('The platform did not generate a reply: The AI provider did not answer (AI_PROVIDER_ERROR)');
	});
});

describe('Conversation → Create', () => {
	it('posts /conversations with assistant, type and variables; outputs the greeting', async () => {
		const result = await t.run(conv('create', { assistantId: fromList(1), conversationType: 'test', variablesInput: 'json', variablesJson: '{"plan":"pro"}' }));
		const [item] = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: '/api/conversations', body: { assistant_id: 1, type: 'test', variables: { plan: 'pro' } } });
		expect(item).toMatchObject({ status: true, conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), history: [{ role: 'assistant' }] });
	});

	it('refuses an unknown type', async () => {
		const result = await t.run(conv('create', { assistantId: byId(1), conversationType: 'whatsapp', variablesInput: 'none' }));
		expect(result.error?.message).toBe('Type must be one of widget, test (got "whatsapp") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('status: false with HTTP 200 (inactive assistant) is an error', async () => {
		const result = await t.run(conv('create', { assistantId: byId(4), variablesInput: 'none' }));
		expect(result.error?.message).toBe('The platform did not create the conversation: The assistant is not active');
	});
});

describe('Conversation → Get and Send Message', () => {
	it('Get reads /conversations/{uuid}; Send Message posts the message and outputs the reply', async () => {
		const id = await newConversation();
		const sent = jsonOf(expectOk(await t.run(conv('sendMessage', { conversationId: id.toUpperCase(), message: 'Hello' }))));
		expect(t.requests()[0]).toMatchObject({ method: 'POST', path: `/api/conversations/${id}/messages`, body: { message: 'Hello' } });
		expect(sent[0]).toMatchObject({ conversation_id: id, status: true, reply: expect.stringContaining('Hello') });
		t.sb.clearRequests();
		const [got] = jsonOf(expectOk(await t.run(conv('get', { conversationId: id }))));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: `/api/conversations/${id}` });
		expect(got).toMatchObject({ conversation_id: id, status: true });
		expect((got.history as unknown[]).length).toBe(3);
	});

	it('refuses an ID that is not a UUID (nothing sent)', async () => {
		const get = await t.run(conv('get', { conversationId: '../user/calls' }));
		expect(get.error?.message).toMatch(/^Conversation ID must be a UUID/);
		const send = await t.run(conv('sendMessage', { conversationId: '12', message: 'x' }));
		expect(send.error?.message).toMatch(/^Conversation ID must be a UUID/);
		expect(t.requests()).toHaveLength(0);
	});

	it('Get: unknown conversation is a 404 naming it; a status:false answer is an error', async () => {
		const missing = await t.run(conv('get', { conversationId: '00000000-0000-4000-a000-000000000000' }));
		expect(missing.error?.message).toBe('Conversation 00000000-0000-4000-a000-000000000000 was not found');
		const id = await newConversation();
		const assistant = t.sb.store.assistants.find((a) => a.id === 1)!;
		assistant.deleted_at = Date.now();
		try {
			const result = await t.run(conv('get', { conversationId: id }));
			expect(result.error?.message).toBe('The platform did not return the conversation: The assistant of this conversation no longer exists');
		} finally {
			assistant.deleted_at = null;
		}
	});

	it('Send Message: an ended conversation (status:false, HTTP 200) is an error', async () => {
		const id = await newConversation();
		await t.sb.simulateConversationEnd({ conversationId: id });
		const result = await t.run(conv('sendMessage', { conversationId: id, message: 'Hello?' }));
		expect(result.error?.message).toBe('The platform did not take the message: This conversation has ended');
	});
});

describe('Conversation → Get Many', () => {
	it('walks next_cursor for Return All (100 per page), every record once', async () => {
		for (let i = 0; i < 130; i++) t.sb.store.chat.open(1, 3, 'widget', {});
		try {
			const all = jsonOf(expectOk(await t.run(conv('getMany', { returnAll: true }))));
			const mine = t.sb.store.chat.conversations.filter((c) => c.user_id === 1);
			expect(all).toHaveLength(mine.length);
			expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
			expect(t.requests().map((r) => [r.query.per_page, r.query.cursor === undefined])).toEqual([
				['100', true],
				['100', false],
			]);
		} finally {
			t.sb.reset();
		}
	});

	it('sends the filters as query parameters (numbers in E.164)', async () => {
		const result = await t.run(
			conv('getMany', {
				returnAll: true,
				defaultCountry: 'DE',
				filters: { type: 'whatsapp', assistantId: 1, customerPhone: '0151 12345670', whatsappSenderPhone: '+49 30 555000101', externalIdentifier: ' ' },
			}),
		);
		const items = jsonOf(expectOk(result));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/conversations' });
		expect(t.requests()[0].query).toEqual({ type: 'whatsapp', assistant_id: '1', customer_phone: '+4915112345670', whatsapp_sender_phone: '+4930555000101', per_page: '100' });
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ customer: { name: 'Jonas Weber', phone: '+4915112345670' } });
	});

	it('Limit asks for no more than it needs and follows the cursor until it has them', async () => {
		const items = jsonOf(expectOk(await t.run(conv('getMany', { returnAll: false, limit: 3 }))));
		expect(items).toHaveLength(3);
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0].query).toEqual({ per_page: '3' });
	});

	it('refuses a bad phone filter; an unreadable answer is an error', async () => {
		const bad = await t.run(conv('getMany', { returnAll: true, filters: { customerPhone: 'call me' } }));
		expect(bad.error?.message).toMatch(/^Customer Phone "call me"/);
		t.sb.setFaults([{ kind: 'malformed-json', match: { path: '/user/conversations' } }]);
		try {
			const result = await t.run(conv('getMany', { returnAll: true }));
			expect(result.error?.message).toMatch(/not JSON|could not be read|unreadable/i);
		} finally {
			t.sb.setFaults([]);
		}
	});
});
