/**
 * The pacer against the sandbox's rate limiter (sliding windows, epoch X-RateLimit-Reset, exact
 * retry_after when time-scaled) and against a server that speaks the other conventions
 * (seconds-until-reset, whole-second Retry-After, a single window). Everything runs in simulated
 * time (virtualTime.ts, 1 ms each way): what the pacer learns, how many 429s it collects and how
 * close to the limit it runs are its own doing, the same on a busy machine as on an idle one.
 */
import { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import { createRng } from '../../sandbox/prng';
import { RateLimiter } from '../../sandbox/rateLimit';
import type { RateLimitConfig } from '../../sandbox/rateLimit';
import { limiterServer, newStats, send, sendMany, theoreticalMs, type Server } from './driver';
import { VirtualTime, usePacerOn } from './virtualTime';

let time: VirtualTime;
let restoreClock: () => void;
beforeEach(() => {
	time = new VirtualTime();
	restoreClock = usePacerOn(time);
	// The pacer draws once per answer while the token is shared (tokenShare.ts): the same draws every run.
	jest.spyOn(Math, 'random').mockImplementation(createRng(29));
});
afterEach(() => {
	restoreClock();
	jest.restoreAllMocks();
});

/** timeScale 20: burst 20 per 0.5 s, 100 per 3 s. */
const FAST = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 20 };

function limiter(config: Partial<RateLimitConfig> | false = FAST): RateLimiter {
	const made = new RateLimiter();
	made.configure(config);
	return made;
}

function minimumFor(count: number, config = FAST): number {
	const fresh = limiter(config);
	return theoreticalMs((now) => fresh.check('token', now), count);
}

describe('a time-scaled limit (windows 20x shorter than documented)', () => {
	it('learns the real windows from the server and runs close to the limit, barely touching it', async () => {
		const pacer = new Pacer();
		const stats = await time.run(() => sendMany(time, pacer, limiterServer(limiter()), 130));
		const elapsed = stats.finishedAt - stats.startedAt;
		const minimum = minimumFor(130); // 3 s + 0.5 s: the minute window binds once

		expect(stats.ok).toBe(130);
		expect(stats.rejected).toBeLessThanOrEqual(3); // learning: one per window at most, plus jitter
		// Never faster than the limit allows; how close to it it runs is measured by `npm run bench -- p1`.
		expect(elapsed).toBeGreaterThanOrEqual(minimum - 50);
		expect(elapsed).toBeLessThan(minimum * 1.5);
		const { calibration, windows } = pacer.state();
		expect(calibration).toBe('measured');
		expect(windows[0].ms).toBeGreaterThan(3000 * 0.97);
		expect(windows[0].ms).toBeLessThan(3000 * 1.05);
		expect(windows[1].ms).toBeGreaterThan(500 * 0.97);
		expect(windows[1].ms).toBeLessThan(500 * 1.05);
	});

	it('keeps several parallel lanes on one budget', async () => {
		const pacer = new Pacer();
		const stats = await time.run(() => sendMany(time, pacer, limiterServer(limiter()), 130, 5));
		expect(stats.ok).toBe(130);
		expect(stats.rejected).toBeLessThanOrEqual(6);
		// Well above the minimum only if lanes waste the budget.
		expect(stats.finishedAt - stats.startedAt).toBeLessThan(minimumFor(130) * 1.3 + 500);
	});

	it('what it learned carries over to the next run on the same credential: no further 429', async () => {
		const pacer = new Pacer();
		const server = limiterServer(limiter());
		await time.run(() => sendMany(time, pacer, server, 45));
		const second = await time.run(() => sendMany(time, pacer, server, 60));
		expect(second.rejected).toBe(0);
	});

	it('two processes on one token (e.g. queue-mode workers) see each other in X-RateLimit-Remaining', async () => {
		const [a, b] = [new Pacer(), new Pacer()];
		// Both learned alone first, as long-running workers would have.
		await time.run(() => sendMany(time, a, limiterServer(limiter()), 25));
		await time.run(() => sendMany(time, b, limiterServer(limiter()), 25));
		const server = limiterServer(limiter());
		const shared = newStats(time);
		await time.run(() => Promise.all([sendMany(time, a, server, 60, 1, shared), sendMany(time, b, server, 60, 1, shared)]));
		expect(shared.ok).toBe(120);
		// Each counting only its own requests, they send into each other's bursts: 30+ rejections.
		expect(shared.rejected).toBeLessThan(12);
		expect(shared.finishedAt - shared.startedAt).toBeLessThan(minimumFor(120) * 1.3 + 200);
	});

	it('a fresh process joining a busy token goes by what the server says', async () => {
		const [busy, fresh] = [new Pacer(), new Pacer()];
		const server = limiterServer(limiter());
		await time.run(() => sendMany(time, busy, server, 25));
		const shared = newStats(time);
		await time.run(() => Promise.all([sendMany(time, busy, server, 60, 1, shared), sendMany(time, fresh, server, 60, 1, shared)]));
		expect(shared.ok).toBe(120);
		expect(shared.rejected).toBeLessThan(10);
		// The fresh one never learns the windows (the counts are not its own) and waits for whole-second
		// Resets: slower than the limit allows, but nowhere near the documented 20 per 10 s.
		expect(shared.finishedAt - shared.startedAt).toBeLessThan(minimumFor(145) * 1.6 + 200);
		expect(fresh.state().calibration).not.toBe('measured');
	});
});

describe('the documented limit in real time', () => {
	it('sends the burst of 20 and holds the 21st back instead of collecting a 429', async () => {
		const pacer = new Pacer();
		const server = limiterServer(limiter({ perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 1 }));
		await time.run(() => sendMany(time, pacer, server, 20));
		const controller = new AbortController();
		await time.run(async () => {
			const pending = send(time, pacer, server, newStats(time), controller.signal);
			await time.sleep(300);
			controller.abort(new Error('stop waiting'));
			await expect(pending).rejects.toThrow('stop waiting');
		});
		expect(server.received).toBe(20);
		expect(pacer.state()).toMatchObject({ enforced: true, calibration: 'documented' });
	});
});

describe('a server without a rate limit', () => {
	it('is not paced at all', async () => {
		const pacer = new Pacer();
		const stats = await time.run(() => sendMany(time, pacer, limiterServer(limiter(false)), 150, 4));
		expect(stats.ok).toBe(150);
		expect(pacer.state().enforced).toBe(false);
		// Paced at 20 per 10 s it would take a minute.
		expect(stats.finishedAt - stats.startedAt).toBeLessThan(3000);
	});
});

describe('a server with other conventions', () => {
	/** One sliding window of 10 per second; Reset in seconds-until-reset; 429 with Retry-After only. */
	function otherServer(): Server & { rejected: number } {
		const WINDOW = 1000;
		const LIMIT = 10;
		const hits: number[] = [];
		const server = Object.assign(
			(now: number) => {
				while (hits.length && hits[0] <= now - WINDOW) hits.shift();
				if (hits.length >= LIMIT) {
					server.rejected++;
					const wait = hits[hits.length - LIMIT] + WINDOW - now;
					return { status: 429, headers: { 'retry-after': String(Math.ceil(wait / 1000)) }, body: { message: 'slow down' } };
				}
				hits.push(now);
				const headers = {
					'x-ratelimit-limit': String(LIMIT),
					'x-ratelimit-remaining': String(LIMIT - hits.length),
					'x-ratelimit-reset': ((hits[0] + WINDOW - now) / 1000).toFixed(3),
				};
				return { status: 200, headers, body: [] };
			},
			{ rejected: 0 },
		);
		return server;
	}

	it('reads seconds-until-reset, drops the burst window a limit of 10 makes pointless, and keeps pace', async () => {
		const pacer = new Pacer();
		const other = otherServer();
		const stats = await time.run(() => sendMany(time, pacer, other, 40));
		expect(stats.ok).toBe(40);
		expect(other.rejected).toBeLessThanOrEqual(2);
		// 10 per second: the 40th request can go at 3 s at the earliest.
		expect(stats.finishedAt - stats.startedAt).toBeLessThan(3000 * 1.5); // not paced by a window it dropped
		const { windows } = pacer.state();
		expect(windows[0]).toMatchObject({ limit: 10 });
		expect(windows[0].ms).toBeGreaterThan(950);
		expect(windows[0].ms).toBeLessThan(1100);
		expect(windows[1].limit).toBe(Infinity);
	});
});
