/** Do Not Call on Call → Make and SMS → Send: the list is read like the numbers being contacted. */
import { expectOk, jsonOf, makeCalls, makeParams, phones, useSandbox } from './helpers';

const t = useSandbox();

describe('Do Not Call', () => {
	it('skips listed numbers however they were typed, with Default Country applied to both', async () => {
		const result = await t.run(
			makeParams({ defaultCountry: 'DE', doNotCall: '={{ ["0151 2345678", "+49 (0)30 1234567"] }}' }),
			{ items: phones('+49 151 2345678', '0151 2345679', '030 1234567') },
		);
		const out = jsonOf(expectOk(result));
		expect(makeCalls(t.sb).map((b) => b.phone_number)).toEqual(['+491512345679']);
		expect(out[0]).toMatchObject({ skipped: true, skip_reason: 'do_not_call', phone_number: '+491512345678' });
		expect(out[2]).toMatchObject({ skipped: true, skip_reason: 'do_not_call', phone_number: '+49301234567' });
		expect(expectOk(result).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('takes a comma-separated text and objects with a phone field', async () => {
		await t.run(makeParams({ doNotCall: '+12125550123, +13125550123' }), { items: phones('+12125550123', '+13125550123', '+13035550123') });
		expect(makeCalls(t.sb)).toHaveLength(1);
		t.sb.clearRequests();
		await t.run(makeParams({ doNotCall: '={{ [{ phone: "+1 212 555 0123" }] }}' }), { items: phones('+12125550123') });
		expect(makeCalls(t.sb)).toHaveLength(0);
	});

	it('Fail the Item: nothing is sent, the error names the item; Continue On Fail sends the others', async () => {
		const params = makeParams({ doNotCall: '+12125550123', onDoNotCall: 'fail' });
		const failed = await t.run(params, { items: phones('+13125550123', '+12125550123') });
		expect(JSON.stringify(failed.error)).toMatch(/\+12125550123 is on the Do Not Call list.*item 1/);
		expect(makeCalls(t.sb)).toHaveLength(0);
		const routed = await t.run(params, { items: phones('+13125550123', '+12125550123'), continueOnFail: true });
		expect(String(jsonOf(routed.items)[1].error)).toMatch(/Do Not Call/);
		expect(makeCalls(t.sb)).toHaveLength(1);
	});

	it('an entry that is not a phone number fails the item naming the field, before anything is sent', async () => {
		const result = await t.run(makeParams({ doNotCall: '+12125550123, call me maybe' }), { items: phones('+13125550123') });
		expect(result.error?.message).toMatch(/Do Not Call List entry 2 \("call me maybe"\) is not a phone number/);
		expect(makeCalls(t.sb)).toHaveLength(0);
	});

	it('applies to SMS → Send', async () => {
		const result = await t.run(
			{ resource: 'sms', operation: 'send', from: 6, to: '={{ $json.phone }}', body: 'Hi', doNotCall: '={{ ["+14155552671"] }}' },
			{ items: phones('+14155552671', '+14155552672') },
		);
		expect(jsonOf(expectOk(result))[0]).toMatchObject({ skipped: true, skip_reason: 'do_not_call' });
		expect(t.sb.requests.filter((r) => r.path === '/api/user/sms')).toHaveLength(1);
	});
});
