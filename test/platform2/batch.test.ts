/**
 * Batches on Platform 2.0 keep the classic promises: a write that answered 500 after the platform
 * saved it is never sent again by Retry On Fail, the items before it are replayed, not repeated, and
 * the error says what was done; a refusal that proves nothing was done is sent again. Lists walk
 * cursor pages to the end.
 */
import type { IDataObject } from 'n8n-workflow';

import { PLATFORM2_WORKSPACES } from '../../sandbox';
import { byId, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
const names = Array.from({ length: 6 }, (_, n) => `Campaign ${n}`);
const campaignsNamed = (name: string) => p2.sb.platform2.list('A', '/campaigns').filter((c) => c.name === name).length;

async function createCampaigns(nodeSettings?: IDataObject) {
	const [assistant] = p2.sb.platform2.list('A', '/assistants');
	return await p2.run(
		// one at a time, so "the items after the failed one" is a fixed set (as in test/batch)
		{ resource: 'campaigns', operation: 'createCampaign', name: '={{ $json.name }}', assistantId: byId(String(assistant.id)), requestOptions: { parallelRequests: 1 } },
		{ items: names.map((name) => ({ name })), nodeSettings },
	);
}

test('item 3 answering 500 after saving, Retry On Fail (3 tries): items 0–3 created once, 4–5 never; the error says so', async () => {
	p2.sb.setFaults([{ kind: 'status', status: 500, phase: 'after', match: { path: '/api/v1/campaigns', body: { name: 'Campaign 3' } } }]);
	const result = await createCampaigns({ retryOnFail: true, maxTries: 3, waitBetweenTries: 1 });
	expect(names.map(campaignsNamed)).toEqual([1, 1, 1, 1, 0, 0]);
	expect(p2.requests().filter((r) => r.method === 'POST')).toHaveLength(4);
	expect(result.error?.message).toMatch(/"Create Campaign" may have been carried out: check before retrying \[item 3\]$/);
	expect(String((result.error as { description?: string }).description)).toContain('Not sent: 2 items (items 4–5)');
});

test('a refusal (422) before saving, Retry On Fail: that item is sent again and every campaign exists once', async () => {
	p2.sb.setFaults([{ kind: 'status', status: 422, count: 1, match: { path: '/api/v1/campaigns', body: { name: 'Campaign 3' } } }]);
	const result = await createCampaigns({ retryOnFail: true, maxTries: 3, waitBetweenTries: 1 });
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.pairedItem)).toEqual(names.map((_, item) => ({ item })));
	expect(names.map(campaignsNamed)).toEqual([1, 1, 1, 1, 1, 1]);
});

test('Return All follows cursor pages to the end (platform custom payments, 100 per page)', async () => {
	for (let n = 0; n < 230; n++) {
		p2.sb.platform2.records.append(PLATFORM2_WORKSPACES.A.id, '/platform/custom-payments', [], { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, amount: n, created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() });
	}
	const total = p2.sb.platform2.list('A', '/platform/custom-payments').length;
	p2.sb.clearRequests();
	const { items, error } = await p2.run({ resource: 'whiteLabelPlatform2', operation: 'listPlatformCustomPayments', returnAll: true });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(total);
	expect(new Set(items.map((item) => item.json.id)).size).toBe(total);
	const pages = p2.requests();
	expect(pages.length).toBe(Math.ceil(total / 100));
	expect(pages[0].query.cursor).toBeUndefined();
	expect(pages.slice(1).every((page) => typeof page.query.cursor === 'string')).toBe(true);
});
