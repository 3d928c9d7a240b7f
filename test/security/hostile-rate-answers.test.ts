/**
 * Issue #19, finding 4: one odd answer slowed a token for the life of the process (a 429 with
 * retry_after 299.9 learnt as a 32-minute window; X-RateLimit-Limit: 1 made each request wait half
 * an hour). Now nothing a single answer says slows the token longer than the platform's own window,
 * lessons stay within twice the documented windows and expire unless confirmed, and a wait for a
 * slot is bounded by what the request has left of its retry budget.
 */
import { LEARNT } from '../../nodes/VoiceAssistant/transport/pacerModel';
import { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import type { RateInfo } from '../../nodes/VoiceAssistant/transport/rateHeaders';
import { SlotWaitTooLong } from '../../nodes/VoiceAssistant/transport/slotWait';

/** n answered requests, each told `info` (a rate-limit header, so the pacer enforces). */
async function answer(pacer: Pacer, n: number, info: (i: number) => RateInfo, status = () => 200) {
	for (let i = 0; i < n; i++) {
		const ticket = await pacer.acquire(undefined, 5_000);
		ticket.settle(status(), info(i), Date.now());
	}
}

const documented = () => new Pacer().state().windows.map(({ limit, ms }) => ({ limit, ms }));
const windowsOf = (pacer: Pacer) => pacer.state().windows.map(({ limit, ms }) => ({ limit, ms }));

afterEach(() => jest.restoreAllMocks());

describe('one hostile answer', () => {
	it('a 429 asking for 299.9 s teaches no window and blocks nobody; the next requests go at once', async () => {
		const pacer = new Pacer();
		await answer(pacer, 20, (i) => ({ remaining: 99 - i }));
		const rejected = await pacer.acquire(undefined, 5_000);
		rejected.settle(429, { retryAfterMs: 299_900, retryAfterPrecise: true, remaining: 0 }, Date.now());
		expect(windowsOf(pacer)).toEqual(documented());
		expect(pacer.state().blockedUntil).toBeLessThanOrEqual(Date.now());
		const started = Date.now();
		await answer(pacer, 5, () => ({ remaining: 50 }));
		expect(Date.now() - started).toBeLessThan(1000);
	});

	it('X-RateLimit-Limit: 1 (or 10 million) is not believed', async () => {
		for (const limit of [1, 0.5, 10_000_000]) {
			const pacer = new Pacer();
			await answer(pacer, 3, (i) => ({ limit, remaining: 99 - i }));
			expect(pacer.state().windows[0].limit).toBe(100);
		}
	});

	it('a Reset a day away teaches nothing', async () => {
		const pacer = new Pacer();
		await answer(pacer, 3, () => ({ remaining: 90, resetAt: Date.now() + 86_400_000, resetPrecise: true }));
		expect(windowsOf(pacer)).toEqual(documented());
	});

	it('a block anyone asks for lasts at most the documented minute', () => {
		const pacer = new Pacer();
		pacer.blockUntil(Date.now() + 86_400_000);
		expect(pacer.state().blockedUntil - Date.now()).toBeLessThanOrEqual(LEARNT.longestBlockMs);
	});
});

describe('what a 429 measures', () => {
	/** 20 answered requests (the burst window's limit), then a 429 naming `retryAfterMs`: measures the burst window from our log. */
	async function measured(retryAfterMs: number) {
		const pacer = new Pacer();
		await answer(pacer, 20, (i) => ({ remaining: 99 - i }));
		const rejected = await pacer.acquire(undefined, 5_000);
		rejected.settle(429, { retryAfterMs, retryAfterPrecise: true, remaining: 0 }, Date.now());
		return pacer;
	}

	it('a plausible one is learnt', async () => {
		const pacer = await measured(15_000);
		expect(pacer.state().calibration).toBe('measured');
		expect(pacer.state().windows[1].ms).toBeGreaterThan(14_000);
	});

	it('never makes a window longer than twice the documented one', async () => {
		const pacer = await measured(110_000);
		const [minute, burst] = pacer.state().windows;
		expect(burst.ms).toBeLessThanOrEqual(10_000 * LEARNT.longestFactor);
		expect(minute.ms).toBeLessThanOrEqual(60_000 * LEARNT.longestFactor);
	});

	it('expires unless answers confirm it: after the lesson time the documented windows are back', async () => {
		const pacer = await measured(15_000);
		expect(pacer.state().calibration).toBe('measured');
		jest.spyOn(Date, 'now').mockReturnValue(Date.now() + LEARNT.ttlMs + 1000);
		// the next request looks at its windows again, and goes at once
		await pacer.acquire(undefined, 1_000);
		expect(pacer.state().calibration).toBe('documented');
		expect(windowsOf(pacer)).toEqual(documented());
	});
});

describe('a wait for a slot', () => {
	it('longer than the request has left fails at once instead of sleeping past it', async () => {
		const pacer = new Pacer();
		await answer(pacer, 1, () => ({ remaining: 10 }));
		pacer.blockUntil(Date.now() + 30_000);
		const started = Date.now();
		await expect(pacer.acquire(undefined, 1_000)).rejects.toBeInstanceOf(SlotWaitTooLong);
		expect(Date.now() - started).toBeLessThan(500);
	});
});
