/** SIP Trunk → Get Many: {data} answers, the account's own trunks only, Limit applied here (never a password: password.test.ts). */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('SIP Trunk → Get Many', () => {
	it('sends GET /user/phone-numbers/sip-trunks and outputs the account\'s trunks', async () => {
		const items = jsonOf(expectOk(await t.run({ resource: 'sipTrunk', operation: 'getMany', returnAll: true })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/phone-numbers/sip-trunks', status: 200 })]);
		expect(items.map((i) => i.id)).toEqual([3, 7]);
		expect(items[0]).toMatchObject({ phone_number: '+498912345670', sip_username: 'trunk3', sip_address: 'sip3.carrier.example.com', inbound_authorization_type: 'auth' });
	});

	it('refuses the whole run when the token is rejected, saying so', async () => {
		const result = await t.run({ resource: 'sipTrunk', operation: 'getMany', returnAll: true }, { token: '1|not-a-token' });
		expect(result.error?.message).toMatch(/The API token was rejected/);
	});

	it('applies Limit', async () => {
		expect(jsonOf(expectOk(await t.run({ resource: 'sipTrunk', operation: 'getMany', returnAll: false, limit: 1 })))).toHaveLength(1);
	});
});
