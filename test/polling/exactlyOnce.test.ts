/**
 * The polling trigger emits every call that ends exactly once: between polls, out of order, while
 * n8n is down, across a page boundary that moves, across restarts and deactivation; and it starts
 * from "now" (or the last N hours) on first activation. Run through n8n-core's PollContext against
 * the sandbox, with the platform's and n8n's clocks in the test's hands (helpers.ts).
 */
import { HOUR, MINUTE, usePollingSandbox } from './helpers';

describe('Voice Assistant Polling Trigger: exactly once, nothing missed', () => {
	const t = usePollingSandbox();

	it('first activation starts from now: calls that ended before are history, calls in progress are followed', async () => {
		const before = t.startCall();
		t.serverNow += 2 * MINUTE;
		t.endCall(before);
		const running = t.startCall();
		t.serverNow += MINUTE;

		const activation = await t.poll({ activationPoll: true });
		expect(activation.items).toEqual([]);
		expect(activation.persisted).toBe(true);

		t.serverNow += MINUTE;
		t.endCall(running);
		const fresh = t.startCall();
		t.serverNow += 30_000;
		t.endCall(fresh, 'no-answer');
		const next = await t.poll();
		expect(t.ids(next)).toEqual([running.id, fresh.id]);
		expect((await t.poll()).items).toEqual([]);
	});

	it('"Include Calls From the Last (Hours)" emits what ended in those hours at activation, nothing older', async () => {
		const old = t.startCall();
		t.serverNow += 5 * MINUTE;
		t.endCall(old);
		t.serverNow += 3 * HOUR;
		const recent = t.startCall();
		t.serverNow += 4 * MINUTE;
		t.endCall(recent);
		t.serverNow += 30 * MINUTE;

		const activation = await t.poll({ activationPoll: true, parameters: { options: { includeLastHours: 2 } } });
		expect(t.ids(activation)).toEqual([recent.id]);
		expect((await t.poll({ parameters: { options: { includeLastHours: 2 } } })).items).toEqual([]);
	});

	it('calls that end between polls and out of order are each emitted once, in the order they ended', async () => {
		await t.poll({ activationPoll: true });
		const first = t.startCall();
		t.serverNow += 10_000;
		const second = t.startCall();
		t.serverNow += 10_000;
		const third = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(third);
		expect(t.ids(await t.poll())).toEqual([third.id]);

		t.serverNow += 5 * MINUTE;
		t.endCall(first, 'busy');
		t.serverNow += 1000;
		t.endCall(second);
		expect(t.ids(await t.poll())).toEqual([first.id, second.id]);
		expect((await t.poll()).items).toEqual([]);
	});

	it('a call that lasts longer than the re-read window is still followed until it ends', async () => {
		await t.poll({ activationPoll: true });
		const long = t.startCall();
		for (let i = 0; i < 30; i++) {
			t.serverNow += MINUTE;
			t.startCall();
			expect((await t.poll()).items).toEqual([]);
		}
		t.endCall(long);
		expect(t.ids(await t.poll())).toEqual([long.id]);
	});

	it('while n8n is down (polls missed), calls start and end; the next poll emits each once', async () => {
		await t.poll({ activationPoll: true });
		const open = t.startCall();
		expect((await t.poll()).items).toEqual([]);
		const whileDown = [];
		for (let i = 0; i < 5; i++) {
			t.serverNow += 7 * MINUTE;
			const call = t.startCall();
			t.serverNow += MINUTE;
			t.endCall(call);
			whileDown.push(call.id);
		}
		t.endCall(open);
		const after = await t.poll({ after: 45 * MINUTE });
		expect(t.ids(after).sort()).toEqual([open.id, ...whileDown].sort());
		expect((await t.poll()).items).toEqual([]);
	});

	it('a page boundary that moves as new calls arrive loses nothing and repeats nothing', async () => {
		await t.poll({ activationPoll: true });
		// 250 calls end while n8n is down: three pages, more than one poll's share of the rate limit.
		const ended: number[] = [];
		const addEndedCalls = (count: number) => {
			for (let i = 0; i < count; i++) {
				t.serverNow += 10_000;
				const call = t.startCall();
				t.endCall(call);
				ended.push(call.id);
			}
		};
		addEndedCalls(250);
		const seen: number[] = [];
		const pagesPerPoll: number[] = [];
		for (let poll = 0; poll < 8; poll++) {
			// New calls arrive at the top between the polls of the thinned sweep, pushing the pages down.
			addEndedCalls(20);
			const before = t.listRequests().length;
			// Polls 5 s apart: a second page in one poll would exceed the burst share (2 per 10 s).
			seen.push(...t.ids(await t.poll({ after: 5000 })));
			pagesPerPoll.push(t.listRequests().length - before);
		}
		for (let poll = 0; poll < 3; poll++) seen.push(...t.ids(await t.poll({ after: 2 * MINUTE })));
		expect(new Set(seen).size).toBe(seen.length);
		expect([...seen].sort()).toEqual([...ended].sort());
		expect(Math.max(...pagesPerPoll)).toBe(1);
	});

	it('a restart of n8n resumes from what n8n saved: no duplicates, nothing missed, no history replayed', async () => {
		const history = t.startCall();
		t.endCall(history);
		t.serverNow += MINUTE;
		await t.poll({ activationPoll: true });
		const a = t.startCall();
		const b = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(a);
		expect(t.ids(await t.poll())).toEqual([a.id]);
		// A poll that emits nothing is not saved by n8n; then n8n restarts.
		const c = t.startCall();
		expect((await t.poll()).items).toEqual([]);
		t.restart();
		t.serverNow += MINUTE;
		t.endCall(b);
		t.endCall(c);
		const afterRestart = await t.poll({ activationPoll: true, after: 10 * MINUTE });
		expect(t.ids(afterRestart).sort()).toEqual([b.id, c.id].sort());
		expect((await t.poll()).items).toEqual([]);
	});

	it('deactivate, calls end meanwhile, activate: the trigger goes on where it stopped', async () => {
		await t.poll({ activationPoll: true });
		const during = t.startCall();
		expect((await t.poll()).items).toEqual([]);
		t.restart(); // deactivation: nothing runs, the static data stays
		t.serverNow += 20 * MINUTE;
		t.endCall(during);
		const later = t.startCall();
		t.serverNow += MINUTE;
		t.endCall(later);
		const reactivation = await t.poll({ activationPoll: true, after: 3 * HOUR });
		expect(t.ids(reactivation)).toEqual([during.id, later.id]);
	});

	it('another assistant or other server-side filters start afresh from now instead of replaying', async () => {
		await t.poll({ activationPoll: true });
		const other = t.startCall({ assistant_id: 5, type: 'inbound' });
		t.serverNow += MINUTE;
		t.endCall(other);
		const all = { assistantId: { __rl: true, mode: 'list', value: '' } };
		expect((await t.poll({ parameters: all, activationPoll: true })).items).toEqual([]);
		const next = t.startCall({ assistant_id: 5, type: 'inbound' });
		t.serverNow += MINUTE;
		t.endCall(next);
		expect(t.ids(await t.poll({ parameters: all }))).toEqual([next.id]);
	});
});
