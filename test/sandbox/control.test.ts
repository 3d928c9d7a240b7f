/** Sandbox contract: the control side — the request log, state and the other /sandbox routes, the seed data, the CLI. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { startSandbox } from '../../sandbox';
import { clientFor, useClients } from './helpers';

const c = useClients();

describe('request log', () => {
	it('records method, path, query, body, user, status and time of /api requests', async () => {
		c.sb.clearRequests();
		const t = Date.now();
		await c.alice.get('/user/calls', { params: { per_page: 5, status: 'busy' } });
		await c.bob.post('/user/sms', { from: 8, to: '+4917612345678', body: 'Servus' });
		await c.anon.get('/user/leads');
		await clientFor(c.sb.origin).get('/sandbox/health'); // control routes are not logged
		expect(c.sb.requests).toEqual([
			{ method: 'GET', path: '/api/user/calls', query: { per_page: '5', status: 'busy' }, body: null, userId: c.sb.users.alice, status: 200, at: expect.any(Number) },
			{ method: 'POST', path: '/api/user/sms', query: {}, body: { from: 8, to: '+4917612345678', body: 'Servus' }, userId: c.sb.users.bob, status: 200, at: expect.any(Number) },
			{ method: 'GET', path: '/api/user/leads', query: {}, body: null, userId: null, status: 401, at: expect.any(Number) },
		]);
		expect(c.sb.requests[0].at).toBeGreaterThanOrEqual(t);
	});

	it('is readable and clearable over HTTP', async () => {
		const control = clientFor(c.sb.origin);
		await c.alice.get('/user/leads');
		const list = await control.get('/sandbox/requests');
		expect(list.data.at(-1)).toMatchObject({ method: 'GET', path: '/api/user/leads', status: 200 });
		const cleared = await control.delete('/sandbox/requests');
		expect(cleared.data.cleared).toBeGreaterThan(0);
		expect((await control.get('/sandbox/requests')).data).toEqual([]);
		expect(c.sb.requests).toHaveLength(0);
	});

	it('keeps only the newest entries beyond the cap', async () => {
		const sb = await startSandbox({ quiet: true, maxRequestLog: 3 });
		const api = clientFor(sb.baseUrl, sb.tokens.alice);
		for (const id of [1, 2, 3, 4, 5]) await api.get('/user/calls', { params: { page: id } });
		expect(sb.requests.map((r) => r.query.page)).toEqual(['3', '4', '5']);
		await sb.stop();
	});
});

describe('state and other control routes', () => {
	it('GET /sandbox/state exposes assistants with webhook settings, calls and balances', async () => {
		await c.alice.put('/user/assistant/3', { is_webhook_active: true, webhook_url: 'https://n8n.example.com/webhook/abc' });
		const state = (await clientFor(c.sb.origin).get('/sandbox/state')).data;
		const a3 = state.assistants.find((a: any) => a.id === 3);
		expect(a3).toMatchObject({ is_webhook_active: true, webhook_url: 'https://n8n.example.com/webhook/abc', inbound_webhook_url: null, user_id: c.sb.users.alice });
		expect(state.users.map((u: any) => u.id)).toEqual([c.sb.users.alice, c.sb.users.bob, c.sb.users.carol]);
		expect(state.calls.length).toBe(c.sb.store.calls.length);
		expect(state).toHaveProperty('webhook_deliveries');
		expect(state).toHaveProperty('leads');
		expect(state).toHaveProperty('sms');
	});

	it('sets a balance, answers health and idle, and resets to the seed', async () => {
		const control = clientFor(c.sb.origin);
		expect((await control.post('/sandbox/balance', { user: 'alice', balance: 0 })).status).toBe(200);
		expect((await c.alice.post('/user/make_call', { phone_number: '+4917612345670', assistant_id: 1 })).status).toBe(422);
		expect((await control.get('/sandbox/health')).data).toEqual({ ok: true, baseUrl: c.sb.baseUrl });
		expect((await control.get('/sandbox/idle')).data).toEqual({ idle: true });
		await c.alice.post('/user/assistant', { assistant_name: 'temp' }); // invalid, nothing stored
		expect((await control.post('/sandbox/reset')).status).toBe(200);
		expect(c.sb.store.users.find((u) => u.id === c.sb.users.alice)!.balance).toBe(250);
		expect(c.sb.store.assistants.find((a) => a.id === 3)!.webhook_url).toBeNull();
		expect(c.sb.requests).toHaveLength(0);
	});
});

describe('seed data', () => {
	it('is deterministic for a seed and varies with it', async () => {
		const [a, b, other] = await Promise.all([startSandbox({ quiet: true, seed: 3 }), startSandbox({ quiet: true, seed: 3 }), startSandbox({ quiet: true, seed: 4 })]);
		const strip = (sb: typeof a) => JSON.stringify(sb.store.calls.map(({ recording_url, ...rest }) => ({ ...rest, recording_url: recording_url?.replace(sb.recordingsOrigin, '') })));
		expect(strip(a)).toEqual(strip(b));
		expect(strip(a)).not.toEqual(strip(other));
		await Promise.all([a.stop(), b.stop(), other.stop()]);
	});

	it('makes a believable demo account', () => {
		const s = c.sb.store;
		const alice = c.sb.users.alice;
		const numbers = s.phoneNumbers.filter((p) => p.user_id === alice);
		expect(new Set(numbers.map((p) => p.type_label))).toEqual(new Set(['Normal', 'SIP', 'Caller ID']));
		expect(numbers.some((p) => p.sms_capable && p.subscription_expires_at === null)).toBe(true);
		expect(numbers.some((p) => p.subscription_expires_at !== null && p.subscription_expires_at < Date.now())).toBe(true);
		expect(numbers.some((p) => !s.isPhoneAvailable(p.id))).toBe(true);
		for (const p of s.phoneNumbers) expect([p.phone_number, parsePhoneNumberFromString(p.phone_number)?.isValid()]).toEqual([p.phone_number, true]);
		for (const l of s.leads) expect([l.phone_number, parsePhoneNumberFromString(l.phone_number)?.isValid()]).toEqual([l.phone_number, true]);
		const assistants = s.assistants.filter((a) => a.user_id === alice);
		expect(new Set(assistants.map((a) => a.type))).toEqual(new Set(['inbound', 'outbound']));
		expect(new Set(assistants.map((a) => a.mode))).toEqual(new Set(['pipeline', 'multimodal']));
		expect(s.campaigns.filter((x) => x.user_id === alice).map((x) => x.status)).toContain('draft');
		expect(s.leads.some((l) => l.user_id === alice && l.secondary_contacts.length > 0)).toBe(true);
		const calls = s.calls.filter((x) => x.user_id === alice);
		expect(calls.length).toBeGreaterThanOrEqual(40);
		expect(new Set(calls.map((x) => x.status)).size).toBeGreaterThanOrEqual(4);
		expect(new Set(calls.map((x) => x.type))).toEqual(new Set(['inbound', 'outbound', 'web']));
		expect(new Set(calls.map((x) => new Date(x.created_at).toISOString().slice(0, 10))).size).toBeGreaterThan(10);
		expect(s.voices.filter((v) => v.user_id === null).length).toBeGreaterThanOrEqual(4);
		expect(s.users.find((u) => u.id === c.sb.users.carol)!.balance).toBe(0);
	});
});

describe('CLI', () => {
	it('prints the base URL and tokens, serves, and stops on SIGTERM', async () => {
		const root = join(__dirname, '..', '..');
		const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'sandbox/cli.ts', '--port', '0', '--call-step-ms', '50'], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		const baseUrl = await new Promise<string>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no base URL printed: ${out}`)), 20_000);
			child.stdout.on('data', (d: Buffer) => {
				out += d.toString();
				const m = /Base URL:\s+(http:\/\/\S+\/api)/.exec(out);
				if (m) {
					clearTimeout(timer);
					resolve(m[1]);
				}
			});
			child.on('exit', () => reject(new Error(`exited early: ${out}`)));
		});
		expect(out).toContain('demo-token-alice');
		expect(out).toContain('demo-token-bob');
		const res = await clientFor(baseUrl, 'demo-token-alice').get('/user/campaigns');
		expect(res.status).toBe(200);
		// The CLI turns the documented limits on.
		expect(res.headers['x-ratelimit-limit']).toBe('100');
		const code = await new Promise<number | null>((resolve) => {
			child.on('exit', (exitCode) => resolve(exitCode));
			child.kill('SIGTERM');
		});
		expect(code).toBe(0);
	}, 30_000);
});
