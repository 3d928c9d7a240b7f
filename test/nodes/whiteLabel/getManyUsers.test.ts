/** White Label → Get Many Users: GET /white-label/users with the reseller's token; any other token gets a clear 403. */
import { descriptionOf, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('White Label → Get Many Users', () => {
	it("sends GET /white-label/users (not under /user) and outputs the reseller's users with their balances", async () => {
		const items = jsonOf(expectOk(await t.run({ resource: 'whiteLabel', operation: 'getManyUsers', returnAll: true })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/white-label/users', status: 200 })]);
		expect(items).toEqual([{ id: 3, name: 'Carol Example', email: 'carol@example.com', minutes_balance: 30, credits_balance: 90, created_at: expect.any(String) }]);
	});

	it('names the operation and the token it needs on 403', async () => {
		const result = await t.run({ resource: 'whiteLabel', operation: 'getManyUsers', returnAll: true }, { token: t.sb.tokens.bob });
		expect(result.error?.message).toBe("White Label → Get Many Users needs the white-label admin (reseller) token; this credential's token is not one");
		expect(descriptionOf(result)).toMatch(/^GET \/white-label\/users was refused \(HTTP 403\): "This action is unauthorized\. White label admin access required\."/);
		expect(t.requests()).toHaveLength(1);
	});
});
