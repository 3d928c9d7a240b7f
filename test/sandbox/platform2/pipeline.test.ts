/** Platform 2.0 contract: the sandbox's request log, faults and rate limit apply to /api/v1 as to the classic API; reset() re-seeds 2.0 too. */
import { firstId, useP2 } from './helpers';

const c = useP2();

it('faults match 2.0 paths (/v1/… as a prefix) and process the write when phase is after', async () => {
	c.sb.setFaults([{ kind: 'status', status: 503, count: 1, match: { method: 'POST', path: '/v1/knowledge-bases' } }]);
	const failed = await c.as('full').post('/knowledge-bases', { name: 'Kept anyway' });
	expect(failed.status).toBe(503);
	expect(c.sb.platform2.list('A', '/knowledge-bases')[0].name).toBe('Kept anyway');
	expect((await c.as('full').post('/knowledge-bases', { name: 'Second' })).status).toBe(201);
	expect(c.sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
		['POST', '/api/v1/knowledge-bases', 503],
		['POST', '/api/v1/knowledge-bases', 201],
	]);
});

it('rate-limits per 2.0 key with the sandbox limiter and its headers', async () => {
	c.sb.setRateLimit({ perMinute: 100, burst: 2, burstWindowSeconds: 10 });
	try {
		const api = c.as('full');
		const first = await api.get('/me');
		expect(first.headers['x-ratelimit-limit']).toBe('100');
		await api.get('/me');
		const limited = await api.get('/me');
		expect(limited.status).toBe(429);
		expect(limited.data).toEqual({ error: 'rate_limited', retry_after: expect.any(Number) });
		expect(limited.headers['retry-after']).toBeDefined();
		expect((await c.as('otherWorkspace').get('/me')).status).toBe(200); // another key, its own windows
	} finally {
		c.sb.setRateLimit(false);
	}
});

it('reset() re-seeds the 2.0 records with the same ids', async () => {
	const before = firstId(c.sb, '/assistants');
	await c.as('full').delete(`/assistants/${before}`);
	c.sb.reset();
	expect(firstId(c.sb, '/assistants')).toBe(before);
	expect(c.sb.platform2.list('A', '/assistants')).toHaveLength(3);
});
