/** Do Not Call on Lead → Create (a campaign would call the lead) and the WhatsApp sends. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox as useSandbox } from '../nodes/helpers';

const t = useSandbox();

describe('Do Not Call beyond calls and SMS', () => {
	it('Lead → Create: a listed number never becomes a lead', async () => {
		const result = await t.run(
			{ resource: 'lead', operation: 'create', campaignId: byId(1), phoneNumber: '={{ $json.phone }}', variablesInput: 'none', doNotCall: '+49 176 55500001' },
			{ items: [{ phone: '+4917655500001' }, { phone: '+4917655500002' }] },
		);
		const out = jsonOf(expectOk(result));
		expect(out[0]).toMatchObject({ skipped: true, skip_reason: 'do_not_call', phone_number: '+4917655500001' });
		expect(t.requests().filter((r) => r.path === '/api/user/lead').map((r) => (r.body as { phone_number: string }).phone_number)).toEqual(['+4917655500002']);
	});

	it('WhatsApp → Send Free-Form: a listed recipient is skipped without a session read; Fail the Item fails it', async () => {
		const params = { resource: 'whatsapp', operation: 'sendFreeform', senderId: fromList(1), recipientPhone: '+49 176 12345670', message: 'Hi', doNotCall: '={{ ["+4917612345670"] }}' };
		const out = jsonOf(expectOk(await t.run(params)));
		expect(out[0]).toMatchObject({ skipped: true, skip_reason: 'do_not_call' });
		expect(t.requests()).toHaveLength(0);
		const failed = await t.run({ ...params, onDoNotCall: 'fail' });
		expect(failed.error?.message).toBe('Recipient Phone +4917612345670 is on the Do Not Call list, so it is not contacted [item 0]');
	});

	it('WhatsApp → Send Template: a listed recipient is skipped, the others are sent', async () => {
		const result = await t.run(
			{
				resource: 'whatsapp',
				operation: 'sendTemplate',
				senderId: fromList(1),
				templateId: 1,
				recipientPhone: '={{ $json.phone }}',
				templateVariables: { pairs: [{ name: 'customer_name', value: 'Ada' }, { name: 'order_number', value: '42' }] },
				doNotCall: '+49 176 12345670',
			},
			{ items: [{ phone: '+4917612345670' }, { phone: '+4917612345671' }] },
		);
		const out = jsonOf(expectOk(result));
		expect(out[0]).toMatchObject({ skipped: true });
		expect(out[1]).toMatchObject({ recipient_phone: '+4917612345671', success: true });
		expect(t.requests().filter((r) => r.path === '/api/user/whatsapp/send')).toHaveLength(1);
	});
});
