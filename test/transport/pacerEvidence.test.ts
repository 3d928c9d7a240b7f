/**
 * Issue #39: what may make the pacer faster than the documented windows (windowProof.ts). Timings the
 * process records itself can be distorted by a busy event loop, so a lesson drawn from them never
 * paces (nor moves the polling share) faster than documented; only the server accepting more than a
 * window's limit within a span (first send → last answer) proves a shorter window, and that proof
 * lasts only while the server keeps proving it. In simulated time (virtualTime.ts).
 */
import { PollBudget } from '../../nodes/VoiceAssistant/engine/wait/budget';
import { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import { LEARNT, type PacerTicket } from '../../nodes/VoiceAssistant/transport/pacerModel';
import { readRateInfo } from '../../nodes/VoiceAssistant/transport/rateHeaders';
import { createRng } from '../../sandbox/prng';
import { RateLimiter, type RateDecision } from '../../sandbox/rateLimit';
import { limiterServer, sendMany, theoreticalMs } from './driver';
import { VirtualTime, usePacerOn } from './virtualTime';

let time: VirtualTime;
let restoreClock: () => void;
beforeEach(() => {
	time = new VirtualTime();
	restoreClock = usePacerOn(time);
	jest.spyOn(Math, 'random').mockImplementation(createRng(39));
});
afterEach(() => {
	restoreClock();
	jest.restoreAllMocks();
});

const DOCUMENTED_MS = [60_000, 10_000];

function limiter(timeScale: number, preciseReset = false): RateLimiter {
	const made = new RateLimiter();
	made.configure({ perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale, preciseReset });
	return made;
}

describe('a lesson from timings a busy loop distorted', () => {
	it('a 429 read on time against answers read late teaches a window shorter than the server\'s; the pacer and the polling share do not go faster than the server proved', async () => {
		// A time-scaled server (burst 20 per 0.5 s) that names its waits to the millisecond.
		const server = limiter(20, true);
		const pacer = new Pacer();
		const answer = (ticket: PacerTicket, status: number, decision: RateDecision | null) => {
			const headers = Object.fromEntries(Object.entries(decision?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
			const body = status === 429 ? { retry_after: decision?.retryAfter } : [];
			ticket.settle(status, readRateInfo(status, headers, body, time.now), time.now);
		};
		const measuredAt = await time.run(async () => {
			// A first request long ago, answered at once.
			answer(await pacer.acquire(), 200, server.check('token', time.now));
			await time.sleep(11_000);
			// 20 requests counted at once; the busy loop reads their answers 300 ms later.
			const tickets: PacerTicket[] = [];
			for (let i = 0; i < 20; i++) tickets.push(await pacer.acquire());
			const decisions = tickets.map(() => server.check('token', time.now));
			await time.sleep(300);
			for (const [i, ticket] of tickets.entries()) answer(ticket, 200, decisions[i]);
			// The next request is refused and its 429 read at once: "the next slot frees in 200 ms",
			// set against answer times 300 ms late, measures a 200 ms window (the server's is 500 ms).
			const ticket = await pacer.acquire();
			const decision = server.check('token', time.now);
			expect(decision?.allowed).toBe(false);
			answer(ticket, 429, decision);
			return pacer.windows[1].ms;
		});
		// The lesson is taken (it may earn a probe the server can refuse)...
		expect(measuredAt).toBeLessThan(300);
		// ...but the pacer paces, and the polling share follows, only what the server proved (here the
		// first answer's Reset: at most 500 ms plus its trip), never the 200 ms lesson.
		const [minute, burst] = pacer.state().windows;
		expect(burst.ms).toBeGreaterThanOrEqual(500);
		expect(minute.ms).toBeGreaterThanOrEqual(3000);
		expect(new PollBudget(pacer, 0.1).spacingMs()).toBeGreaterThanOrEqual(300); // 10 per 3 s, 2 per 0.5 s at most
	});
});

describe('a time-scaled server (20x: 20 per 0.5 s, 100 per 3 s)', () => {
	it('proves its windows by accepting more than their limits: the pacer runs at them', async () => {
		const pacer = new Pacer();
		const stats = await time.run(() => sendMany(time, pacer, limiterServer(limiter(20)), 130));
		expect(stats.ok).toBe(130);
		const [minute, burst] = pacer.state().windows;
		expect(burst.ms).toBeLessThan(500 * 1.05);
		expect(minute.ms).toBeLessThan(3000 * 1.05);
	});

	it('what it proved is forgotten when the server stops proving it: the documented windows are back', async () => {
		const pacer = new Pacer();
		const server = limiterServer(limiter(20));
		await time.run(() => sendMany(time, pacer, server, 130));
		expect(pacer.state().windows[1].ms).toBeLessThan(600);
		// Still proved while the server keeps accepting at that pace...
		await time.run(async () => {
			await time.sleep(LEARNT.ttlMs / 2);
			await sendMany(time, pacer, server, 130);
		});
		expect(pacer.state().windows[1].ms).toBeLessThan(600);
		// ...but a proof nobody renewed for the lesson time is gone, even before the next request.
		await time.run(() => time.sleep(LEARNT.ttlMs + 1000));
		expect(pacer.state().windows.map((window) => window.ms)).toEqual(DOCUMENTED_MS);
		// The same server proves it again within the next run.
		const again = await time.run(() => sendMany(time, pacer, server, 130));
		expect(again.ok).toBe(130);
		expect(pacer.state().windows[1].ms).toBeLessThan(600);
	});

	it('a server now at the documented windows is not paced at the old proof once it has expired: no request beyond 20 per 10 s', async () => {
		const pacer = new Pacer();
		await time.run(() => sendMany(time, pacer, limiterServer(limiter(20)), 130));
		await time.run(() => time.sleep(LEARNT.ttlMs + 1000));
		const documented = limiterServer(limiter(1));
		const stats = await time.run(() => sendMany(time, pacer, documented, 25));
		expect(stats.ok).toBe(25);
		expect(stats.rejected).toBe(0);
	});
});

describe('three processes on a time-scaled token (10x, Reset to the millisecond), then one alone', () => {
	it('the one left alone soon runs at the server\'s pace: what it proved from its own part of the traffic does not hold it back', async () => {
		const made = limiter(10, true);
		const server = limiterServer(made);
		const [alone, ...others] = [new Pacer(), new Pacer(), new Pacer()];
		const aloneStats = await time.run(async () => {
			await Promise.all([sendMany(time, alone, server, 150), ...others.map((pacer) => sendMany(time, pacer, server, 150))]);
			// The others are done; the last process has 300 more, and nobody else is on the token.
			return sendMany(time, alone, server, 300);
		});
		expect(aloneStats.ok).toBe(300);
		// The server's own pace for 300 requests (100 per 6 s, 20 per 1 s) from an empty window; the others have just filled it, hence the slack.
		const fresh = limiter(10, true);
		const floor = theoreticalMs((now) => fresh.check('token', now), 300);
		const tookMs = aloneStats.finishedAt - aloneStats.startedAt;
		expect(tookMs).toBeLessThan(floor * 1.35);
		expect(aloneStats.rejected).toBeLessThanOrEqual(3);
	});
});
