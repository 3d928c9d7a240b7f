/**
 * Calling Hours → Wait Until Allowed does not hold a Requests in Parallel slot while it waits: in a
 * batch of 100 where 90 numbers wait for the morning, the other 10 are sent at once, as many at a
 * time as the limit allows, and the waiting ones follow when their window opens. Both the rules'
 * clock and the platform are in the test's hands (a clock that stands still until moved, a sandbox
 * gate that holds calls until released), so the counts do not depend on the machine's speed.
 */
import type { Sandbox } from '../../sandbox';
import { expectOk, jsonOf, makeCalls, makeParams, manualRulesClock, resetRulesClock, useSandbox } from './helpers';

// A fresh pacer per test: it sends one request until the platform has answered once (first contact).
const t = useSandbox({ resetPacers: true });
afterEach(resetRulesClock);
afterEach(() => t.sb.gate.open());

// Tuesday 2026-11-24 15:30 UTC: New York 10:30 (open), Los Angeles 07:30 (opens at 09:00 = 17:00 UTC).
const TUESDAY = '2026-11-24T15:30:00Z';
const LOS_ANGELES_OPENS = '2026-11-24T17:00:00Z';
const PARALLEL = 4;

/** 100 numbers: every tenth in New York (open now), the others in Los Angeles (waiting), each once. */
const items = Array.from({ length: 100 }, (_, i) =>
	i % 10 === 9 ? { phone: `+1212555${String(100 + (i - 9) / 10).padStart(4, '0')}` } : { phone: `+1415555${String(100 + i).padStart(4, '0')}` },
);
const newYork = items.filter((_, i) => i % 10 === 9).map((item) => item.phone);

/**
 * Lets `count` calls through the gate in rounds: each round waits until `parallel` calls (or the
 * rest) are held at the same moment, checks there are no more, and releases them.
 */
async function letThrough(sb: Sandbox, count: number, parallel: number): Promise<void> {
	for (let left = count; left > 0; ) {
		const round = Math.min(parallel, left);
		await sb.gate.whenHeld(round, 5_000);
		expect(sb.gate.held).toBe(round);
		sb.gate.release(round);
		left -= round;
	}
}

describe('Calling Hours: Wait Until Allowed does not take a Requests in Parallel slot while it waits', () => {
	it(`100 items, 90 outside hours: the 10 allowed are all sent first, ${PARALLEL} at once; the 90 follow at 09:00, ${PARALLEL} at once; output in input order`, async () => {
		const clock = manualRulesClock(TUESDAY);
		t.sb.gate.hold({ method: 'POST', path: '/user/make_call' });
		const run = t.run(makeParams({ callingHours: true, outsideCallingHours: 'wait', callingHoursMaxWait: 12, requestOptions: { parallelRequests: PARALLEL } }), {
			items,
		});

		await letThrough(t.sb, 1, 1);
		await letThrough(t.sb, newYork.length - 1, PARALLEL);
		// Every allowed call went out while the clock stood still: no waiting item was released.
		await t.sb.gate.whenHeld(0);
		expect(makeCalls(t.sb).map((call) => call.phone_number)).toEqual(newYork);
		expect(clock.sleeping()).toBe(90);

		clock.moveTo(LOS_ANGELES_OPENS);
		await letThrough(t.sb, 90, PARALLEL);
		const result = expectOk(await run);
		const out = jsonOf(result);

		expect(t.sb.gate.most).toBe(PARALLEL);
		const calls = makeCalls(t.sb).map((call) => call.phone_number as string);
		expect(calls.slice(0, 10)).toEqual(newYork);
		expect([...calls].sort()).toEqual(items.map((item) => item.phone).sort());
		expect(out.map((json) => json.phone_number)).toEqual(items.map((item) => item.phone));
		expect(result.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(out[0].callee_local_time).toBe('2026-11-24 09:00 (America/Los_Angeles, UTC-08:00)');
		expect(out[9].callee_local_time).toBe('2026-11-24 10:30 (America/New_York, UTC-05:00)');
	});
});
