/**
 * Sandbox contract: the documented rate limits — off by default, burst then 429 and recovery, the
 * per-minute window, retry_after, the control route. The limiter's clock is held still (moved only
 * by the test), so every request of a case falls at the instant the case says, however slowly the
 * machine answers, and Reset and retry_after can be checked exactly.
 */
import { clientFor, useClients } from './helpers';

const c = useClients();
/** A whole second, so that rounding Reset up to seconds is visible. */
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
let now = T0;
beforeEach(() => {
	now = T0;
	c.sb.setRateLimitClock(() => now);
});
afterEach(() => {
	c.sb.setRateLimit(false);
	c.sb.setRateLimitClock();
});

it('sends no rate-limit headers while limits are off (test default)', async () => {
	const res = await c.alice.get('/user/campaigns');
	expect(res.headers['x-ratelimit-limit']).toBeUndefined();
});

it('allows the burst, then answers 429 with the documented body, then recovers', async () => {
	c.sb.setRateLimit({ perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 10 }); // burst window 1 s
	const remaining: number[] = [];
	for (let i = 0; i < 20; i++) {
		const res = await c.alice.get('/user/campaigns');
		expect(res.status).toBe(200);
		expect(res.headers['x-ratelimit-limit']).toBe('100');
		remaining.push(Number(res.headers['x-ratelimit-remaining']));
		// The burst window (1 s) frees its first slot a second after the first request: epoch seconds.
		expect(Number(res.headers['x-ratelimit-reset'])).toBe(T0 / 1000 + 1);
	}
	expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));

	const limited = await c.alice.get('/user/campaigns');
	expect(limited.status).toBe(429);
	expect(limited.data).toEqual({ error: 'Rate limit exceeded', message: 'Too many requests. Please try again later.', retry_after: expect.any(Number) });
	expect(limited.data.retry_after).toBe(1);
	expect(limited.headers['retry-after']).toBe('1');
	expect(limited.headers['x-ratelimit-remaining']).toBe('0');

	// Counted per token: Bob is not affected. Unauthenticated requests are not counted either.
	expect((await c.bob.get('/user/campaigns')).status).toBe(200);
	expect((await c.anon.get('/user/campaigns')).status).toBe(401);

	now += limited.data.retry_after * 1000;
	const recovered = await c.alice.get('/user/campaigns');
	expect(recovered.status).toBe(200);
	const log = c.sb.requests.filter((r) => r.userId === c.sb.users.alice && r.status === 429);
	expect(log.length).toBeGreaterThanOrEqual(1);
});

it('enforces the per-minute window independently of the burst', async () => {
	c.sb.setRateLimit({ perMinute: 5, burst: 100, timeScale: 10 }); // minute window 6 s
	for (let i = 0; i < 5; i++) expect((await c.alice.get('/user/leads')).status).toBe(200);
	const res = await c.alice.get('/user/leads');
	expect(res.status).toBe(429);
	expect(res.data.retry_after).toBe(6);
	expect(res.headers['retry-after']).toBe('6');
	now += 5_999;
	expect((await c.alice.get('/user/leads')).status).toBe(429);
	now += 1;
	expect((await c.alice.get('/user/leads')).status).toBe(200);
});

it('reports retry_after as whole seconds when not time-scaled', async () => {
	c.sb.setRateLimit({ perMinute: 3 });
	for (let i = 0; i < 3; i++) expect((await c.alice.get('/user/leads')).status).toBe(200);
	const res = await c.alice.get('/user/leads');
	expect(res.status).toBe(429);
	expect(res.data.retry_after).toBe(60);
	expect(res.headers['retry-after']).toBe('60');
	expect(Number(res.headers['x-ratelimit-reset'])).toBe(T0 / 1000 + 60);
	// Not time-scaled, a wait of a fraction of a second is still named as a whole one.
	now += 59_500;
	expect((await c.alice.get('/user/leads')).data.retry_after).toBe(1);
});

it('is configurable over the control route', async () => {
	const control = clientFor(c.sb.origin);
	const set = await control.post('/sandbox/rate-limit', { perMinute: 2, burst: 2, timeScale: 10 });
	expect(set.status).toBe(200);
	expect((await c.bob.get('/user/leads')).status).toBe(200);
	expect((await c.bob.get('/user/leads')).status).toBe(200);
	expect((await c.bob.get('/user/leads')).status).toBe(429);
	expect((await control.post('/sandbox/rate-limit', { enabled: false })).status).toBe(200);
	expect((await c.bob.get('/user/leads')).status).toBe(200);
	expect((await control.post('/sandbox/rate-limit', { perMinute: -1 })).status).toBe(422);
});
