/** Campaign → Get Many: one item per campaign of the user, Limit applied in n8n. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Campaign → Get Many', () => {
	it('Get Many returns one item per campaign of the user; Limit applied in n8n', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'campaign', operation: 'getMany', returnAll: true })));
		const mine = t.sb.store.campaigns.filter((c) => c.user_id === t.sb.users.alice);
		expect(all.map((c) => c.name)).toEqual(mine.map((c) => c.name));
		expect(all[0]).toMatchObject({ id: 1, name: 'Spring Promotion', status: 'draft', allowed_days: expect.any(Array) });
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/campaigns' });
		expect(jsonOf(expectOk(await t.run({ resource: 'campaign', operation: 'getMany', limit: 1 })))).toHaveLength(1);
	});
});
