/**
 * Three pacers (three processes, e.g. queue-mode workers) start at once on one token, against the
 * sandbox's limiter time-scaled 20x with X-RateLimit-Reset to the millisecond. They only see each other
 * in X-RateLimit-Remaining: each must slow to its share before the platform refuses.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { RateLimiter } from '../../sandbox/rateLimit';
import { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';
import { newStats, sendMany, theoreticalMs } from './driver';

const LIMITS = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 20, preciseReset: true };
const PER_PACER = 70;

let sb: Sandbox;
let url: string;
beforeAll(async () => {
	sb = await startSandbox({ quiet: true, rateLimit: LIMITS });
	url = `${sb.baseUrl}/user/assistants/models`;
});
afterAll(async () => await sb.stop());

function minimumFor(count: number): number {
	const limiter = new RateLimiter();
	limiter.configure(LIMITS);
	return theoreticalMs((now) => limiter.check('token', now), count);
}

it('three fresh pacers on one token keep to their shares: few 429s, close to the limit', async () => {
	const pacers = [new Pacer(), new Pacer(), new Pacer()];
	const stats = newStats();
	const shares: number[] = [];
	// Halfway through, every pacer should know it is one of about three.
	const probe = setTimeout(() => shares.push(...pacers.map((pacer) => pacer.state().share)), minimumFor(3 * PER_PACER) / 2);
	await Promise.all(pacers.map((pacer) => sendMany(pacer, url, sb.tokens.alice, PER_PACER, 1, stats)));
	clearTimeout(probe);

	expect(stats.ok).toBe(3 * PER_PACER);
	// Counting the others' usage as a snapshot and racing for each freed slot cost 15-25 % here.
	expect(stats.rejected / stats.sent).toBeLessThanOrEqual(0.03);
	expect(stats.finishedAt - stats.startedAt).toBeLessThan(minimumFor(3 * PER_PACER) * 1.3 + 300);
	expect(shares).toHaveLength(3);
	for (const share of shares) {
		expect(share).toBeGreaterThan(0.15);
		expect(share).toBeLessThan(0.55);
	}
	for (const pacer of pacers) expect(pacer.state().calibration).not.toBe('documented');
});
