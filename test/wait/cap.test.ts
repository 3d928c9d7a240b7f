/**
 * Make with Wait under Requests in Parallel: a cap on calls in progress at once. What runs at once
 * is counted where the test holds it (the sandbox's gate keeps the calls' make_call requests until
 * the test lets them go), and every answer counts as quick (tuneConcurrency), so the automatic count
 * climbs on answers alone: a busy machine can make this slower, not different.
 */
import { AUTOMATIC_CALLS_IN_PROGRESS } from '../../nodes/VoiceAssistant/engine/wait/fields';
import { tuneConcurrency } from '../../nodes/VoiceAssistant/engine/batch/concurrency';
import type { Sandbox } from '../../sandbox';
import { makeCallRequests, useWaitSandbox, waitParams } from './helpers';

const ITEMS = 32;
/** A wave of calls lasts seconds and the wait's polls keep to their share: patience, not speed. */
const PATIENCE_MS = 60_000;
jest.setTimeout(3 * PATIENCE_MS);

beforeAll(() => tuneConcurrency({ toleranceMs: 60_000 }));
afterAll(() => tuneConcurrency());

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

/**
 * Lets the first waves of calls through the gate: the first request alone (the pacer's first
 * contact), then each wave once `size` are held at once. Returns once `atOnce` calls are held
 * together, which proves that many items in progress at the same moment.
 */
async function wavesUntil(sb: Sandbox, sizes: number[], atOnce: number): Promise<void> {
	for (const size of sizes) {
		await sb.gate.whenHeld(size, PATIENCE_MS);
		sb.gate.release();
	}
	await sb.gate.whenHeld(atOnce, PATIENCE_MS);
}

describe('Make with Wait and Requests in Parallel', () => {
	const t = useWaitSandbox({ callTiming: { stepMs: 300 }, rateLimit: false });
	afterEach(() => t.sb.gate.open());

	it(`automatic: at most ${AUTOMATIC_CALLS_IN_PROGRESS} calls in progress at once; every call placed once, output in input order`, async () => {
		const items = customers(10);
		t.sb.gate.hold({ method: 'POST', path: '/user/make_call' });
		const run = t.run(waitParams(), { items });
		// 1, then the other 3 of the first 4 (more than one at once), then the count climbs on their answers.
		await wavesUntil(t.sb, [1], 3);
		t.sb.gate.release();
		await t.sb.gate.whenHeld(AUTOMATIC_CALLS_IN_PROGRESS - 3, PATIENCE_MS);
		t.sb.gate.open();
		const result = await run;
		if (result.error) throw result.error;
		const phones = items.map((item) => item.phone);
		expect(result.items.map((item) => item.json.customer_phone)).toEqual(phones);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, index) => ({ item: index })));
		expect(result.items.every((item) => item.json.status === 'completed')).toBe(true);
		expect(makeCallRequests(t.sb).filter((r) => phones.includes((r.body as { phone_number: string }).phone_number))).toHaveLength(ITEMS);
		expect(t.sb.gate.most).toBeLessThanOrEqual(AUTOMATIC_CALLS_IN_PROGRESS);
		expect(mostCallsAtOnce(t.sb, phones)).toBeLessThanOrEqual(AUTOMATIC_CALLS_IN_PROGRESS);
	});
});

describe('Make with Wait and Requests in Parallel set by the user', () => {
	const t = useWaitSandbox({ callTiming: { stepMs: 300 }, rateLimit: false });
	afterEach(() => t.sb.gate.open());

	it('is the bound instead of the automatic cap', async () => {
		const items = customers(11);
		t.sb.gate.hold({ method: 'POST', path: '/user/make_call' });
		const run = t.run(waitParams({ requestOptions: { parallelRequests: 16 } }), { items });
		// 1, 3, then a doubled wave of 8: its answers take the count past the automatic cap.
		await wavesUntil(t.sb, [1, 3, 8], AUTOMATIC_CALLS_IN_PROGRESS + 1);
		t.sb.gate.open();
		const result = await run;
		if (result.error) throw result.error;
		const phones = items.map((item) => item.phone);
		expect(result.items.map((item) => item.json.customer_phone)).toEqual(phones);
		expect(t.sb.gate.most).toBeGreaterThan(AUTOMATIC_CALLS_IN_PROGRESS);
		expect(t.sb.gate.most).toBeLessThanOrEqual(16);
		expect(mostCallsAtOnce(t.sb, phones)).toBeLessThanOrEqual(16);
	});
});
