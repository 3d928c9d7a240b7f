/**
 * The pacer against the sandbox's real rate limiter (sliding windows, epoch X-RateLimit-Reset, exact
 * retry_after when time-scaled) and against a small server that speaks the other conventions
 * (seconds-until-reset, whole-second Retry-After, a single window).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox, type Sandbox } from '../../sandbox';
import { RateLimiter } from '../../sandbox/rateLimit';
import { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import { newStats, send, sendMany, theoreticalMs } from './driver';

let sb: Sandbox;
let url: string;
beforeAll(async () => {
	sb = await startSandbox({ quiet: true });
	url = `${sb.baseUrl}/user/assistants/models`;
});
afterAll(async () => await sb.stop());
beforeEach(() => {
	sb.setRateLimit(false);
	sb.clearRequests();
});

/** timeScale 20: burst 20 per 0.5 s, 100 per 3 s. */
const FAST = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 20 };

function minimumFor(count: number, config = FAST): number {
	const limiter = new RateLimiter();
	limiter.configure(config);
	return theoreticalMs((now) => limiter.check('token', now), count);
}

describe('a time-scaled limit (windows 20x shorter than documented)', () => {
	it('learns the real windows from the server and runs close to the limit, barely touching it', async () => {
		sb.setRateLimit(FAST);
		const pacer = new Pacer();
		const stats = await sendMany(pacer, url, sb.tokens.alice, 130);
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
		sb.setRateLimit(FAST);
		const pacer = new Pacer();
		const stats = await sendMany(pacer, url, sb.tokens.alice, 130, 5);
		expect(stats.ok).toBe(130);
		expect(stats.rejected).toBeLessThanOrEqual(6);
		// Well above the minimum only if lanes waste the budget; loose enough for a loaded 2-core machine.
		expect(stats.finishedAt - stats.startedAt).toBeLessThan(minimumFor(130) * 1.3 + 500);
	});

	it('what it learned carries over to the next run on the same credential: no further 429', async () => {
		sb.setRateLimit(FAST);
		const pacer = new Pacer();
		await sendMany(pacer, url, sb.tokens.alice, 45);
		const second = await sendMany(pacer, url, sb.tokens.alice, 60);
		expect(second.rejected).toBe(0);
	});

	it('two processes on one token (e.g. queue-mode workers) see each other in X-RateLimit-Remaining', async () => {
		sb.setRateLimit(FAST);
		const [a, b] = [new Pacer(), new Pacer()];
		// Both learned alone first, as long-running workers would have.
		await sendMany(a, url, sb.tokens.alice, 25);
		sb.setRateLimit(FAST);
		await sendMany(b, url, sb.tokens.alice, 25);
		sb.setRateLimit(FAST);
		const shared = newStats();
		await Promise.all([sendMany(a, url, sb.tokens.alice, 60, 1, shared), sendMany(b, url, sb.tokens.alice, 60, 1, shared)]);
		expect(shared.ok).toBe(120);
		// Each counting only its own requests, they send into each other's bursts: 30+ rejections.
		expect(shared.rejected).toBeLessThan(12);
		expect(shared.finishedAt - shared.startedAt).toBeLessThan(minimumFor(120) * 1.3 + 200);
	});

	it('a fresh process joining a busy token goes by what the server says', async () => {
		sb.setRateLimit(FAST);
		const [busy, fresh] = [new Pacer(), new Pacer()];
		await sendMany(busy, url, sb.tokens.alice, 25);
		const shared = newStats();
		await Promise.all([sendMany(busy, url, sb.tokens.alice, 60, 1, shared), sendMany(fresh, url, sb.tokens.alice, 60, 1, shared)]);
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
		sb.setRateLimit({ perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 1 });
		const pacer = new Pacer();
		await sendMany(pacer, url, sb.tokens.alice, 20);
		const controller = new AbortController();
		const pending = send(pacer, url, sb.tokens.alice, newStats(), controller.signal);
		await new Promise((resolve) => setTimeout(resolve, 300));
		controller.abort(new Error('stop waiting'));
		await expect(pending).rejects.toThrow('stop waiting');
		expect(sb.requests).toHaveLength(20);
		expect(sb.requests.every((request) => request.status === 200)).toBe(true);
		expect(pacer.state()).toMatchObject({ enforced: true, calibration: 'documented' });
	});
});

describe('a server without a rate limit', () => {
	it('is not paced at all', async () => {
		const pacer = new Pacer();
		const started = Date.now();
		const stats = await sendMany(pacer, url, sb.tokens.alice, 150, 4);
		expect(stats.ok).toBe(150);
		expect(pacer.state().enforced).toBe(false);
		expect(Date.now() - started).toBeLessThan(3000); // paced at 20 per 10 s it would take a minute
	});
});

describe('a server with other conventions', () => {
	/** One sliding window of 10 per second; Reset in seconds-until-reset; 429 with Retry-After only. */
	function startOtherServer(): Promise<{ url: string; hits: number[]; rejected: () => number; close(): Promise<void> }> {
		const WINDOW = 1000;
		const LIMIT = 10;
		const hits: number[] = [];
		let rejected = 0;
		const server = http.createServer((req, res) => {
			const now = Date.now();
			while (hits.length && hits[0] <= now - WINDOW) hits.shift();
			if (hits.length >= LIMIT) {
				rejected++;
				const wait = hits[hits.length - LIMIT] + WINDOW - now;
				res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(Math.ceil(wait / 1000)) });
				res.end(JSON.stringify({ message: 'slow down' }));
				return;
			}
			hits.push(now);
			res.writeHead(200, {
				'Content-Type': 'application/json',
				'X-RateLimit-Limit': String(LIMIT),
				'X-RateLimit-Remaining': String(LIMIT - hits.length),
				'X-RateLimit-Reset': ((hits[0] + WINDOW - now) / 1000).toFixed(3),
			});
			res.end('[]');
		});
		return new Promise((resolve) =>
			server.listen(0, '127.0.0.1', () =>
				resolve({
					url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`,
					hits,
					rejected: () => rejected,
					close: () => new Promise((done) => server.close(() => done())),
				}),
			),
		);
	}

	it('reads seconds-until-reset, drops the burst window a limit of 10 makes pointless, and keeps pace', async () => {
		const other = await startOtherServer();
		try {
			const pacer = new Pacer();
			const stats = await sendMany(pacer, other.url, 'token', 40);
			expect(stats.ok).toBe(40);
			expect(other.rejected()).toBeLessThanOrEqual(2);
			// 10 per second: the 40th request can go at 3 s at the earliest.
			expect(stats.finishedAt - stats.startedAt).toBeLessThan(3000 * 1.5); // not paced by a window it dropped
			const { windows } = pacer.state();
			expect(windows[0]).toMatchObject({ limit: 10 });
			expect(windows[0].ms).toBeGreaterThan(950);
			expect(windows[0].ms).toBeLessThan(1100);
			expect(windows[1].limit).toBe(Infinity);
		} finally {
			await other.close();
		}
	});
});
