/**
 * WhatsApp → Send Template: the template checked first (one read per sender), then /user/whatsapp/send;
 * missing, unknown and unapproved template variables refused; success: false with HTTP 200 an item error.
 */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();
const wa = (operation: string, params: Record<string, unknown> = {}) => ({ resource: 'whatsapp', operation, ...params });

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
