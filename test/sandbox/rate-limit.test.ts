/** Sandbox contract: the documented rate limits — off by default, burst then 429 and recovery, the per-minute window, retry_after, the control route. */
import { clientFor, useClients } from './helpers';

const c = useClients();
afterEach(() => c.sb.setRateLimit(false));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
		const reset = Number(res.headers['x-ratelimit-reset']);
		const now = Date.now() / 1000;
		expect(reset).toBeGreaterThanOrEqual(Math.floor(now));
		expect(reset).toBeLessThanOrEqual(Math.ceil(now + 1) + 1);
	}
	expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));

	const limited = await c.alice.get('/user/campaigns');
	expect(limited.status).toBe(429);
	expect(limited.data).toEqual({ error: 'Rate limit exceeded', message: 'Too many requests. Please try again later.', retry_after: expect.any(Number) });
	expect(limited.data.retry_after).toBeGreaterThan(0);
	expect(limited.data.retry_after).toBeLessThanOrEqual(1);
	expect(limited.headers['retry-after']).toBe('1');
	expect(limited.headers['x-ratelimit-remaining']).toBe('0');

	// Counted per token: Bob is not affected. Unauthenticated requests are not counted either.
	expect((await c.bob.get('/user/campaigns')).status).toBe(200);
	expect((await c.anon.get('/user/campaigns')).status).toBe(401);

	await sleep(limited.data.retry_after * 1000 + 30);
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
	expect(res.data.retry_after).toBeGreaterThan(5);
	expect(res.data.retry_after).toBeLessThanOrEqual(6);
	expect(res.headers['retry-after']).toBe('6');
});

it('reports retry_after as whole seconds when not time-scaled', async () => {
	c.sb.setRateLimit({ perMinute: 3 });
	for (let i = 0; i < 3; i++) expect((await c.alice.get('/user/leads')).status).toBe(200);
	const res = await c.alice.get('/user/leads');
	expect(res.status).toBe(429);
	expect(Number.isInteger(res.data.retry_after)).toBe(true);
	expect(res.data.retry_after).toBeGreaterThanOrEqual(59);
	expect(res.data.retry_after).toBeLessThanOrEqual(60);
	expect(res.headers['retry-after']).toBe(String(res.data.retry_after));
	const reset = Number(res.headers['x-ratelimit-reset']);
	expect(reset - Date.now() / 1000).toBeGreaterThan(58);
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
