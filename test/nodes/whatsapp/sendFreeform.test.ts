/**
 * WhatsApp → Send Free-Form: the session checked once per recipient, then /user/whatsapp/send-freeform;
 * a closed session or a blank message refused; success: false an item error; a message sent in the first
 * try is not sent again when the node is retried (Retry On Fail).
 */
import type { INodeParameters } from 'n8n-workflow';

import { SIMULATE_FAILURE } from '../../../sandbox';
import { runNode } from '../../harness';
import { VoiceAssistant, byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const wa = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'whatsapp', operation, ...params });
const OPEN = '+4915112345670'; // wrote an hour ago (seed)
const CLOSED = '+4915112345678'; // wrote 30 hours ago (seed)

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

describe('WhatsApp → Send Free-Form under Retry On Fail', () => {
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
