/** Lead → Get Many: one item per lead of the user (a bare array), Limit and the filters applied in n8n. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Lead → Get Many', () => {
	it('returns one item per lead of the user (bare array, no paging parameters)', async () => {
		const result = await t.run({ resource: 'lead', operation: 'getMany', returnAll: true });
		const items = jsonOf(expectOk(result));
		const mine = t.sb.store.leads.filter((l) => l.user_id === t.sb.users.alice);
		expect(items.map((l) => l.id)).toEqual(mine.map((l) => l.id));
		expect(t.requests()).toHaveLength(1);
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/leads', query: {} });
	});

	it('applies Limit and the campaign / status filters in n8n', async () => {
		const limited = jsonOf(expectOk(await t.run({ resource: 'lead', operation: 'getMany', limit: 2 })));
		expect(limited).toHaveLength(2);
		const filtered = jsonOf(
			expectOk(
				await t.run({
					resource: 'lead',
					operation: 'getMany',
					returnAll: true,
					filters: { campaignId: 2, status: 'completed' },
				}),
			),
		);
		const expected = t.sb.store.leads.filter(
			(l) => l.user_id === t.sb.users.alice && l.campaign_id === 2 && l.status === 'completed',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(filtered.map((l) => l.id)).toEqual(expected.map((l) => l.id));
	});
});
