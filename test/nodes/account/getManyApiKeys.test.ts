/** Account → Get Many API Keys: GET /user/api-keys, the keys without their tokens, Limit. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Account → Get Many API Keys', () => {
	it('sends GET /user/api-keys and outputs the keys without tokens', async () => {
		const items = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'getManyApiKeys', returnAll: true })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/api-keys', status: 200 })]);
		expect(items.map((k) => k.name)).toEqual(['Zapier', 'Old script']);
		expect(Object.keys(items[0]).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
	});

	it('refuses the whole run when the token is rejected, saying so', async () => {
		const result = await t.run({ resource: 'account', operation: 'getManyApiKeys', returnAll: true }, { token: '1|not-a-token' });
		expect(result.error?.message).toMatch(/The API token was rejected/);
	});

	it('applies Limit', async () => {
		expect(jsonOf(expectOk(await t.run({ resource: 'account', operation: 'getManyApiKeys', returnAll: false, limit: 1 })))).toHaveLength(1);
	});
});
