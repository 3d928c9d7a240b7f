/** Sandbox contract: the injected faults (status before/after, html, malformed JSON, timeout, reset, rate limit), shares reproducible per seed, latency, and their control routes. */
import { startSandbox } from '../../sandbox';
import { clientFor, useClients } from './helpers';

const c = useClients();
afterEach(() => {
	c.sb.setFaults([]);
	c.sb.setLatency(0);
});

const leadBody = (phone: string) => ({ phone_number: phone, campaign_id: 4, allow_dupplicate: true });
const leadsWith = (phone: string) => c.sb.store.leads.filter((l) => l.phone_number === phone).length;

it("'status' before: answers the status for the next N matching requests and processes nothing", async () => {
	c.sb.setFaults([{ kind: 'status', status: 500, count: 2, phase: 'before', match: { method: 'POST', path: '/api/user/lead' } }]);
	const first = await c.alice.post('/user/lead', leadBody('+4917690000010'));
	const second = await c.alice.post('/user/lead', leadBody('+4917690000010'));
	expect([first.status, second.status]).toEqual([500, 500]);
	expect(first.headers['content-type']).toMatch(/application\/json/);
	expect(leadsWith('+4917690000010')).toBe(0);
	expect((await c.alice.post('/user/lead', leadBody('+4917690000010'))).status).toBe(200);
	expect(leadsWith('+4917690000010')).toBe(1);
	expect(c.sb.requests.filter((r) => r.path === '/api/user/lead').slice(-3).map((r) => r.status)).toEqual([500, 500, 200]);
});

it("'status' after (default): the request is processed, then the fault replaces the answer", async () => {
	c.sb.setFaults([{ kind: 'status', status: 503, count: 1, match: { path: '/user/lead' } }]);
	const res = await c.alice.post('/user/lead', leadBody('+4917690000020'));
	expect(res.status).toBe(503);
	expect(leadsWith('+4917690000020')).toBe(1);
});

it("'status' only hits matching method and path", async () => {
	c.sb.setFaults([{ kind: 'status', status: 502, match: { method: 'POST', path: '/user/sms' } }]);
	expect((await c.alice.get('/user/leads')).status).toBe(200);
	expect((await c.alice.post('/user/sms', { from: 1, to: '+4917612345678', body: 'x' })).status).toBe(502);
	expect((await c.alice.post('/user/sms', { from: 1, to: '+4917612345678', body: 'x' })).status).toBe(502);
});

it("'html' answers an HTML error page", async () => {
	c.sb.setFaults([{ kind: 'html', count: 1 }]);
	const res = await c.alice.get('/user/campaigns', { responseType: 'text' });
	expect(res.status).toBe(502);
	expect(res.headers['content-type']).toMatch(/text\/html/);
	expect(res.data).toContain('<title>502 Bad Gateway</title>');
	c.sb.setFaults([{ kind: 'html', status: 503, count: 1 }]);
	expect((await c.alice.get('/user/campaigns')).status).toBe(503);
});

it("'malformed-json' answers 200 application/json that does not parse", async () => {
	c.sb.setFaults([{ kind: 'malformed-json', count: 1 }]);
	const res = await c.alice.get('/user/campaigns', { transformResponse: [(d) => d] });
	expect(res.status).toBe(200);
	expect(res.headers['content-type']).toMatch(/application\/json/);
	expect(() => JSON.parse(res.data)).toThrow();
	expect(res.data.length).toBeGreaterThan(0);
});

it("'timeout' never answers; with phase after the call is still placed", async () => {
	c.sb.setFaults([{ kind: 'timeout', count: 1, match: { path: '/user/make_call' } }]);
	const before = c.sb.store.calls.length;
	const err = await c.alice.post('/user/make_call', { phone_number: '+4917690000030', assistant_id: 1 }, { timeout: 300 }).catch((e) => e);
	expect(err.code).toBe('ECONNABORTED');
	expect(c.sb.store.calls.length).toBe(before + 1);
	await c.sb.waitForIdle();
	expect((await c.alice.get('/user/campaigns')).status).toBe(200);
});

it("'reset' destroys the socket without an answer", async () => {
	c.sb.setFaults([{ kind: 'reset', count: 1, phase: 'before' }]);
	const err = await c.alice.get('/user/campaigns').catch((e) => e);
	expect(err).toBeInstanceOf(Error);
	expect(['ECONNRESET', 'ERR_BAD_RESPONSE', 'ECONNABORTED']).toContain(err.code);
	expect(err.response).toBeUndefined();
	expect((await c.alice.get('/user/campaigns')).status).toBe(200);
	expect(c.sb.requests.filter((r) => r.path === '/api/user/campaigns').slice(-2).map((r) => r.status)).toEqual([0, 200]);
});

it("'rate-limit' answers the documented 429 and processes nothing", async () => {
	c.sb.setFaults([{ kind: 'rate-limit', count: 1, phase: 'after' }]);
	const res = await c.alice.post('/user/lead', leadBody('+4917690000040'));
	expect(res.status).toBe(429);
	expect(res.data).toEqual({ error: 'Rate limit exceeded', message: 'Too many requests. Please try again later.', retry_after: 1 });
	expect(res.headers['retry-after']).toBe('1');
	expect(leadsWith('+4917690000040')).toBe(0);
});

it('a share hits that part of requests, reproducibly for a seed', async () => {
	const pattern = async (seed: number) => {
		const sb = await startSandbox({ quiet: true, seed, faults: [{ kind: 'status', status: 500, share: 0.3, phase: 'before' }] });
		const api = clientFor(sb.baseUrl, sb.tokens.alice);
		const statuses: number[] = [];
		for (let i = 0; i < 60; i++) statuses.push((await api.get('/user/campaigns')).status);
		await sb.stop();
		return statuses;
	};
	const a = await pattern(7);
	const failures = a.filter((s) => s === 500).length;
	expect(failures).toBeGreaterThan(6);
	expect(failures).toBeLessThan(35);
	expect(await pattern(7)).toEqual(a);
});

it('adds latency to every /api response', async () => {
	c.sb.setLatency(150);
	const t = Date.now();
	await c.alice.get('/user/campaigns');
	expect(Date.now() - t).toBeGreaterThanOrEqual(140);
});

it('is configurable over the control routes', async () => {
	const control = clientFor(c.sb.origin);
	expect((await control.post('/sandbox/faults', [{ kind: 'nonsense' }])).status).toBe(422);
	const set = await control.post('/sandbox/faults', { faults: [{ kind: 'status', status: 503, count: 3 }] });
	expect(set.status).toBe(200);
	expect((await c.alice.get('/user/leads')).status).toBe(503);
	expect((await control.get('/sandbox/faults')).data).toEqual([{ kind: 'status', status: 503, count: 3, remaining: 2 }]);
	expect((await control.delete('/sandbox/faults')).status).toBe(200);
	expect((await c.alice.get('/user/leads')).status).toBe(200);
	expect((await control.post('/sandbox/latency', { ms: 120 })).status).toBe(200);
	const t = Date.now();
	await c.alice.get('/user/leads');
	expect(Date.now() - t).toBeGreaterThanOrEqual(110);
});
