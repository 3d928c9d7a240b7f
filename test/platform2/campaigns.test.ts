/**
 * Campaigns → Start / Stop / Get Many on Platform 2.0 through n8n's engine against the sandbox: a
 * started campaign's leads become calls over time (the sandbox's callTiming.stepMs apart), Stop
 * pauses, and stopping a campaign that is not running is said in words.
 */
import { PLATFORM2_WORKSPACES } from '../../sandbox';
import { byId, usePlatform2Node } from './helpers';

const STEP_MS = 40;
const p2 = usePlatform2Node({ callTiming: { stepMs: STEP_MS } });
const campaign = (name: string) => p2.sb.platform2.list('A', '/campaigns').find((c) => c.name === name)!;
const sleep = async (ms: number) => await new Promise((done) => setTimeout(done, ms));

describe('Start Campaign', () => {
	it('runs its leads: each becomes a call record over time, with a deterministic outcome; then the campaign is completed', async () => {
		const spring = campaign('Spring Promotion');
		const started = await p2.run({ resource: 'campaigns', operation: 'startCampaign', id: byId(String(spring.id)) });
		expect(started.items[0].json).toMatchObject({ id: spring.id, status: 'running' });
		await sleep(STEP_MS * 4);
		const calls = await p2.run({ resource: 'calls', operation: 'listCalls', returnAll: true, filters: { campaignId: String(spring.id) } });
		expect(calls.error).toBeUndefined();
		const ofCampaign = calls.items.filter((item) => item.json.campaign_id === spring.id);
		expect(ofCampaign.map((item) => [item.json.to_number, item.json.status]).sort()).toEqual([['+4915112345670', 'completed'], ['+4915112345678', 'no_answer']]);
		const history = await p2.run({ resource: 'history', operation: 'listHistory', returnAll: true, filters: { campaignId: String(spring.id) } });
		expect(history.items).toHaveLength(2);
		const done = await p2.run({ resource: 'campaigns', operation: 'getCampaign', id: byId(String(spring.id)) });
		expect(done.items[0].json.status).toBe('completed');
		expect(p2.sb.platform2.list('A', '/campaigns/{}/leads', [spring.id]).map((lead) => lead.status).sort()).toEqual(['completed', 'no_answer']);
	});

	it('Stop pauses it: the leads not yet called stay pending, and no call is made after', async () => {
		const spring = campaign('Spring Promotion');
		for (let n = 0; n < 40; n++) {
			p2.sb.platform2.records.insert(PLATFORM2_WORKSPACES.A.id, '/campaigns/{}/leads', [spring.id], { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, campaign_id: spring.id, phone_number: `+4917600000${String(n).padStart(3, '0')}`, status: 'pending', do_not_call: false });
		}
		await p2.run({ resource: 'campaigns', operation: 'startCampaign', id: byId(String(spring.id)) });
		const stopped = await p2.run({ resource: 'campaigns', operation: 'stopCampaign', id: byId(String(spring.id)) });
		expect(stopped.items[0].json).toMatchObject({ status: 'paused' });
		const made = p2.sb.platform2.list('A', '/calls').filter((c) => c.campaign_id === spring.id).length;
		const pending = () => p2.sb.platform2.list('A', '/campaigns/{}/leads', [spring.id]).filter((lead) => lead.status === 'pending').length;
		expect(made).toBeLessThan(42);
		expect(pending()).toBe(42 - made);
		await sleep(STEP_MS * 3);
		await p2.run({ resource: 'calls', operation: 'listCalls', returnAll: true });
		expect(p2.sb.platform2.list('A', '/calls').filter((c) => c.campaign_id === spring.id)).toHaveLength(made);
		expect(pending()).toBe(42 - made);
	});
});

describe('Stop Campaign', () => {
	it('a campaign that is not running: the 409 said in words, and nothing changed', async () => {
		const spring = campaign('Spring Promotion');
		const run = await p2.run({ resource: 'campaigns', operation: 'stopCampaign', id: byId(String(spring.id)) });
		expect(run.error?.message).toBe('The campaign is not running, so it was not stopped (HTTP 409, campaign_not_running)');
		expect((run.error as { description?: string }).description).toMatch(/Only a running campaign can be stopped/);
		expect(campaign('Spring Promotion').status).toBe('draft');
	});

	it('with Continue On Fail: the running one is paused, the other becomes an error item in words', async () => {
		const items = [{ id: String(campaign('Renewals').id) }, { id: String(campaign('Spring Promotion').id) }];
		const run = await p2.run({ resource: 'campaigns', operation: 'stopCampaign', id: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }, { items, continueOnFail: true });
		expect(run.items.map((item) => item.json.status ?? item.json.error)).toEqual(['paused', 'The campaign is not running, so it was not stopped (HTTP 409, campaign_not_running)']);
	});
});

describe('Get Many Campaigns', () => {
	it('Return All over more than one page, and the status filter', async () => {
		for (let n = 0; n < 210; n++) {
			p2.sb.platform2.records.append(PLATFORM2_WORKSPACES.A.id, '/campaigns', [], { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Campaign ${n}`, status: n % 3 ? 'draft' : 'paused' });
		}
		p2.sb.clearRequests();
		const all = await p2.run({ resource: 'campaigns', operation: 'listCampaigns', returnAll: true });
		expect(all.items).toHaveLength(p2.sb.platform2.list('A', '/campaigns').length);
		expect(p2.requests().map((r) => r.query.offset)).toEqual(['0', '200']);
		const paused = await p2.run({ resource: 'campaigns', operation: 'listCampaigns', returnAll: true, filters: { status: 'paused' } });
		expect(paused.items.every((item) => item.json.status === 'paused')).toBe(true);
		expect(paused.items).toHaveLength(70);
	});
});
