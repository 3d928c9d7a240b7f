/** WhatsApp → Get Session Status: sender and E.164 number sent; an invalid number refused; an offline sender an error. */
import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const wa = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'whatsapp', operation, ...params });
const OPEN = '+4915112345670'; // wrote an hour ago (seed)
const CLOSED = '+4915112345678'; // wrote 30 hours ago (seed)

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
