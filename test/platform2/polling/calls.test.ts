/**
 * Platform 2.0 polling, Call Completed: every call that ends is emitted exactly once (out of order,
 * across pages, across a restart and a deactivate/activate cycle), reading List Calls sorted by
 * updated_at from the top only while records are newer than the cursor: 1 request when nothing changed.
 */
import { HOUR, LIST_ORDERS, MINUTE, usePolling2 } from './helpers';

describe.each(LIST_ORDERS)('Polling Trigger on Platform 2.0: Call Completed (lists %s first)', (listOrder) => {
	const t = usePolling2({ event2: 'callCompleted' }, { listOrder });
	/** requests of a poll with nothing new on a list longer than its first page: the total and the order, then the end */
	const idle = listOrder === 'newest' ? 1 : 2;

	it('first activation starts from now: calls that ended before are history, calls in progress are emitted when they end', async () => {
		const before = t.startCall();
		t.serverNow += MINUTE;
		t.finishCall(before);
		const running = t.startCall();
		t.serverNow += MINUTE;
		const activation = await t.poll({ activationPoll: true });
		expect(activation.items).toEqual([]);
		expect(activation.persisted).toBe(true);

		t.serverNow += MINUTE;
		t.finishCall(running);
		const next = await t.poll();
		expect(t.ids(next)).toEqual([running.id]);
		expect(next.items[0].json).toMatchObject({ event: 'call.completed', status: 'completed' });
		expect((await t.poll()).items).toEqual([]);
	});

	it('calls that finish out of order (created earlier, ending later) are each emitted once, in the order they ended', async () => {
		await t.poll({ activationPoll: true });
		const first = t.startCall();
		t.serverNow += 10_000;
		const second = t.startCall({ direction: 'inbound' });
		t.serverNow += 10_000;
		const third = t.startCall();
		t.serverNow += MINUTE;
		t.finishCall(third);
		expect(t.ids(await t.poll())).toEqual([third.id]);
		// a later change of a call already emitted (analysis added) is no new event
		t.serverNow += 30_000;
		t.at({ collection: '/calls', id: String(third.id), fields: { summary: 'Wants a quote' } });
		t.serverNow += 20 * MINUTE;
		t.finishCall(first, 'no_answer');
		t.serverNow += 1000;
		t.finishCall(second);
		expect(t.ids(await t.poll())).toEqual([first.id, second.id]);
		expect((await t.poll()).items).toEqual([]);
	});

	it('a poll with nothing new costs one request (two when the list is oldest first), asking for updated_at', async () => {
		for (let i = 0; i < 30; i++) {
			t.serverNow += 5_000;
			t.finishCall(t.startCall());
		}
		await t.poll({ activationPoll: true });
		t.requestsTo('/calls');
		for (let i = 0; i < 5; i++) expect((await t.poll()).items).toEqual([]);
		const requests = t.requestsTo('/calls');
		// (a first page sized to hold the whole list reads it whole in one request, in either order)
		expect(requests.length).toBeGreaterThanOrEqual(5);
		expect(requests.length).toBeLessThanOrEqual(5 * idle);
		for (const query of requests) expect(query).toMatchObject({ sort: 'updated_at' });
		expect(requests.filter((query) => query.offset === '0')).toHaveLength(5);
	});

	it('more than one page of new events between two polls: each once, then back to one request a poll', async () => {
		await t.poll({ activationPoll: true });
		const calls = [];
		for (let i = 0; i < 450; i++) {
			t.serverNow += 1000;
			calls.push(t.startCall());
		}
		t.serverNow += MINUTE;
		for (const call of [...calls].reverse()) {
			t.serverNow += 200;
			t.finishCall(call);
		}
		t.requestsTo('/calls');
		// the polling share of the rate limit (2 pages per 10 s) spreads the catch-up over polls
		const emitted: string[] = [];
		const perPoll: number[] = [];
		for (let poll = 0; poll < 10; poll++) {
			const ids = t.ids(await t.poll());
			perPoll.push(t.requestsTo('/calls').length);
			if (ids.length === 0) break;
			emitted.push(...ids);
		}
		expect(perPoll.slice(0, -1).every((n) => n <= 2)).toBe(true);
		expect(perPoll.length).toBeGreaterThan(2);
		expect(emitted).toHaveLength(450);
		expect(new Set(emitted).size).toBe(450);
		expect(new Set(emitted)).toEqual(new Set(calls.map((c) => String(c.id))));
		expect(perPoll.at(-1)).toBe(idle);
		expect((await t.poll()).items).toEqual([]);
		expect(t.requestsTo('/calls')).toHaveLength(idle);
	});

	it('across a restart of n8n (static data as saved) and a deactivate/activate cycle, every call once', async () => {
		await t.poll({ activationPoll: true });
		const a = t.startCall();
		const b = t.startCall();
		t.serverNow += MINUTE;
		t.finishCall(a);
		expect(t.ids(await t.poll())).toEqual([a.id]);
		// a poll that emits nothing is not saved by n8n; then n8n restarts
		t.serverNow += MINUTE;
		expect((await t.poll()).items).toEqual([]);
		t.finishCall(b);
		t.restart();
		expect(t.ids(await t.poll())).toEqual([b.id]);
		// deactivated for two hours: the static data stays, calls end meanwhile
		const c = t.startCall();
		t.serverNow += 2 * HOUR;
		t.finishCall(c);
		const d = t.startCall();
		t.serverNow += 1000;
		t.finishCall(d, 'busy');
		t.restart();
		const back = await t.poll({ activationPoll: true });
		expect(t.ids(back)).toEqual([c.id, d.id]);
		t.restart();
		expect((await t.poll()).items).toEqual([]);
	});

	it('filters go to the server (assistant, direction); "Fetch Test Event" returns the newest finished call and keeps no cursor', async () => {
		const inbound = t.startCall({ direction: 'inbound' });
		t.serverNow += MINUTE;
		t.finishCall(inbound);
		const test = await t.poll({ mode: 'manual', parameters: { direction: 'inbound' } });
		expect(t.ids(test)).toEqual([inbound.id]);
		expect(t.memory).toEqual({});
		expect(t.requestsTo('/calls').at(-1)).toMatchObject({ direction: 'inbound', sort: 'updated_at' });
		await expect(t.poll({ parameters: { assistantId2: 'not-a-uuid' } })).rejects.toThrow('is not a UUID');
	});
});
