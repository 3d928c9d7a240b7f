/**
 * Platform 2.0 polling, Campaign Started / Paused / Completed when an edit is no event (issue #47 item
 * 2): a campaign fires when it enters the status, not when a campaign already in it changes. Against
 * the sandbox answering campaigns as the catalogue has them (no started_at / paused_at / completed_at:
 * told by the ids in the status at the last read, membership.ts) and with them (told by the time).
 * What n8n keeps is modelled as n8n does it (helpers.ts: saved when a poll emits), and with n8n 2.x's
 * durable poll cursors (saved after every poll).
 */
import { CURSOR2_VERSION } from '../../../nodes/VoiceAssistant/polling/platform2/cursor';
import { feedSignature } from '../../../nodes/VoiceAssistant/polling/platform2/feeds';
import { CURSOR2_KEY } from '../../../nodes/VoiceAssistant/polling/platform2/poll';
import { MINUTE, usePolling2, type Polling2 } from './helpers';

const iso = (ms: number) => new Date(ms).toISOString();
const ENTRY_TIME = { running: 'started_at', paused: 'paused_at', completed: 'completed_at' } as const;

/** A campaign's status changes at the platform's now; the sandbox stamps the entry time, and answers it only when entry times are on. */
function moveTo(t: Polling2, id: unknown, status: keyof typeof ENTRY_TIME) {
	t.serverNow += MINUTE;
	return t.at({ collection: '/campaigns', id: String(id), fields: { status, [ENTRY_TIME[status]]: iso(t.serverNow) } });
}
function campaign(t: Polling2, name = 'Spring') {
	t.serverNow += MINUTE;
	return t.at({ collection: '/campaigns', fields: { name, status: 'draft', concurrency: 1 } });
}
function edit(t: Polling2, id: unknown, fields: Record<string, unknown>) {
	t.serverNow += MINUTE;
	return t.at({ collection: '/campaigns', id: String(id), fields });
}

describe.each([
	['without entry times (as the catalogue has campaigns)', false],
	['with entry times', true],
])('Campaign status events %s', (_, entryTimes) => {
	const t = usePolling2({ event2: 'campaignStarted' });
	beforeEach(() => t.sb.platform2.setCampaignEntryTimes(entryTimes));

	it('activation fires nothing; a start fires once; renaming the running campaign starts nothing, across a restart too', async () => {
		const before = campaign(t, 'Running before');
		moveTo(t, before.id, 'running');
		expect((await t.poll({ activationPoll: true })).items).toEqual([]);
		const spring = campaign(t);
		moveTo(t, spring.id, 'running');
		const started = await t.poll();
		expect(t.ids(started)).toEqual([spring.id]);
		expect('started_at' in started.items[0].json).toBe(entryTimes);

		edit(t, spring.id, { name: 'Spring (renamed)' });
		edit(t, before.id, { concurrency: 5, calling_windows: { mon: ['09:00-17:00'] } });
		expect((await t.poll()).items).toEqual([]);
		t.restart();
		expect((await t.poll()).items).toEqual([]);
		edit(t, spring.id, { name: 'Spring (renamed again)' });
		expect((await t.poll()).items).toEqual([]);
	});

	it('paused and started again while polling: Started once more, Paused once per pause', async () => {
		const spring = campaign(t);
		moveTo(t, spring.id, 'running');
		await t.poll({ activationPoll: true });
		await t.poll({ parameters: { event2: 'campaignPaused' } }); // another event: its own cursor, from now
		moveTo(t, spring.id, 'paused');
		expect((await t.poll()).items).toEqual([]);
		moveTo(t, spring.id, 'running');
		expect(t.ids(await t.poll())).toEqual([spring.id]);
		expect((await t.poll()).items).toEqual([]);
	});

	it('Paused: each pause once; an edit of the paused campaign none', async () => {
		const parameters = { event2: 'campaignPaused' };
		const spring = campaign(t);
		moveTo(t, spring.id, 'running');
		await t.poll({ activationPoll: true, parameters });
		moveTo(t, spring.id, 'paused');
		expect(t.ids(await t.poll({ parameters }))).toEqual([spring.id]);
		edit(t, spring.id, { name: 'Spring (on hold)' });
		expect((await t.poll({ parameters })).items).toEqual([]);
		moveTo(t, spring.id, 'running');
		expect((await t.poll({ parameters })).items).toEqual([]);
		moveTo(t, spring.id, 'paused');
		expect(t.ids(await t.poll({ parameters }))).toEqual([spring.id]);
	});

	it('Completed: an edit of a completed campaign completes nothing, a new completion fires once', async () => {
		const parameters = { event2: 'campaignCompleted' };
		const done = campaign(t, 'Done before');
		moveTo(t, done.id, 'completed');
		await t.poll({ activationPoll: true, parameters });
		edit(t, done.id, { name: 'Done before (archived note)' });
		expect((await t.poll({ parameters })).items).toEqual([]);
		const spring = campaign(t);
		moveTo(t, spring.id, 'running');
		moveTo(t, spring.id, 'completed');
		const completed = await t.poll({ parameters });
		expect(t.ids(completed)).toEqual([spring.id]);
		expect(completed.items[0].json).toMatchObject({ event: 'campaign.completed' });
		edit(t, spring.id, { name: 'Spring (report sent)' });
		edit(t, done.id, { concurrency: 3 });
		t.restart();
		expect((await t.poll({ parameters })).items).toEqual([]);
	});
});

describe('Campaign Started without entry times: what n8n keeps', () => {
	const t = usePolling2({ event2: 'campaignStarted' });
	beforeEach(() => t.sb.platform2.setCampaignEntryTimes(false));

	async function startedThenLeftWithoutEmit() {
		const spring = campaign(t);
		await t.poll({ activationPoll: true });
		moveTo(t, spring.id, 'running');
		expect(t.ids(await t.poll())).toEqual([spring.id]);
		// paused: the poll sees it leave and emits nothing, so n8n (without durable cursors) saves nothing
		moveTo(t, spring.id, 'paused');
		const left = await t.poll();
		expect(left.items).toEqual([]);
		return { spring, left };
	}

	it('left without an emit, n8n restarts, started again: not seen (n8n kept the list from before the pause)', async () => {
		const { spring, left } = await startedThenLeftWithoutEmit();
		expect(left.persisted).toBe(false);
		t.restart();
		moveTo(t, spring.id, 'running');
		expect((await t.poll()).items).toEqual([]);
		// what is seen from here on is seen again
		moveTo(t, spring.id, 'paused');
		await t.poll();
		moveTo(t, spring.id, 'running');
		expect(t.ids(await t.poll())).toEqual([spring.id]);
	});

	it('the same with durable poll cursors (n8n 2.x saves after every poll): the start again is seen', async () => {
		const { spring } = await startedThenLeftWithoutEmit();
		t.saved = structuredClone(t.memory); // what commitStagedCursor keeps after a poll without items
		t.restart();
		moveTo(t, spring.id, 'running');
		expect(t.ids(await t.poll())).toEqual([spring.id]);
	});

	it('a pause and start again entirely between two polls is not seen (no entry time to tell it by)', async () => {
		const spring = campaign(t);
		moveTo(t, spring.id, 'running');
		await t.poll({ activationPoll: true });
		moveTo(t, spring.id, 'paused');
		moveTo(t, spring.id, 'running');
		expect((await t.poll()).items).toEqual([]);
	});

	it('a cursor saved before membership existed (updated_at keys) fires no burst on upgrade, then follows entries', async () => {
		const running = Array.from({ length: 5 }, (_, i) => campaign(t, `Old ${i}`));
		for (const c of running) moveTo(t, c.id, 'running');
		// the old reading keyed each campaign by its last change; two were edited since that poll
		const seen = Object.fromEntries(running.map((c) => [`${String(c.id)}@${String(c.updated_at)}`, Date.parse(String(c.updated_at))]));
		const mark = t.serverNow;
		edit(t, running[0].id, { name: 'Old 0 (renamed)' });
		edit(t, running[1].id, { concurrency: 4 });
		const signature = feedSignature({ event: 'campaignStarted' });
		t.memory = { [CURSOR2_KEY]: { v: CURSOR2_VERSION, feed: signature, started: true, mark, floor: mark - 10 * MINUTE, near: 5, seen, sweep: null } };
		t.saved = structuredClone(t.memory);
		t.restart();
		expect((await t.poll()).items).toEqual([]);
		const fresh = campaign(t, 'After the upgrade');
		moveTo(t, fresh.id, 'running');
		expect(t.ids(await t.poll())).toEqual([fresh.id]);
	});

	it('the ids kept are as many as the status holds, and no more than the list read whole', async () => {
		await t.poll({ activationPoll: true });
		const many = Array.from({ length: 450 }, (_, i) => campaign(t, `Batch ${i}`));
		t.serverNow += MINUTE;
		for (const c of many) t.at({ collection: '/campaigns', id: String(c.id), fields: { status: 'running' } });
		expect((await t.poll()).items).toHaveLength(450);
		for (const c of many.slice(0, 100)) t.at({ collection: '/campaigns', id: String(c.id), fields: { status: 'completed' } });
		await t.poll();
		await t.poll();
		// the 350 still running and the seed's running campaign; the 100 that left, missed by two reads of several pages, are gone
		const running = t.sb.platform2.list('A', '/campaigns').filter((c) => c.status === 'running');
		const cursor = t.memory[CURSOR2_KEY] as { members: string[]; missing?: string[] };
		expect(cursor.members.sort()).toEqual(running.map((c) => String(c.id)).sort());
		expect(cursor.members).toHaveLength(351);
		expect(cursor.missing).toBeUndefined();
		expect(JSON.stringify(cursor).length).toBeLessThan(351 * 45 + 2000);
	});
});
