/** Campaign → Start: posts update-status with action "start"; an unknown campaign is named. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Campaign → Start', () => {
	it('posts update-status with the action start', async () => {
		const started = await t.run({ resource: 'campaign', operation: 'start', campaignId: fromList(4) });
		expect(jsonOf(expectOk(started))).toEqual([
			{ campaign_id: 4, action: 'start', status: 'in-progress', success: true, message: 'Campaign started successfully.' },
		]);
		expect(t.requests()[0]).toMatchObject({
			method: 'POST',
			path: '/api/user/campaigns/update-status',
			body: { campaign_id: 4, action: 'start' },
		});
	});

	it('names the campaign on 404', async () => {
		const result = await t.run({ resource: 'campaign', operation: 'start', campaignId: byId(6) });
		expect(result.error?.message).toBe('Campaign 6 was not found');
	});
});
