/** Make with Wait under automatic Requests in Parallel: a cap on calls in progress at once. */
import { AUTOMATIC_CALLS_IN_PROGRESS } from '../../nodes/VoiceAssistant/actions/call/wait/fields';
import type { Sandbox } from '../../sandbox';
import { makeCallRequests, useWaitSandbox, waitParams } from './helpers';

const ITEMS = 32;

/** Distinct numbers ending in 0 (the sandbox lets those calls be answered and completed). */
const customers = (prefix: number) =>
	Array.from({ length: ITEMS }, (_, i) => ({ phone: `+4917612${prefix}${String(i).padStart(2, '0')}0`, name: `Customer ${i}` }));

/** Most of these numbers' calls that were going on at the same moment, from the platform's own records. */
function mostCallsAtOnce(sb: Sandbox, phones: string[]): number {
	const calls = sb.store.calls.filter((call) => phones.includes(call.client_phone_number));
	const events = calls.flatMap((call) => [
		{ at: call.created_at, step: 1 },
		{ at: call.finished_at ?? Infinity, step: -1 },
	]);
	// An end and a start at the same ms: the end first (the slot was free again).
	events.sort((a, b) => a.at - b.at || a.step - b.step);
	let now = 0;
	let most = 0;
	for (const event of events) most = Math.max(most, (now += event.step));
	return most;
}

describe('Make with Wait and Requests in Parallel', () => {
	// Short calls in several waves, no rate limit to hold requests back and little latency: the
	// automatic count climbs with every answer, past the cap if nothing held it (16 at once without it).
	const t = useWaitSandbox({ callTiming: { stepMs: 300 }, latencyMs: 20, rateLimit: false });

	it(`automatic: at most ${AUTOMATIC_CALLS_IN_PROGRESS} calls in progress at once; every call placed once, output in input order`, async () => {
		const items = customers(10);
		const result = await t.run(waitParams(), { items });
		if (result.error) throw result.error;
		const phones = items.map((item) => item.phone);
		expect(result.items.map((item) => item.json.customer_phone)).toEqual(phones);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, index) => ({ item: index })));
		expect(result.items.every((item) => item.json.status === 'completed')).toBe(true);
		expect(makeCallRequests(t.sb).filter((r) => phones.includes((r.body as { phone_number: string }).phone_number))).toHaveLength(ITEMS);
		const most = mostCallsAtOnce(t.sb, phones);
		expect(most).toBeLessThanOrEqual(AUTOMATIC_CALLS_IN_PROGRESS);
		expect(most).toBeGreaterThan(1);
	});
});

describe('Make with Wait and Requests in Parallel set by the user', () => {
	// Longer calls than above: the count climbs past the automatic cap while the first calls are still
	// going on, also on a busy machine whose slower answers hold the climb back (CI once saw 8 at once
	// with 1.5 s calls).
	const t = useWaitSandbox({ callTiming: { stepMs: 900 }, latencyMs: 20, rateLimit: false });

	it('is the bound instead of the automatic cap', async () => {
		const items = customers(11);
		const result = await t.run(waitParams({ requestOptions: { parallelRequests: 16 } }), { items });
		if (result.error) throw result.error;
		const phones = items.map((item) => item.phone);
		expect(result.items.map((item) => item.json.customer_phone)).toEqual(phones);
		const most = mostCallsAtOnce(t.sb, phones);
		expect(most).toBeGreaterThan(AUTOMATIC_CALLS_IN_PROGRESS);
		expect(most).toBeLessThanOrEqual(16);
	});
});
