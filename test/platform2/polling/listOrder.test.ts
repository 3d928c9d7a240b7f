/**
 * Platform 2.0 polling on lists in either order (#47): the catalogue states no order for the paged lists
 * the trigger follows, so it reads the order from the rows each sweep. On lists of 10,000 records answered
 * newest first and oldest first (the sandbox's list order): the activation fixes "now" at the newest
 * record, an idle poll costs 1 request newest first and 2 oldest first, every record added later is
 * emitted once (records added during a sweep thinned by the rate-limit share too), the order may change
 * between polls or in the middle of a sweep, and pages whose times say nothing (all equal) are read right.
 */
import { newFeedCursor, type FeedRow } from '../../../nodes/VoiceAssistant/polling/platform2/cursor';
import { ListWalk, orderOfRows } from '../../../nodes/VoiceAssistant/polling/platform2/listOrder';
import { CURSOR2_KEY } from '../../../nodes/VoiceAssistant/polling/platform2/poll';
import { LIST_ORDERS, MINUTE, usePolling2, type ListOrder, type Polling2 } from './helpers';

const OLD = 10_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Case {
	event: string;
	path: string;
	/** a record of the list; for a call, one that ended */
	fields(t: Polling2): Record<string, unknown>;
	/** requests of an idle poll (New Contact asks only for contacts created since the cursor: a short list) */
	idle: Record<ListOrder, number>;
}

const CASES: Case[] = [
	{ event: 'newSuppressionEntry', path: '/suppression-list', fields: () => ({ value: `+49151${Math.floor(Math.random() * 1e8)}`, channel: 'voice' }), idle: { newest: 1, oldest: 2 } },
	{ event: 'newKnowledgeBase', path: '/knowledge-bases', fields: () => ({ name: 'Knowledge' }), idle: { newest: 1, oldest: 2 } },
	{ event: 'newContact', path: '/leads', fields: () => ({ name: 'Contact' }), idle: { newest: 1, oldest: 1 } },
	{ event: 'callCompleted', path: '/calls', fields: (t) => ({ status: 'completed', direction: 'outbound', ended_at: iso(t.serverNow) }), idle: { newest: 1, oldest: 2 } },
];

/** `count` records of the case's list, one a second (the platform's clock moves with them). */
function write(t: Polling2, c: Case, count: number, step = 1000): string[] {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		t.serverNow += step;
		ids.push(String(t.at({ collection: c.path, fields: c.fields(t) }).id));
	}
	return ids;
}

/** Polls until a poll emits nothing (at most `polls`); answers every id emitted, in order. */
async function drain(t: Polling2, polls = 20): Promise<string[]> {
	const emitted: string[] = [];
	for (let i = 0; i < polls; i++) {
		const ids = t.ids(await t.poll());
		if (ids.length === 0 && i > 0) break;
		emitted.push(...ids);
	}
	return emitted;
}

const expectEachOnce = (emitted: string[], made: string[]) => {
	expect(emitted).toHaveLength(made.length);
	expect(new Set(emitted)).toEqual(new Set(made));
};

describe.each(CASES.flatMap((c) => LIST_ORDERS.map((listOrder) => ({ ...c, listOrder }))))('Polling Trigger on Platform 2.0: $event on 10,000 records, listed $listOrder first', (c) => {
	const t = usePolling2({ event2: c.event }, { listOrder: c.listOrder });

	beforeEach(() => {
		t.serverNow -= OLD * 1000;
		write(t, c, OLD);
	});

	it(`activation fixes "now" at the newest record; an idle poll costs ${c.idle[c.listOrder]} request(s); each record added later once`, async () => {
		t.serverNow += MINUTE;
		expect((await t.poll({ activationPoll: true })).items).toEqual([]);
		t.requestsTo(c.path);
		for (let i = 0; i < 3; i++) expect((await t.poll()).items).toEqual([]);
		const idle = t.requestsTo(c.path);
		expect(idle).toHaveLength(3 * c.idle[c.listOrder]);
		// each poll starts at offset 0 (the order and, oldest first, the total); oldest first it then reads the end
		expect(idle.filter((query) => query.offset === '0')).toHaveLength(3);
		t.serverNow += MINUTE;
		const added = write(t, c, 3);
		expect(t.ids(await t.poll())).toEqual(added);
		t.restart();
		expect((await t.poll()).items).toEqual([]);
	});

	it('records added while a sweep is thinned by the rate-limit share: each once, none twice', async () => {
		await t.poll({ activationPoll: true });
		t.serverNow += MINUTE;
		const burst = write(t, c, 700, 100);
		t.requestsTo(c.path);
		const emitted = t.ids(await t.poll());
		// the share (2 requests per 10 s) ended the poll before the sweep did
		expect(t.requestsTo(c.path).length).toBeLessThanOrEqual(2);
		const during = write(t, c, 3, 100);
		emitted.push(...(await drain(t)));
		expectEachOnce(emitted, [...burst, ...during]);
	});

	it('the platform changes its order between polls, and in the middle of a thinned sweep: each record once', async () => {
		const other: ListOrder = c.listOrder === 'newest' ? 'oldest' : 'newest';
		await t.poll({ activationPoll: true });
		t.serverNow += MINUTE;
		const made = write(t, c, 5);
		const emitted = t.ids(await t.poll());
		t.sb.platform2.setListOrder(other);
		made.push(...write(t, c, 5));
		emitted.push(...t.ids(await t.poll()));
		t.sb.platform2.setListOrder(c.listOrder);
		made.push(...write(t, c, 700, 100));
		emitted.push(...t.ids(await t.poll()));
		t.sb.platform2.setListOrder(other);
		made.push(...write(t, c, 3));
		emitted.push(...(await drain(t)));
		expectEachOnce(emitted, made);
	});
});

describe.each(LIST_ORDERS)('Polling Trigger on Platform 2.0: pages whose times say nothing (lists %s first)', (listOrder) => {
	const t = usePolling2({ event2: 'newSuppressionEntry' }, { listOrder });
	const c = CASES[0];

	// only the test's records: the seeded entry's older time would tell the order by itself
	beforeEach(() => {
		for (const entry of t.sb.platform2.list('A', c.path).slice()) t.sb.platform2.records.remove(t.sb.platform2.workspaces.A, c.path, [], entry);
	});

	it('the 300 oldest and the 300 newest records share one time: "now" is right, idle polls stay within 2 requests, new ones once', async () => {
		t.serverNow -= 2 * OLD * 1000;
		write(t, c, 300, 0);
		write(t, c, 1000);
		t.serverNow += 1000;
		write(t, c, 300, 0);
		await t.poll({ activationPoll: true });
		t.requestsTo(c.path);
		for (let i = 0; i < 3; i++) {
			expect((await t.poll()).items).toEqual([]);
			expect(t.requestsTo(c.path).length).toBeLessThanOrEqual(2);
		}
		t.serverNow += MINUTE;
		const added = write(t, c, 2);
		// (300 records within the slack below the mark are read again each sweep: with the list oldest first that
		// is a request more than the share gives a poll, so a sweep may end at the next poll and these come then)
		expect(await drain(t)).toEqual(added);
		// a burst at one time after activation: each once
		t.serverNow += MINUTE;
		const burst = write(t, c, 250, 0);
		expectEachOnce(await drain(t), burst);
	});

	it('a list of one record, then two', async () => {
		write(t, c, 1);
		await t.poll({ activationPoll: true });
		t.serverNow += MINUTE;
		const added = write(t, c, 1);
		expect(t.ids(await t.poll())).toEqual(added);
		expect((await t.poll()).items).toEqual([]);
	});
});

describe('Polling Trigger on Platform 2.0: list order, other paths', () => {
	const t = usePolling2({ event2: 'newKnowledgeBase' }, { listOrder: 'oldest' });
	const c = CASES[1];

	it('"Fetch Test Event" on a list of 10,000 answered oldest first returns the newest record', async () => {
		write(t, c, OLD);
		const newest = write(t, c, 1)[0];
		expect(t.ids(await t.poll({ mode: 'manual' }))).toEqual([newest]);
	});

	it('a version 1 cursor (built on a list read newest first) goes on without emitting anything twice', async () => {
		t.sb.platform2.setListOrder('newest');
		write(t, c, 50);
		await t.poll({ activationPoll: true });
		t.serverNow += MINUTE;
		const first = write(t, c, 2);
		expect(t.ids(await t.poll())).toEqual(first);
		const stored = t.memory[CURSOR2_KEY] as Record<string, unknown>;
		t.memory[CURSOR2_KEY] = { ...stored, v: 1, order: undefined };
		t.saved = structuredClone(t.memory);
		t.restart();
		t.serverNow += MINUTE;
		const second = write(t, c, 2);
		t.sb.platform2.setListOrder('oldest');
		expect(t.ids(await t.poll())).toEqual(second);
		expect((t.memory[CURSOR2_KEY] as Record<string, unknown>).v).toBe(2);
	});
});

describe('listOrder: what rows say, and a list without a total', () => {
	const row = (order?: number): FeedRow => ({ order, events: [] });

	it('reads newest first, oldest first, nothing (one row, all equal, no times) and neither', () => {
		expect(orderOfRows([row(3), row(2), row(2)])).toBe('newest');
		expect(orderOfRows([row(1), row(), row(2)])).toBe('oldest');
		expect(orderOfRows([row(5)])).toBe('none');
		expect(orderOfRows([row(5), row(5)])).toBe('none');
		expect(orderOfRows([row(), row()])).toBe('none');
		expect(orderOfRows([row(1), row(3), row(2)])).toBe('neither');
	});

	it('an oldest-first page 0 without meta.pagination.total fails (the end cannot be found); newest first needs none', () => {
		const cursor = newFeedCursor('f');
		const sweepOf = () => (cursor.sweep ??= { offset: 0, stop: null, top: null, near: 0, nearFrom: null });
		const walk = new ListWalk(cursor, sweepOf, 20, 200);
		const ask = walk.next();
		expect(ask).toEqual({ offset: 0, limit: 20 });
		expect(walk.step({ rows: [row(1), row(2)], last: false }, ask)).toEqual({ kind: 'fail', why: 'noTotal' });
		expect(walk.step({ rows: [row(2), row(1)], last: false }, ask)).toMatchObject({ kind: 'take', last: false });
	});
});
