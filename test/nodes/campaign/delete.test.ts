/** Campaign → Delete: DELETE /user/campaign/{id} (singular, 2026 docs) stops the campaign and takes its leads with it. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Campaign → Delete', () => {
	it('sends DELETE /user/campaign/{id}; the campaign and its leads are gone', async () => {
		const campaign = t.sb.store.campaigns.find((c) => c.user_id === t.sb.users.alice && t.sb.store.leads.some((l) => l.campaign_id === c.id))!;
		const [item] = jsonOf(expectOk(await t.run({ resource: 'campaign', operation: 'delete', campaignId: fromList(campaign.id) })));
		expect(item).toEqual({ id: campaign.id, deleted: true, message: 'Campaign deleted successfully' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/api/user/campaign/${campaign.id}`, body: null, status: 200 })]);
		expect(t.sb.store.campaigns.includes(campaign)).toBe(false);
		expect(t.sb.store.leads.some((l) => l.campaign_id === campaign.id)).toBe(false);
	});

	it('a running campaign is stopped first and places no further call', async () => {
		const campaign = t.sb.store.campaigns.find((c) => c.user_id === t.sb.users.alice)!;
		expectOk(await t.run({ resource: 'campaign', operation: 'start', campaignId: byId(campaign.id) }));
		expectOk(await t.run({ resource: 'campaign', operation: 'delete', campaignId: byId(campaign.id) }));
		expect(campaign.status).toBe('stopped');
	});

	it("names the campaign on 404, and another account's campaign is not found", async () => {
		const bobs = t.sb.store.campaigns.find((c) => c.user_id === t.sb.users.bob)!;
		const result = await t.run({ resource: 'campaign', operation: 'delete', campaignId: byId(bobs.id) });
		expect(result.error?.message).toBe(`Campaign ${bobs.id} was not found`);
		expect(t.sb.store.campaigns.includes(bobs)).toBe(true);
	});

	it('checks the campaign ID before sending (the editor flags it; n8n refuses to run the node)', async () => {
		const result = await t.run({ resource: 'campaign', operation: 'delete', campaignId: byId('7a') });
		expect(result.error?.message).toMatch(/A campaign ID is a number, e\.g\. 7/);
		expect(t.requests()).toHaveLength(0);
	});
});
