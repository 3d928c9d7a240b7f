/** SIP Trunk → Get: GET /user/phone-numbers/sip-trunks/{id}, {data} answers, the account's own trunks only. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('SIP Trunk → Get', () => {
	it('sends GET /user/phone-numbers/sip-trunks/{id} and outputs the trunk with its trunk IDs', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'sipTrunk', operation: 'get', sipTrunkId: fromList(7) })));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/phone-numbers/sip-trunks/7' });
		expect(item).toMatchObject({ id: 7, phone_number: '+41446681800', country_code: 'CH', inbound_trunk_id: expect.any(String), outbound_trunk_id: expect.any(String) });
	});

	it("names the trunk on 404 (another account's), with the platform's words", async () => {
		const result = await t.run({ resource: 'sipTrunk', operation: 'get', sipTrunkId: byId(9) });
		expect(result.error?.message).toBe('SIP trunk 9 was not found');
		expect((result.error as { description?: string }).description).toBe('The platform said: SIP trunk not found.');
	});

	it('checks the ID before sending', async () => {
		expect((await t.run({ resource: 'sipTrunk', operation: 'get', sipTrunkId: byId('x1') })).error?.message).toMatch(/A SIP trunk ID is a number, e.g. 12/);
		expect(t.requests()).toHaveLength(0);
	});
});
