/**
 * Platform 2.0 polling, the campaign events (#37): Campaign Started, Paused and Completed (the campaigns
 * in that status, List Campaigns read whole, each entry once by the time it entered the status) and
 * Campaign Lead Outcome (a campaign's call to a lead that ended, List Calls by last change). Each
 * exactly once, across pages and a restart; a campaign that leaves a status and comes back while n8n
 * is down enters it again; a change that is no new entry starts nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import { feedOf } from '../../../nodes/VoiceAssistant/polling/platform2/feeds';
import { MAX_WHOLE_PAGES } from '../../../nodes/VoiceAssistant/polling/platform2/poll';

/** The page the campaign list is read by (the catalogue's largest for listCampaigns). */
const MAX_LIMIT = feedOf({ event: 'campaignStarted' }).pageLimit;
import { MINUTE, usePolling2, type Polling2 } from './helpers';

const iso = (ms: number) => new Date(ms).toISOString();

function campaign(t: Polling2, fields: IDataObject = {}) {
	return t.at({ collection: '/campaigns', fields: { name: 'Spring', status: 'draft', ...fields } });
}
const start = (t: Polling2, id: unknown) => t.at({ collection: '/campaigns', id: String(id), fields: { status: 'running', started_at: iso(t.serverNow) } });
const pause = (t: Polling2, id: unknown) => t.at({ collection: '/campaigns', id: String(id), fields: { status: 'paused', paused_at: iso(t.serverNow) } });
const complete = (t: Polling2, id: unknown) => t.at({ collection: '/campaigns', id: String(id), fields: { status: 'completed', completed_at: iso(t.serverNow) } });

describe('Polling Trigger on Platform 2.0: Campaign Started', () => {
	const t = usePolling2({ event2: 'campaignStarted' });

	it('each start once, more than a page of them between two polls; a campaign running before activation never', async () => {
		const old = campaign(t);
		start(t, old.id);
		t.serverNow += MINUTE;
		await t.poll({ activationPoll: true });
		expect(t.requestsTo('/campaigns').at(-1)).toMatchObject({ status: 'running' });

		t.serverNow += MINUTE;
		const many = Array.from({ length: MAX_LIMIT + 30 }, (_, i) => campaign(t, { name: `Batch ${i}` }));
		for (const c of many) start(t, c.id);
		const first = await t.poll();
		expect(t.ids(first).sort()).toEqual(many.map((c) => String(c.id)).sort());
		expect(first.items[0].json).toMatchObject({ event: 'campaign.started', status: 'running' });
		expect(t.requestsTo('/campaigns')).toHaveLength(2);
		expect((await t.poll()).items).toEqual([]);
	});

	it('a rename is no new start; a pause and a resume is, even when both happen while n8n is down', async () => {
		const spring = campaign(t);
		await t.poll({ activationPoll: true });
		t.serverNow += MINUTE;
		start(t, spring.id);
		expect(t.ids(await t.poll())).toEqual([spring.id]);

		t.serverNow += MINUTE;
		t.at({ collection: '/campaigns', id: String(spring.id), fields: { name: 'Spring (renamed)' } });
		expect((await t.poll()).items).toEqual([]);

		// paused: nothing to emit, so n8n saves nothing; then n8n restarts after the campaign resumed
		t.serverNow += MINUTE;
		pause(t, spring.id);
		expect((await t.poll()).items).toEqual([]);
		t.serverNow += MINUTE;
		start(t, spring.id);
		t.restart();
		const resumed = await t.poll();
		expect(t.ids(resumed)).toEqual([spring.id]);
		expect(resumed.items[0].json.started_at).toBe(iso(t.serverNow));
		t.restart();
		expect((await t.poll()).items).toEqual([]);
	});

	it('an idle poll costs one request', async () => {
		for (let i = 0; i < 5; i++) start(t, campaign(t).id);
		await t.poll({ activationPoll: true });
		t.requestsTo('/campaigns');
		for (let i = 0; i < 3; i++) expect((await t.poll()).items).toEqual([]);
		expect(t.requestsTo('/campaigns')).toHaveLength(3);
	});

	it('more campaigns in the status than it reads a poll: the poll fails saying so, and nothing is taken', async () => {
		await t.poll({ activationPoll: true });
		t.requestsTo('/campaigns');
		t.serverNow += MINUTE;
		for (let i = 0; i < MAX_WHOLE_PAGES * MAX_LIMIT + 1; i++) start(t, campaign(t).id);
		await expect(t.poll()).rejects.toThrow(`List Campaigns holds more than ${MAX_WHOLE_PAGES * MAX_LIMIT} records in this status`);
		expect(t.requestsTo('/campaigns')).toHaveLength(MAX_WHOLE_PAGES);
	});

	it('Fetch Test Event shows the latest start and moves nothing', async () => {
		const a = campaign(t);
		const b = campaign(t);
		await t.poll({ activationPoll: true });
		start(t, a.id);
		t.serverNow += MINUTE;
		start(t, b.id);
		const sample = await t.poll({ mode: 'manual' });
		expect(t.ids(sample)).toEqual([b.id]);
		expect(t.ids(await t.poll()).sort()).toEqual([a.id, b.id].sort());
	});
});

describe('Polling Trigger on Platform 2.0: Campaign Paused and Campaign Completed', () => {
	const t = usePolling2({ event2: 'campaignPaused' });

	it('Paused: each pause once, asked for status paused; Completed: each completion once', async () => {
		const spring = campaign(t);
		start(t, spring.id);
		await t.poll({ activationPoll: true });
		t.serverNow += MINUTE;
		pause(t, spring.id);
		const paused = await t.poll();
		expect(t.ids(paused)).toEqual([spring.id]);
		expect(paused.items[0].json).toMatchObject({ event: 'campaign.paused' });
		expect(t.requestsTo('/campaigns').at(-1)).toMatchObject({ status: 'paused' });
		t.serverNow += MINUTE;
		start(t, spring.id);
		t.serverNow += MINUTE;
		pause(t, spring.id);
		expect(t.ids(await t.poll())).toEqual([spring.id]);

		t.restart();
		await t.poll({ activationPoll: true, parameters: { event2: 'campaignCompleted' } });
		t.serverNow += MINUTE;
		start(t, spring.id);
		t.serverNow += MINUTE;
		complete(t, spring.id);
		const completed = await t.poll({ parameters: { event2: 'campaignCompleted' } });
		expect(t.ids(completed)).toEqual([spring.id]);
		expect(completed.items[0].json).toMatchObject({ event: 'campaign.completed', completed_at: iso(t.serverNow) });
		expect((await t.poll({ parameters: { event2: 'campaignCompleted' } })).items).toEqual([]);
	});
});

describe('Polling Trigger on Platform 2.0: Campaign Lead Outcome', () => {
	const t = usePolling2({ event2: 'campaignLeadOutcome' });
	const CAMPAIGN = '7a1f0c52-3b7e-4f0e-9d2a-5c8b1e6f4a90';
	const leadCall = (lead: string) => t.startCall({ campaign_id: CAMPAIGN, lead_id: lead });

	it("each campaign call to a lead once when it ends, with its outcome; a call of no campaign is none", async () => {
		await t.poll({ activationPoll: true });
		const reached = leadCall('1b6f0d2e-0000-4000-8000-000000000001');
		const missed = leadCall('1b6f0d2e-0000-4000-8000-000000000002');
		const direct = t.startCall();
		t.serverNow += MINUTE;
		t.finishCall(reached);
		t.finishCall(missed, 'no_answer');
		t.finishCall(direct);
		const result = await t.poll();
		expect(t.ids(result).sort()).toEqual([reached.id, missed.id].sort());
		expect(result.items.map((item) => item.json)).toEqual(
			expect.arrayContaining([expect.objectContaining({ event: 'campaign_lead.finished', lead_id: missed.lead_id, status: 'no_answer', campaign_id: CAMPAIGN })]),
		);
		expect(t.requestsTo('/calls').at(-1)).toMatchObject({ sort: 'updated_at' });
		// its analysis arriving later is no second outcome, across a restart too
		t.serverNow += MINUTE;
		t.at({ collection: '/calls', id: String(reached.id), fields: { summary: 'Booked a demo' } });
		t.restart();
		expect((await t.poll()).items).toEqual([]);
	});

	it('Outcome and Campaign go to the platform; an outcome the list does not know is refused before anything is sent', async () => {
		const parameters = { outcome: 'no_answer', campaignId: CAMPAIGN };
		await t.poll({ activationPoll: true, parameters });
		const call = leadCall('1b6f0d2e-0000-4000-8000-000000000003');
		t.serverNow += MINUTE;
		t.finishCall(call, 'no_answer');
		expect(t.ids(await t.poll({ parameters }))).toEqual([call.id]);
		expect(t.requestsTo('/calls').at(-1)).toMatchObject({ status: 'no_answer', campaign_id: CAMPAIGN });
		await expect(t.poll({ parameters: { outcome: 'voicemail' } })).rejects.toThrow('Outcome "voicemail" is not one of completed, no_answer, busy, failed');
		expect(t.requestsTo('/calls')).toEqual([]);
	});
});
