/**
 * Requests in Parallel left at its default (automatic): the node chooses how many items are in
 * flight. It runs several at once but never more than the bound; under the platform's rate-limit
 * headers it stays inside them. Output order and pairedItem hold. In-flight requests are counted
 * at the server: where a test asserts how many run at once, the sandbox's gate holds them until the
 * test lets them go, and every answer counts as quick (tuneConcurrency), so the count climbs on
 * answers alone whatever the machine's load; the most at once over the whole run (an upper bound,
 * which a busy machine cannot push up) while the sandbox holds them for its latency.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { SandboxApp } from '../../sandbox/app';
import { runNode } from '../harness';
import { useSandbox } from '../helpers/sandbox';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { AUTO_CONCURRENCY, AutoConcurrency, tuneConcurrency } from '../../nodes/VoiceAssistant/engine/batch/concurrency';

// calls never end here (an hour a step): nothing to wait for before stopping
const sb = useSandbox({ callTiming: { stepMs: 3_600_000 }, resetPacers: true, waitForIdle: false });
let inFlight = 0;
let peak = 0;
let series = 0;

beforeAll(() => {
	const app = sb as SandboxApp;
	const delay = app.delay.bind(app);
	app.delay = async (ms: number) => {
		inFlight++;
		peak = Math.max(peak, inFlight);
		try {
			await delay(ms);
		} finally {
			inFlight--;
		}
	};
});
beforeEach(() => {
	sb.setRateLimit(undefined);
	peak = 0;
	series++;
});

function phones(count: number): string[] {
	return Array.from({ length: count }, (_, i) => `+49176${String(series).padStart(3, '0')}${String(i).padStart(4, '0')}`);
}

async function createLeads(numbers: string[], requestOptions: IDataObject = {}) {
	const parameters: INodeParameters = {
		resource: 'lead',
		operation: 'create',
		campaignId: { __rl: true, mode: 'id', value: '1' },
		phoneNumber: '={{ $json.phone }}',
		additionalFields: { allowDuplicates: true },
	};
	if (Object.keys(requestOptions).length > 0) parameters.requestOptions = requestOptions as INodeParameters;
	return await runNode({
		node: VoiceAssistant,
		parameters,
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
		items: numbers.map((phone) => ({ phone })),
	});
}

function expectInOrder(result: Awaited<ReturnType<typeof createLeads>>, numbers: string[]) {
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.pairedItem)).toEqual(numbers.map((_, item) => ({ item })));
	expect(result.items.map((item) => item.json.phone_number)).toEqual(numbers);
	for (const phone of numbers) expect(sb.store.leads.filter((lead) => lead.phone_number === phone)).toHaveLength(1);
}

/**
 * Lets the leads' requests through the gate in waves, each once `size` are held at once, then
 * returns once `atOnce` are held together (that many in flight at the same moment) and opens it.
 */
async function wavesUntil(sizes: number[], atOnce: number): Promise<void> {
	for (const size of sizes) {
		await sb.gate.whenHeld(size);
		sb.gate.release();
	}
	await sb.gate.whenHeld(atOnce);
	sb.gate.open();
}

describe('automatic concurrency against the sandbox', () => {
	beforeAll(() => tuneConcurrency({ toleranceMs: 60_000 }));
	afterAll(() => tuneConcurrency());
	afterEach(() => sb.gate.open());

	it('at default settings runs several requests at once, never more than the ceiling', async () => {
		sb.setLatency(20);
		const numbers = phones(120);
		sb.gate.hold({ method: 'POST', path: '/user/lead' });
		const run = createLeads(numbers);
		// The first request alone (the pacer's first contact); its answer lets 5 go; theirs, 10.
		await wavesUntil([1, 5], AUTO_CONCURRENCY.start * 2);
		const result = await run;
		expectInOrder(result, numbers);
		expect(sb.gate.most).toBeGreaterThanOrEqual(AUTO_CONCURRENCY.start * 2);
		expect(peak).toBeLessThanOrEqual(AUTO_CONCURRENCY.max);
	});

	it.each([1, 3])('Requests in Parallel %i is an upper bound that is reached', async (bound) => {
		sb.setLatency(20);
		const numbers = phones(30);
		sb.gate.hold({ method: 'POST', path: '/user/lead' });
		const run = createLeads(numbers, { parallelRequests: bound });
		await wavesUntil([1], bound);
		const result = await run;
		expectInOrder(result, numbers);
		expect(sb.gate.most).toBe(bound);
		expect(peak).toBeLessThanOrEqual(bound);
	});

	it('under the rate-limit headers (time-scaled documented limit) stays inside them: at most the burst in flight, every 429 sent again, each lead once', async () => {
		// 20 per 0.5 s and 100 per 3 s. How many 429s the pacer collects while it learns the windows
		// depends on the timing of every answer, so it is asserted where time is simulated
		// (test/transport/pacer.test.ts: at most 3 for 130 requests, 6 over 5 lanes), not here.
		sb.setRateLimit({ perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 20 });
		sb.setLatency(5);
		const numbers = phones(70);
		const result = await createLeads(numbers);
		expectInOrder(result, numbers);
		const posts = sb.requests.filter((request) => request.path === '/api/user/lead');
		expect(posts.filter((request) => request.status !== 429)).toHaveLength(70);
		expect(peak).toBeLessThanOrEqual(20);
	});
});

describe('AutoConcurrency (the rules alone)', () => {
	const answer = (over: Partial<Parameters<AutoConcurrency['observe']>[0]> = {}) => ({
		status: 200,
		latencyMs: 20,
		pacedMs: 0,
		limited: false,
		...over,
	});

	it('starts with a few and doubles per round of quick answers up to the bound', () => {
		const c = new AutoConcurrency(AUTO_CONCURRENCY.max, () => 0);
		expect(c.limit()).toBe(AUTO_CONCURRENCY.start);
		for (let i = 0; i < 4; i++) c.observe(answer());
		expect(c.limit()).toBe(AUTO_CONCURRENCY.start * 2);
		for (let i = 0; i < 100; i++) c.observe(answer());
		expect(c.limit()).toBe(AUTO_CONCURRENCY.max);
		expect(new AutoConcurrency(3).limit()).toBe(3);
	});

	it('halves on a 429 and steps down to 2 while the pacer holds requests back', () => {
		let now = 0;
		const c = new AutoConcurrency(32, () => now);
		for (let i = 0; i < 28; i++) c.observe(answer());
		expect(c.limit()).toBe(32);
		c.observe(answer({ status: 429 }));
		expect(c.limit()).toBe(16);
		for (let i = 0; i < 30; i++) {
			now += 10;
			c.observe(answer({ limited: true, pacedMs: 500 }));
		}
		expect(c.limit()).toBe(AUTO_CONCURRENCY.whileLimited);
	});

	it('has no more in progress than X-RateLimit-Remaining says the platform still takes', () => {
		const c = new AutoConcurrency(32, () => 0);
		for (let i = 0; i < 28; i++) c.observe(answer());
		c.observe(answer({ limited: true, remaining: 3 }));
		expect(c.limit()).toBe(3);
		c.observe(answer({ limited: true, remaining: 0 }));
		expect(c.limit()).toBe(1);
		// Once the pacer has measured the windows, one more may wait at the pacer, unsent.
		c.observe(answer({ limited: true, remaining: 0, measured: true }));
		expect(c.limit()).toBe(AUTO_CONCURRENCY.whileLimited);
		// Room again: it grows back, one per round trip, never past what Remaining allows.
		for (let i = 0; i < 200; i++) c.observe(answer({ limited: true, remaining: 10 }));
		expect(c.limit()).toBe(10);
	});

	it('backs off by 10 % once per round trip when latency climbs far above the fastest answer', () => {
		let now = 0;
		const c = new AutoConcurrency(32, () => now);
		for (let i = 0; i < 28; i++) c.observe(answer());
		expect(c.limit()).toBe(32);
		now = 1000;
		c.observe(answer({ latencyMs: 100 }));
		c.observe(answer({ latencyMs: 100 })); // same round trip: no second step
		expect(c.limit()).toBe(28);
		now = 1200;
		c.observe(answer({ latencyMs: 100 }));
		expect(c.limit()).toBe(25);
	});
});
