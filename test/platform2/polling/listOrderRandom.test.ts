/**
 * Platform 2.0 polling on lists in either order (#47), randomised with fixed seeds: records arrive one by
 * one or in bursts of up to 600 (sweeps thinned by the polling share), often at one time; calls and
 * conversations change (moving in a list read by last change); the platform flips its list order between
 * polls; polls come a minute or 5 s apart; n8n restarts from what it saved. After it all, every event that
 * happened after the activation was emitted exactly once, and nothing from before it.
 */
import { LIST_ORDERS, usePolling2, type Polling2 } from './helpers';

const SEEDS = [11, 12];

interface Case {
	event: string;
	parameters?: Record<string, string>;
	collection: string;
	/** a new record; answers the event's key when creating it is the event */
	create(t: Polling2, open: string[]): string | null;
	/** a change of an open record; answers the event's key when the change is the event */
	change(t: Polling2, open: string[], pick: (n: number) => number): string | null;
}

const CASES: Case[] = [
	{
		event: 'callCompleted',
		collection: '/calls',
		create: (t, open) => {
			open.push(String(t.startCall().id));
			return null; // a call that starts is no Call Completed
		},
		change: (t, open, pick) => (open.length ? String(t.finishCall({ id: open.splice(pick(open.length), 1)[0] }).id) : null),
	},
	{
		event: 'conversationActivity',
		parameters: { channel: 'whatsapp' },
		collection: '/history',
		create: (t, open) => {
			const chat = t.at({ collection: '/history', fields: { type: 'whatsapp', status: 'in_progress' } });
			open.push(String(chat.id));
			return `${chat.id}@${chat.updated_at}`;
		},
		change: (t, open, pick) => {
			if (!open.length) return null;
			const chat = t.at({ collection: '/history', id: open[pick(open.length)], fields: { last_message: String(t.serverNow) } });
			return `${chat.id}@${chat.updated_at}`;
		},
	},
	{ event: 'newSuppressionEntry', collection: '/suppression-list', create: (t) => String(t.at({ collection: '/suppression-list', fields: { channel: 'voice' } }).id), change: () => null },
];

describe.each(CASES.flatMap((c) => SEEDS.map((seed) => ({ ...c, seed }))))('Polling Trigger on Platform 2.0: $event, lists flipping order at random (seed $seed)', (c) => {
	const t = usePolling2({ event2: c.event, ...c.parameters });

	it('every event after the activation once, nothing before it', async () => {
		let state = c.seed;
		const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
		const pick = (n: number) => Math.floor(random() * n);
		const open: string[] = [];
		t.sb.platform2.setListOrder(LIST_ORDERS[pick(2)]);
		for (let i = 0; i < 800; i++) {
			t.serverNow += 1000 * pick(3);
			c.create(t, open);
			if (random() < 0.3) c.change(t, open, pick);
		}
		t.serverNow += 1000;
		await t.poll({ activationPoll: true });
		const expected: string[] = [];
		const emitted: string[] = [];
		const keyOf = (json: Record<string, unknown>) => (c.event === 'conversationActivity' ? `${String(json.id)}@${String(json.updated_at)}` : String(json.id));
		const poll = async () => {
			if (random() < 0.3) t.n8nNow -= 55_000; // 5 s after the last poll, not a minute
			emitted.push(...(await t.poll()).items.map((item) => keyOf(item.json)));
		};
		for (let step = 0; step < 40; step++) {
			t.serverNow += 1000 * (1 + pick(5));
			const burst = random() < 0.2 ? pick(600) : pick(5);
			for (let i = 0; i < burst; i++) {
				if (random() < 0.7) t.serverNow += 1000 * pick(2);
				const made = c.create(t, open);
				if (made && c.event !== 'callCompleted') expected.push(made);
				const changed = random() < 0.4 ? c.change(t, open, pick) : null;
				if (changed) expected.push(changed);
			}
			if (random() < 0.15) t.sb.platform2.setListOrder(t.sb.platform2.listOrder === 'newest' ? 'oldest' : 'newest');
			if (random() < 0.05) t.restart();
			await poll();
		}
		for (let i = 0; i < 30; i++) await poll();
		expect(expected.length).toBeGreaterThan(100);
		expect(emitted.length - new Set(emitted).size).toBe(0);
		// a conversation changed twice between two polls is one change to a poll (it sees the latest): the latest counts
		const latest = new Map(expected.map((key) => [key.split('@')[0], key]));
		const mustHave = c.event === 'conversationActivity' ? [...latest.values()] : expected;
		expect(mustHave.filter((key) => !emitted.includes(key))).toEqual([]);
		if (c.event !== 'conversationActivity') expect(emitted.filter((key) => !expected.includes(key))).toEqual([]);
	});
});
