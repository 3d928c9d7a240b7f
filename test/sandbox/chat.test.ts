/** Sandbox contract: chat conversations, WhatsApp and the conversation-ended notification (docs/platform-facts.md, "Conversation-ended deliveries"). */
import { SIMULATE_FAILURE } from '../../sandbox';
import { startReceiver, useClients, type Receiver } from './helpers';

const c = useClients({ reset: 'all' });
let receiver: Receiver;
beforeAll(async () => {
	receiver = await startReceiver();
});
afterAll(async () => {
	await receiver.close();
});
beforeEach(() => {
	receiver.received.length = 0;
});

describe('conversations', () => {
	it('create, send a message, get the history; 404 with status:false for another user', async () => {
		const created = await c.alice.post('/conversations', { assistant_id: 1, type: 'test', variables: { name: 'Ada' } });
		expect(created.status).toBe(200);
		expect(created.data).toMatchObject({ status: true, conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), history: [{ role: 'assistant' }] });
		const id = created.data.conversation_id as string;
		const sent = await c.alice.post(`/conversations/${id}/messages`, { message: 'Hi there' });
		expect(sent.data).toMatchObject({ status: true, message: expect.stringContaining('Hi there') });
		const got = await c.alice.get(`/conversations/${id}`);
		expect(got.data.history.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
		const foreign = await c.bob.get(`/conversations/${id}`);
		expect([foreign.status, foreign.data]).toEqual([404, { status: false, error: 'Conversation not found' }]);
		expect((await c.alice.post('/conversations', { assistant_id: 13 })).status).toBe(404);
		expect((await c.alice.post('/conversations', { assistant_id: 1, type: 'whatsapp' })).status).toBe(422);
	});

	it('an ended conversation refuses messages with HTTP 200 status:false', async () => {
		const id = (await c.alice.post('/conversations', { assistant_id: 1 })).data.conversation_id as string;
		await c.sb.simulateConversationEnd({ conversationId: id });
		const res = await c.alice.post(`/conversations/${id}/messages`, { message: 'Still there?' });
		expect([res.status, res.data]).toEqual([200, { status: false, error: 'This conversation has ended' }]);
	});

	it('generate-reply (not under /user) keeps one conversation per customer identifier; failure is success:false', async () => {
		const first = await c.alice.post('/ai/generate-reply', { assistant_id: 1, customer_identifier: 'x@example.com', message: 'Hello' });
		expect(first.data).toMatchObject({ success: true, customer_identifier: 'x@example.com', reply: expect.any(String), conversation_id: expect.any(String) });
		const second = await c.alice.post('/ai/generate-reply', { assistant_id: 1, customer_identifier: 'x@example.com', message: 'Again' });
		expect(second.data.conversation_id).toBe(first.data.conversation_id);
		const failed = await c.alice.post('/ai/generate-reply', { assistant_id: 1, customer_identifier: 'x', message: SIMULATE_FAILURE });
		expect([failed.status, failed.data.success, failed.data.error_code]).toEqual([200, false, 'AI_PROVIDER_ERROR']);
		expect((await c.alice.post('/ai/generate-reply', { assistant_id: 1 })).data.errors).toHaveProperty('customer_identifier');
	});

	it('lists with filters and a cursor that walks every record exactly once', async () => {
		const seen: string[] = [];
		let cursor: string | null = null;
		do {
			const res: { data: { data: Array<{ id: string }>; next_cursor: string | null; per_page: number } } = await c.alice.get('/user/conversations', {
				params: { per_page: 7, ...(cursor ? { cursor } : {}) },
			});
			expect(res.data.per_page).toBe(7);
			seen.push(...res.data.data.map((r) => r.id));
			cursor = res.data.next_cursor;
		} while (cursor);
		const mine = c.sb.store.chat.conversations.filter((x) => x.user_id === 1);
		expect(new Set(seen).size).toBe(mine.length);
		expect(seen).toHaveLength(mine.length);
		const wa = await c.alice.get('/user/conversations', { params: { type: 'whatsapp', customer_phone: '+49 151 12345670' } });
		expect(wa.data.data).toHaveLength(1);
		expect(wa.data.data[0]).toMatchObject({ type: 'whatsapp', customer: { phone: '+4915112345670' }, whatsapp_sender: { phone: '+4930555000101' } });
		expect((await c.bob.get('/user/conversations')).data.data).toHaveLength(1);
		expect((await c.alice.get('/user/conversations', { params: { per_page: 101 } })).status).toBe(422);
		expect((await c.alice.get('/user/conversations', { params: { cursor: 'nope' } })).status).toBe(422);
	});
});

describe('WhatsApp', () => {
	it('senders and templates per user and status', async () => {
		expect((await c.alice.get('/user/whatsapp/senders')).data.data.map((s: { id: number }) => s.id)).toEqual([1]);
		expect((await c.alice.get('/user/whatsapp/senders', { params: { status: 'all' } })).data.data).toHaveLength(2);
		expect((await c.bob.get('/user/whatsapp/senders', { params: { status: 'all' } })).data.data.map((s: { id: number }) => s.id)).toEqual([3]);
		const templates = await c.alice.get('/user/whatsapp/senders/1/templates');
		expect(templates.data.data.map((t: { name: string }) => t.name)).toEqual(['order_update', 'welcome']);
		expect(templates.data.data[0]).toMatchObject({ variables: ['customer_name', 'order_number'], has_variables: true, status: 'approved' });
		expect((await c.bob.get('/user/whatsapp/senders/1/templates')).status).toBe(404);
	});

	it('session status: open for a recent customer message, closed after 24 hours, opened by a new message', async () => {
		const status = async (phone: string) => (await c.alice.get('/user/whatsapp/session-status', { params: { sender_id: 1, recipient_phone: phone } })).data;
		expect((await status('+4915112345670')).session_status).toMatchObject({ is_open: true, can_send_freeform: true, minutes_remaining: expect.any(Number) });
		expect((await status('+4915112345678')).session_status).toMatchObject({ is_open: false, requires_template: true, expired_at: expect.any(String) });
		const free = await c.alice.post('/user/whatsapp/send-freeform', { sender_id: 1, recipient_phone: '+4915112345678', message: 'Hi' });
		expect([free.status, free.data.success, free.data.error_code]).toEqual([200, false, 'SESSION_CLOSED']);
		c.sb.simulateWhatsAppMessage({ senderId: 1, from: '+4915112345678', message: 'Hello again' });
		const after = await c.alice.post('/user/whatsapp/send-freeform', { sender_id: 1, recipient_phone: '+4915112345678', message: 'Hi' });
		expect(after.data).toMatchObject({ success: true, message_id: expect.any(Number), session_status: { is_open: true } });
	});

	it('send template: variables required, offline sender and unapproved template refused with success:false', async () => {
		const ok = await c.alice.post('/user/whatsapp/send', {
			sender_id: 1,
			template_id: 1,
			recipient_phone: '+4917612345670',
			variables: { customer_name: 'Ada', order_number: '42' },
		});
		expect(ok.data).toMatchObject({ success: true, conversation_id: expect.any(String), status: 'queued' });
		const missing = await c.alice.post('/user/whatsapp/send', { sender_id: 1, template_id: 1, recipient_phone: '+4917612345670' });
		expect(missing.data).toMatchObject({ success: false, error_code: 'MISSING_VARIABLES' });
		expect((await c.alice.post('/user/whatsapp/send', { sender_id: 1, template_id: 3, recipient_phone: '+4917612345670' })).data.error_code).toBe('TEMPLATE_NOT_APPROVED');
		expect((await c.alice.post('/user/whatsapp/send', { sender_id: 2, template_id: 4, recipient_phone: '+4917612345670', variables: { date: 'x' } })).data.error_code).toBe('SENDER_OFFLINE');
		expect((await c.bob.post('/user/whatsapp/send', { sender_id: 1, template_id: 1, recipient_phone: '+4917612345670' })).status).toBe(404);
		expect((await c.alice.post('/user/whatsapp/send', { sender_id: 1 })).status).toBe(422);
	});

	it('read-only tokens cannot send; faults and rate limits apply like everywhere', async () => {
		const ro = c.client(c.sb.tokens.aliceReadOnly);
		expect((await ro.post('/user/whatsapp/send-freeform', { sender_id: 1, recipient_phone: '+4915112345670', message: 'x' })).status).toBe(403);
		c.sb.setFaults([{ kind: 'status', status: 503, match: { path: '/user/whatsapp/senders' }, count: 1 }]);
		expect((await c.alice.get('/user/whatsapp/senders')).status).toBe(503);
		expect((await c.alice.get('/user/whatsapp/senders')).status).toBe(200);
		c.sb.setRateLimit({ perMinute: 100, burst: 1, burstWindowSeconds: 10 });
		await c.alice.get('/conversations/00000000-0000-4000-a000-000000000000');
		expect((await c.alice.get('/user/conversations')).status).toBe(429);
		c.sb.setRateLimit(false);
	});
});

describe('conversation-ended notification', () => {
	it('enable, end a conversation → POST of the documented body; disable stops it', async () => {
		const enabled = await c.alice.post('/user/assistants/enable-conversation-ended-webhook', { assistant_id: 1, webhook_url: receiver.url });
		expect(enabled.data).toEqual({ message: 'Conversation ended webhook enabled successfully', data: [] });
		const id = (await c.alice.post('/conversations', { assistant_id: 1, variables: { plan: 'pro' } })).data.conversation_id as string;
		await c.alice.post(`/conversations/${id}/messages`, { message: 'Bye' });
		const result = await c.sb.simulateConversationEnd({ conversationId: id });
		expect(result.webhook_response?.status).toBe(200);
		expect(receiver.received).toHaveLength(1);
		expect(receiver.received[0].body).toMatchObject({
			conversation_id: id,
			assistant_id: 1,
			type: 'widget',
			status: 'ended',
			message_count: 3,
			input_variables: { plan: 'pro' },
			transcript: [{ role: 'assistant' }, { role: 'user', content: 'Bye' }, { role: 'assistant' }],
			formatted_transcript: expect.stringContaining('User: Bye'),
			customer_phone: null,
			sender: null,
			ended_at: expect.any(String),
		});
		expect(c.sb.store.webhookDeliveries.at(-1)).toMatchObject({ kind: 'conversation-ended', conversation_id: id });

		expect((await c.alice.post('/user/assistants/disable-conversation-ended-webhook', { assistant_id: 1 })).status).toBe(200);
		const next = (await c.alice.post('/conversations', { assistant_id: 1 })).data.conversation_id as string;
		expect((await c.sb.simulateConversationEnd({ conversationId: next })).webhook_response).toBeNull();
		expect(receiver.received).toHaveLength(1);
		expect((await c.bob.post('/user/assistants/enable-conversation-ended-webhook', { assistant_id: 1, webhook_url: receiver.url })).status).toBe(404);
		expect((await c.alice.post('/user/assistants/enable-conversation-ended-webhook', { assistant_id: 1 })).data.message).toBe('The given data was invalid.');
	});

	it('WhatsApp conversations carry the customer and the sender; the control route ends them', async () => {
		await c.alice.post('/user/assistants/enable-conversation-ended-webhook', { assistant_id: 1, webhook_url: receiver.url });
		const id = c.sb.simulateWhatsAppMessage({ senderId: 1, from: '+4915199990001', message: 'Hallo', name: 'Eva' });
		const ended = await fetch(`${c.sb.origin}/sandbox/conversation-end`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ conversation_id: id, wait: true }),
		});
		expect(await ended.json()).toEqual({ conversation_id: id, webhook_response: { status: 200 } });
		expect(receiver.received[0].body).toMatchObject({
			type: 'whatsapp',
			customer_phone: '+4915199990001',
			customer_name: 'Eva',
			sender: { phone_number: '+4930555000101', display_name: 'Acme Support' },
		});
	});
});
