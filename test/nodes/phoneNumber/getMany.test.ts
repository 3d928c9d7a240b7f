/** Phone Number → Get Many: the account numbers from /user/phone-numbers/all, SMS-capable only on request. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Phone Number → Get Many', () => {
	it('Get Many lists the account numbers from /user/phone-numbers/all, SMS-capable only on request', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'getMany', returnAll: true })));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/phone-numbers/all' });
		expect(all.map((n) => n.id)).toEqual(t.sb.store.phoneNumbers.filter((p) => p.user_id === t.sb.users.alice).map((p) => p.id));
		expect(all[0]).toEqual(expect.objectContaining({ phone_number: '+4915792345601', sms_capable: true, type_label: 'Normal', has_active_subscription: true }));
		const sms = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'getMany', returnAll: true, filters: { smsCapable: true } })));
		expect(sms.length).toBeGreaterThan(0);
		expect(sms.every((n) => n.sms_capable === true)).toBe(true);
		expect(sms.length).toBeLessThan(all.length);
		expect(jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'getMany', limit: 2 })))).toHaveLength(2);
	});
});
