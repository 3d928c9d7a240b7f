/** Campaign → Stop: posts update-status with action "stop"; a started campaign is stopped. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Campaign → Stop', () => {
	it('posts update-status with the action stop (after Start)', async () => {
		expectOk(await t.run({ resource: 'campaign', operation: 'start', campaignId: fromList(4) }));
		t.sb.clearRequests();
		const stopped = await t.run({ resource: 'campaign', operation: 'stop', campaignId: byId(4) });
		expect(jsonOf(expectOk(stopped))[0]).toMatchObject({ campaign_id: 4, action: 'stop', status: 'stopped' });
		expect(t.requests()[0].body).toEqual({ campaign_id: 4, action: 'stop' });
		expect(t.sb.store.campaigns.find((c) => c.id === 4)?.status).toBe('stopped');
	});
});
