/** Platform 2.0 contract: keys (401), per-workspace isolation (404), scopes (403 insufficient_scope), user-owned keys, the white-label plan, minted keys (TS API, control route, createApiKey) and the request log. */
import axios from 'axios';
import { PLATFORM2_KEYS, PLATFORM2_WORKSPACES, TOKENS } from '../../../sandbox';
import { clientFor } from '../helpers';
import { firstId, useP2 } from './helpers';

const c = useP2();

describe('authentication', () => {
	it.each([
		['no header', undefined],
		['a classic sandbox token', TOKENS.alice],
		['an unknown fam_ key', 'fam_not_a_key'],
	])('answers 401 unauthenticated for %s', async (_, token) => {
		const res = await clientFor(c.baseUrl(), token).get('/assistants');
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ error: 'unauthenticated' });
	});

	it('refuses a 2.0 key on the classic API like any unknown token', async () => {
		const res = await clientFor(c.sb.baseUrl, PLATFORM2_KEYS.full).get('/user/leads');
		expect(res.status).toBe(401);
		expect(res.data).toEqual({ error: 'Invalid API key', message: 'The provided API key is invalid or expired' });
	});

	it('answers unknown paths and methods under /api/v1 with JSON errors', async () => {
		expect((await c.as('full').get('/no-such-thing')).data).toEqual({ error: 'not_found' });
		const res = await c.as('full').put('/me', {});
		expect(res.status).toBe(405);
		expect(res.data).toEqual({ error: 'method_not_allowed' });
	});

	it('getMe needs no scope and describes the key and its workspace', async () => {
		const res = await c.as('assistantsRead').get('/me');
		expect(res.status).toBe(200);
		expect(res.data.data.workspace).toMatchObject({ id: PLATFORM2_WORKSPACES.A.id, features: { whitelabel: true } });
		expect(res.data.data.key).toMatchObject({ kind: 'user', scopes: ['assistants:read'] });
		expect(JSON.stringify(res.data)).not.toContain(PLATFORM2_KEYS.assistantsRead);
	});

	it('logs the request with the key’s workspace', async () => {
		await c.as('otherWorkspace').get('/assistants', { params: { limit: 5 } });
		expect(c.sb.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/assistants', query: { limit: '5' }, status: 200, workspace: PLATFORM2_WORKSPACES.B.id });
	});
});

describe('isolation between workspaces', () => {
	it('lists only the caller’s records', async () => {
		const a = await c.as('full').get('/assistants');
		const b = await c.as('otherWorkspace').get('/assistants');
		expect(a.data.meta.pagination.total).toBe(3);
		expect(b.data.data.map((r: { name: string }) => r.name)).toEqual(['Beta Front Desk']);
	});

	it('answers 404 not_found for another workspace’s record, read or write', async () => {
		const id = firstId(c.sb, '/assistants');
		for (const res of [await c.as('otherWorkspace').get(`/assistants/${id}`), await c.as('otherWorkspace').patch(`/assistants/${id}`, { name: 'Mine now' }), await c.as('otherWorkspace').delete(`/assistants/${id}`)]) {
			expect(res.status).toBe(404);
			expect(res.data).toEqual({ error: 'not_found' });
		}
		expect((await c.as('full').get(`/assistants/${id}`)).data.data.name).toBe('Sales Outreach');
	});

	it('answers 404 for an unknown id and for a nested record under another parent', async () => {
		expect((await c.as('full').get('/assistants/00000000-0000-4000-a000-000000000000')).status).toBe(404);
		const kbs = c.sb.platform2.list('A', '/knowledge-bases');
		const doc = c.sb.platform2.list('A', '/knowledge-bases/{}/documents', [kbs[0].id])[0];
		expect((await c.as('full').delete(`/knowledge-bases/${kbs[1].id}/documents/${doc.id}`)).status).toBe(404);
	});
});

describe('scopes', () => {
	it('lets a key with assistants:read read assistants and nothing else', async () => {
		expect((await c.as('assistantsRead').get('/assistants')).status).toBe(200);
		const res = await c.as('assistantsRead').get('/calls');
		expect(res.status).toBe(403);
		expect(res.data).toEqual({ error: { code: 'insufficient_scope', message: expect.stringContaining('calls:read'), required_scopes: ['calls:read'] } });
	});

	it('refuses a write with the read scope only', async () => {
		const res = await c.as('assistantsRead').post('/assistants', { name: 'Nope' });
		expect(res.status).toBe(403);
		expect(res.data.error.required_scopes).toEqual(['assistants:write']);
		expect(c.sb.platform2.list('A', '/assistants')).toHaveLength(3);
	});

	it('accepts any alternative of a requirement and needs every requirement', async () => {
		const callsRead = c.sb.platform2.mintKey({ scopes: ['calls:read'] });
		expect((await c.as(callsRead).get('/automations')).status).toBe(200); // automations:read | calls:read
		const assistantsOnly = c.sb.platform2.mintKey({ scopes: ['assistants:write'] });
		const res = await c.as(assistantsOnly).post(`/assistants/${firstId(c.sb, '/assistants')}/automations`, { name: 'x', tool_description: 'ten chars!' });
		expect(res.status).toBe(403);
		expect(res.data.error.required_scopes).toEqual(['automations:write']);
	});

	it('lets operations without a named scope through for any key', async () => {
		const key = c.sb.platform2.mintKey({ scopes: ['voices:read'] });
		expect((await c.as(key).get(`/automations/${firstId(c.sb, '/automations')}`)).status).toBe(200);
	});
});

describe('key kinds and plans', () => {
	it('refuses service-account keys on userKey operations with 403', async () => {
		const res = await c.as('service').post('/phone-numbers', { number: '+4930555000000', country: 'DE' });
		expect(res.status).toBe(403);
		expect(res.data.error.code).toBe('user_key_required');
		expect((await c.as('full').post('/phone-numbers', { number: '+4930555000000', country: 'DE' })).data.data).toMatchObject({ status: 'checkout_required', checkout_url: expect.any(String) });
	});

	it('answers whitelabel_not_in_plan to a workspace without the white-label plan', async () => {
		const res = await c.as('otherWorkspace').get('/platform/users');
		expect(res.status).toBe(403);
		expect(res.data).toEqual({ error: 'whitelabel_not_in_plan' });
		expect((await c.as('full').get('/platform/users')).status).toBe(200);
	});
});

describe('minted keys', () => {
	it('mints a scoped key from the TS API', async () => {
		const key = c.sb.platform2.mintKey({ workspace: 'B', scopes: ['assistants:read'], kind: 'service' });
		expect(key).toMatch(/^fam_/);
		expect((await c.as(key).get('/assistants')).data.data).toHaveLength(1);
		expect((await c.as(key).get('/campaigns')).status).toBe(403);
	});

	it('mints a key over the control route and lists the seeded ones', async () => {
		const http = axios.create({ baseURL: c.sb.origin, validateStatus: () => true, proxy: false });
		const minted = await http.post('/sandbox/platform2/keys', { scopes: ['calls:read'], kind: 'user' });
		expect(minted.status).toBe(201);
		expect(minted.data).toMatchObject({ workspace_id: PLATFORM2_WORKSPACES.A.id, kind: 'user', scopes: ['calls:read'] });
		expect((await c.as(minted.data.key).get('/calls')).status).toBe(200);
		expect((await http.post('/sandbox/platform2/keys', { scopes: ['everything'] })).status).toBe(422);
		const listed = await http.get('/sandbox/platform2/keys');
		expect(listed.data.keys).toEqual(PLATFORM2_KEYS);
	});

	it('createApiKey makes a working key within the caller’s scopes; revoke stops it', async () => {
		const made = await c.as('full').post('/api-keys', { name: 'CRM', scopes: ['calls:read'] });
		expect(made.status).toBe(201);
		const { id, secret } = made.data.data;
		expect((await c.as(secret).get('/calls')).status).toBe(200);
		expect((await c.as('full').get('/api-keys')).data.data.map((k: { id: string }) => k.id)).toContain(id);
		expect((await c.as('full').delete(`/api-keys/${id}`)).data).toEqual({ data: { id, revoked: true } });
		expect((await c.as('full').delete(`/api-keys/${id}`)).status).toBe(200); // idempotent
		expect((await c.as(secret).get('/calls')).status).toBe(401);
		const wider = await c.as('assistantsRead').post('/api-keys', { name: 'Wider', scopes: ['calls:write'] });
		expect(wider.status).toBe(403);
	});

	it('reset() forgets minted keys', async () => {
		const key = c.sb.platform2.mintKey();
		c.sb.reset();
		expect((await c.as(key).get('/me')).status).toBe(401);
	});
});
