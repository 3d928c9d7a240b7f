/** WhatsApp: senders, templates, Send Template (checked against the template), Send Free-Form (session checked first), session status. */
import type { INodeParameters } from 'n8n-workflow';

import { SIMULATE_FAILURE } from '../../sandbox';
import { runNode } from '../harness';
import { VoiceAssistant, byId, expectOk, fromList, jsonOf, useNodeSandbox } from './helpers';

const t = useNodeSandbox();
const wa = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'whatsapp', operation, ...params });
const OPEN = '+4915112345670'; // wrote an hour ago (seed)
const CLOSED = '+4915112345678'; // wrote 30 hours ago (seed)

beforeEach(() => t.sb.reset());

describe('WhatsApp → Get Senders / Get Templates and the dropdowns', () => {
	it('Get Senders sends status and outputs one item per sender', async () => {
		const items = jsonOf(expectOk(await t.run(wa('getSenders', { senderStatus: 'all' }))));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/whatsapp/senders', query: { status: 'all' } });
		expect(items.map((s) => s.display_name)).toEqual(['Acme Support', 'Acme Sales']);
		expect(jsonOf(expectOk(await t.run(wa('getSenders'))))).toHaveLength(1);
	});

	it('Get Senders: a bad status is refused; an unreadable answer is an error', async () => {
		expect((await t.run(wa('getSenders', { senderStatus: 'busy' }))).error?.message).toBe('Status must be one of online, all (got "busy") [item 0]');
		t.sb.setFaults([{ kind: 'malformed-json', match: { path: '/user/whatsapp/senders' } }]);
		expect((await t.run(wa('getSenders'))).error).toBeDefined();
	});

	it('Get Templates reads the sender\'s templates; a foreign sender is a 404 naming it; a bad ID is refused', async () => {
		const items = jsonOf(expectOk(await t.run(wa('getTemplates', { senderId: fromList(1), templateStatus: 'all' }))));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/whatsapp/senders/1/templates', query: { status: 'all' } });
		expect(items.map((x) => x.name)).toEqual(['order_update', 'welcome', 'spring_promo']);
		expect((await t.run(wa('getTemplates', { senderId: byId(3) }))).error?.message).toBe('WhatsApp sender 3 was not found');
		expect((await t.run(wa('getTemplates', { senderId: byId('x') }))).error?.message).toMatch(/A sender ID is a number, e.g. 3/);
	});

	it('list search of senders; templates and their variables follow the chosen sender and template', async () => {
		const senders = await t.listSearch('searchWhatsAppSenders');
		expect(senders.results).toEqual([
			{ name: 'Acme Support (+49 30 555000101)', value: '1' },
			{ name: 'Acme Sales (+49 30 555000102, offline)', value: '2' },
		]);
		expect((await t.listSearch('searchWhatsAppSenders', 'sales')).results.map((r) => r.value)).toEqual(['2']);
		const templates = await t.loadOptions('getWhatsAppTemplates', { resource: 'whatsapp', operation: 'sendTemplate', senderId: fromList(1) });
		expect(templates.map((o) => [o.name, o.value])).toEqual([
			['order_update (de)', 1],
			['welcome (en)', 2],
		]);
		expect(templates[0].description).toMatch(/^Variables: customer_name, order_number\./);
		const variables = await t.loadOptions('getWhatsAppTemplateVariables', { resource: 'whatsapp', operation: 'sendTemplate', senderId: byId(1), templateId: 1 });
		expect(variables).toEqual([
			{ name: 'customer_name', value: 'customer_name' },
			{ name: 'order_number', value: 'order_number' },
		]);
	});
});

describe('WhatsApp → Send Template', () => {
	const params = (overrides: Record<string, unknown> = {}) =>
		wa('sendTemplate', {
			senderId: fromList(1),
			templateId: 1,
			recipientPhone: '+49 176 12345670',
			recipientName: 'Ada',
			templateVariables: { pairs: [{ name: 'customer_name', value: 'Ada' }, { name: 'order_number', value: '42' }] },
			...overrides,
		});

	it('checks the template (one read per sender), then posts /user/whatsapp/send', async () => {
		const result = await t.run(params(), { items: [{}, {}] });
		expect(jsonOf(expectOk(result))[0]).toMatchObject({ success: true, recipient_phone: '+4917612345670', conversation_id: expect.any(String) });
		expect(t.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/user/whatsapp/senders/1/templates',
			'POST /api/user/whatsapp/send',
			'POST /api/user/whatsapp/send',
		]);
		expect(t.requests()[1].body).toEqual({
			sender_id: 1,
			template_id: 1,
			recipient_phone: '+4917612345670',
			recipient_name: 'Ada',
			variables: { customer_name: 'Ada', order_number: '42' },
		});
	});

	it('refuses a missing template variable, an unknown one and an unapproved template before sending', async () => {
		const missing = await t.run(params({ templateVariables: { pairs: [{ name: 'customer_name', value: 'Ada' }] } }));
		expect(missing.error?.message).toBe('Template Variables lack order_number (template "order_update" needs customer_name, order_number) [item 0]');
		const pending = await t.run(params({ templateId: 3, templateVariables: { pairs: [{ name: 'code', value: 'X' }] } }));
		expect(pending.error?.message).toBe('Template "spring_promo" is "pending", not approved: WhatsApp only delivers approved templates [item 0]');
		const unknown = await t.run(params({ templateId: 2, templateVariables: { pairs: [{ name: 'x', value: '1' }] } }));
		expect(unknown.error?.message).toMatch(/^Template Variables name x, which template "welcome" does not have/);
		expect(t.requests().filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	it('success: false with HTTP 200 (sender offline) is an item error', async () => {
		const result = await t.run(params({ senderId: byId(2), templateId: 4, templateVariables: { pairs: [{ name: 'date', value: 'Monday' }] } }));
		expect(result.error?.message).toBe('The platform did not send the WhatsApp template: Sender Acme Sales is not online (SENDER_OFFLINE)');
	});
});

describe('WhatsApp → Send Free-Form', () => {
	it('checks the session once per recipient, then posts /user/whatsapp/send-freeform', async () => {
		const result = await t.run(wa('sendFreeform', { senderId: fromList(1), recipientPhone: '0151 12345670', defaultCountry: 'DE', message: 'Your parcel left today.' }), {
			items: [{}, {}],
		});
		expect(jsonOf(expectOk(result))).toHaveLength(2);
		expect(t.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/user/whatsapp/session-status',
			'POST /api/user/whatsapp/send-freeform',
			'POST /api/user/whatsapp/send-freeform',
		]);
		expect(t.requests()[0].query).toEqual({ sender_id: '1', recipient_phone: OPEN });
		expect(t.requests()[1].body).toEqual({ sender_id: 1, recipient_phone: OPEN, message: 'Your parcel left today.' });
	});

	it('refuses a closed session before sending, naming the recipient', async () => {
		const result = await t.run(wa('sendFreeform', { senderId: byId(1), recipientPhone: CLOSED, message: 'Hi' }));
		expect(result.error?.message).toBe(
			`Recipient Phone ${CLOSED} has no open 24-hour WhatsApp session with sender 1 (The 24-hour session has expired: send a template): send a template instead [item 0]`,
		);
		expect(t.requests().filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	it('refuses a blank message; success:false on the send is an item error', async () => {
		expect((await t.run(wa('sendFreeform', { senderId: byId(1), recipientPhone: OPEN, message: '   ' }))).error?.message).toBe('Message is required [item 0]');
		const failed = await t.run(wa('sendFreeform', { senderId: byId(1), recipientPhone: OPEN, message: SIMULATE_FAILURE }));
		expect(failed.error?.message).toBe('The platform did not send the WhatsApp message: WhatsApp rejected the message (PROVIDER_ERROR)');
	});
});

describe('WhatsApp → Get Session Status', () => {
	it('reads session-status with sender and E.164 number', async () => {
		const [item] = jsonOf(expectOk(await t.run(wa('getSessionStatus', { senderId: byId(1), recipientPhone: '+49 151 1234 5678' }))));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/whatsapp/session-status', query: { sender_id: '1', recipient_phone: CLOSED } });
		expect(item).toMatchObject({ sender_id: 1, recipient_phone: CLOSED, is_open: false, can_send_freeform: false, has_conversation: true });
	});

	it('refuses an invalid number; success:false (offline sender) is an error', async () => {
		expect((await t.run(wa('getSessionStatus', { senderId: byId(1), recipientPhone: 'abc' }))).error?.message).toMatch(/^Recipient Phone "abc"/);
		const offline = await t.run(wa('getSessionStatus', { senderId: byId(2), recipientPhone: OPEN }));
		expect(offline.error?.message).toBe('The platform did not report the WhatsApp session: Sender Acme Sales is not online (SENDER_OFFLINE)');
	});
});

describe('WhatsApp writes under Retry On Fail', () => {
	it('a message sent in the first try is not sent again when the node is retried', async () => {
		t.sb.setFaults([{ kind: 'status', status: 422, count: 1, match: { path: '/user/whatsapp/send-freeform', body: { message: 'second' } } }]);
		const result = await runNode({
			node: VoiceAssistant,
			parameters: { resource: 'whatsapp', operation: 'sendFreeform', senderId: byId(1), recipientPhone: OPEN, message: '={{ $json.text }}' } as INodeParameters,
			credentials: t.credentials,
			items: [{ text: 'first' }, { text: 'second' }],
			nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		expect(jsonOf(expectOk(result)).map((i) => i.success)).toEqual([true, true]);
		const sends = t.requests().filter((r) => r.path === '/api/user/whatsapp/send-freeform');
		expect(sends.map((r) => (r.body as { message: string }).message)).toEqual(['first', 'second', 'second']);
	});
});
