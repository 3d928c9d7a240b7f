import { NodeApiError, NodeOperationError, type IDataObject } from 'n8n-workflow';
import { listSearch, loadOptions, runNode, runWebhook, runWebhookMethod, testCredentials } from './index';
import { ApiKeyFixtureApi } from './fixtures/ApiKeyCredential';
import { HttpFixture } from './fixtures/HttpFixture.node';
import { OptionsFixture } from './fixtures/OptionsFixture.node';
import { startTestServer, type TestServer } from './fixtures/server';
import { ThrowingFixture } from './fixtures/ThrowingFixture.node';
import { WebhookFixture } from './fixtures/WebhookFixture.node';

const TOKEN = 'token-123';
let server: TestServer;
let credentials: { apiToken: string; baseUrl: string };
const hooks = new Map<string, IDataObject>();

beforeAll(async () => {
	server = await startTestServer();
	credentials = { apiToken: TOKEN, baseUrl: server.baseUrl };
	const items = ['alpha', 'beta', 'gamma', 'alphabet', 'delta'].map((name, i) => ({ id: i + 1, name }));
	let nextHook = 1;
	server.route((req) => {
		const { method, path, query, headers, body } = req;
		if (path === '/api/missing') return { status: 404, body: { message: 'Nothing here' } };
		if (path === '/api/categories') return { body: { data: [{ id: 1, name: 'Sales' }, { id: 2, name: 'Support' }] } };
		if (path === '/api/items') {
			const matching = items.filter((item) => item.name.includes(query.search ?? ''));
			const page = Number(query.page);
			const next = matching.length > page * 2 ? String(page + 1) : null;
			return { body: { data: matching.slice((page - 1) * 2, page * 2), next_page: next } };
		}
		if (path === '/api/hooks' && method === 'GET') return { body: { data: [...hooks.values()] } };
		if (path === '/api/hooks' && method === 'POST') {
			const hook = { ...(body as IDataObject), id: `hook-${nextHook}`, secret: `secret-${nextHook}` };
			nextHook++;
			hooks.set(hook.id, hook);
			return { body: hook };
		}
		if (path.startsWith('/api/hooks/') && method === 'DELETE') {
			hooks.delete(path.slice('/api/hooks/'.length));
			return { status: 204 };
		}
		if (path === '/api/user/assistants/models') {
			return headers.authorization === `Bearer ${TOKEN}`
				? { body: [{ id: 1, name: 'gpt' }] }
				: { status: 401, body: { message: 'Unauthenticated.' } };
		}
		if (path === '/api/whoami') {
			return { body: { status: headers['x-api-key'] === 'key-good' ? 'active' : 'disabled' } };
		}
		return undefined;
	});
});

afterAll(async () => {
	await server.close();
});

beforeEach(() => {
	server.requests.length = 0;
});

describe('runNode', () => {
	it('sends one authenticated request per item with the Bearer header from the credential', async () => {
		const result = await runNode({
			node: HttpFixture,
			parameters: { path: '=/user/{{ $json.id }}' },
			credentials,
			items: [{ id: 7 }, { id: 8 }],
		});

		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
			['/api/user/7', `Bearer ${TOKEN}`],
			['/api/user/8', `Bearer ${TOKEN}`],
		]);
		expect(result.items.map((i) => i.json)).toEqual([
			{ echo: { method: 'GET', path: '/api/user/7', query: {} }, label: 'default-label' },
			{ echo: { method: 'GET', path: '/api/user/8', query: {} }, label: 'default-label' },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('accepts a node instance and INodeExecutionData items, and defaults to one empty item', async () => {
		const wrapped = await runNode({
			node: new HttpFixture(),
			parameters: { path: '={{ "/user/" + $json.name }}' },
			credentials,
			items: [{ json: { name: 'ann' } }],
		});
		expect(server.requests.map((r) => r.path)).toEqual(['/api/user/ann']);
		expect(wrapped.items).toHaveLength(1);

		const single = await runNode({ node: HttpFixture, parameters: {}, credentials });
		expect(single.items).toHaveLength(1);
		expect(server.requests.at(-1)?.path).toBe('/api/user/me');
	});

	it('applies credential defaults like n8n (missing Base URL becomes the credential default)', async () => {
		const result = await runNode({
			node: HttpFixture,
			parameters: { operation: 'describeCredential' },
			credentials: { apiToken: TOKEN },
		});
		expect(result.items[0].json).toEqual({ baseUrl: 'https://app.famulor.de/api' });
	});

	it('fails like n8n when the node has no credential attached', async () => {
		const result = await runNode({ node: HttpFixture, parameters: {}, credentials: null });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe('Node does not have any credentials set');
		expect(server.requests).toHaveLength(0);
	});

	it('returns the NodeApiError of an HTTP failure, or an error item under continueOnFail', async () => {
		const failed = await runNode({ node: HttpFixture, parameters: { path: '/missing' }, credentials });
		expect(failed.error).toBeInstanceOf(NodeApiError);
		expect((failed.error as NodeApiError).httpCode).toBe('404');
		expect(failed.recordedError?.message).toBe(failed.error?.message);
		expect(failed.task?.executionStatus).toBe('error');

		const continued = await runNode({
			node: HttpFixture,
			parameters: { path: '/missing' },
			credentials,
			continueOnFail: true,
		});
		expect(continued.error).toBeUndefined();
		expect(continued.items).toHaveLength(1);
		expect(continued.items[0].json.error).toEqual(expect.any(String));
	});

	it('surfaces a per-item NodeOperationError with description and itemIndex', async () => {
		const result = await runNode({
			node: ThrowingFixture,
			parameters: { message: '=Cannot process {{ $json.n }}' },
			items: [{ n: 1 }, { n: 2, fail: true }, { n: 3 }],
		});
		expect(result.items).toEqual([]);
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.error?.message).toBe('Cannot process 2');
		expect((result.error as NodeOperationError).description).toBe('Item 1 asked to fail');
		expect((result.error as NodeOperationError).context.itemIndex).toBe(1);
	});

	it('keeps going under continueOnFail with pairedItem on good and failed items', async () => {
		const result = await runNode({
			node: ThrowingFixture,
			parameters: { message: '=Cannot process {{ $json.n }}' },
			items: [{ n: 1 }, { n: 2, fail: true }, { n: 3 }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{ json: { n: 2, version: 2 }, pairedItem: { item: 0 } },
			{ json: { error: 'Cannot process 2' }, pairedItem: { item: 1 } },
			{ json: { n: 6, version: 2 }, pairedItem: { item: 2 } },
		]);
	});

	it("routes failed items to the error output under onError 'continueErrorOutput'", async () => {
		const result = await runNode({
			node: ThrowingFixture,
			parameters: { message: 'nope' },
			items: [{ n: 1 }, { n: 2, fail: true }],
			onError: 'continueErrorOutput',
		});
		expect(result.outputs).toHaveLength(2);
		expect(result.outputs[0].map((i) => i.json)).toEqual([{ n: 2, version: 2 }]);
		// n8n merges the failed input item back in next to the error message.
		expect(result.outputs[1].map((i) => i.json)).toEqual([{ n: 2, fail: true, error: 'nope' }]);
	});

	it('runs the requested typeVersion and reports missing required parameters as n8n does', async () => {
		const v1 = await runNode({ node: ThrowingFixture, parameters: { message: 'x' }, items: [{ n: 5 }], typeVersion: 1 });
		expect(v1.items[0].json).toEqual({ n: 10, version: 1 });

		const missing = await runNode({ node: ThrowingFixture, parameters: {}, items: [{ n: 5 }] });
		expect(missing.items).toEqual([]);
		expect(missing.error?.message).toContain('Parameter "Message" is required');
	});

	it('honours node settings such as retryOnFail (n8n re-runs the whole node)', async () => {
		const result = await runNode({
			node: HttpFixture,
			parameters: { path: '/missing' },
			credentials,
			nodeSettings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		});
		expect(result.error).toBeInstanceOf(NodeApiError);
		expect(server.requests.map((r) => r.path)).toEqual(['/api/missing', '/api/missing', '/api/missing']);
	});

	it('is cheap enough to call hundreds of times', async () => {
		// CPU time of this process, not the wall clock: other work on a busy machine does not count.
		const started = process.cpuUsage();
		for (let i = 0; i < 200; i++) {
			await runNode({ node: ThrowingFixture, parameters: { message: 'x' }, items: [{ n: i }] });
		}
		const { user, system } = process.cpuUsage(started);
		const perRunMs = (user + system) / 1000 / 200;
		expect(perRunMs).toBeLessThan(25);
	});
});

describe('loadOptions and listSearch', () => {
	it('runs a loadOptions method with auth and the current node parameters', async () => {
		const options = await loadOptions(OptionsFixture, 'getCategories', {
			parameters: { prefix: 'Team ' },
			credentials,
		});
		expect(options).toEqual([
			{ name: 'Team Sales', value: 1 },
			{ name: 'Team Support', value: 2 },
		]);
		expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
	});

	it('passes filter and paginationToken to a listSearch method', async () => {
		const first = await listSearch(OptionsFixture, 'searchItems', { credentials, filter: 'alpha' });
		expect(first).toEqual({ results: [{ name: 'alpha', value: '1' }, { name: 'alphabet', value: '4' }] });

		const page1 = await listSearch(OptionsFixture, 'searchItems', { credentials });
		expect(page1.paginationToken).toBe('2');
		const page2 = await listSearch(OptionsFixture, 'searchItems', { credentials, paginationToken: page1.paginationToken as string });
		expect(page2.results.map((r) => r.name)).toEqual(['gamma', 'alphabet']);
		expect(server.requests.map((r) => r.query)).toEqual([
			{ search: 'alpha', page: '1' },
			{ search: '', page: '1' },
			{ search: '', page: '2' },
		]);
	});

	it('rejects an unknown method name', async () => {
		await expect(loadOptions(OptionsFixture, 'nope', { credentials })).rejects.toThrow(/no loadOptions method "nope"/);
	});
});

describe('webhook trigger', () => {
	const webhookUrl = 'http://127.0.0.1:5678/webhook/abc-123/webhook';

	beforeEach(() => hooks.clear());

	it('creates, finds and deletes its remote webhook, keeping state in static data', async () => {
		const staticData: IDataObject = {};
		const options = { parameters: { event: 'call.started' }, credentials, staticData, webhookUrl };

		expect((await runWebhookMethod(WebhookFixture, 'checkExists', options)).result).toBe(false);

		const created = await runWebhookMethod(WebhookFixture, 'create', options);
		expect(created.result).toBe(true);
		expect(created.webhookUrl).toBe(webhookUrl);
		const [hook] = [...hooks.values()];
		expect(staticData).toEqual({ hookId: hook.id, secret: hook.secret });
		expect(created.staticData).toBe(staticData);
		expect(hook).toMatchObject({
			url: webhookUrl,
			event: 'call.started',
			mode: 'trigger',
			activation: 'activate',
		});

		expect((await runWebhookMethod(WebhookFixture, 'checkExists', options)).result).toBe(true);
		expect((await runWebhookMethod(WebhookFixture, 'delete', options)).result).toBe(true);
		expect(staticData).toEqual({});
		expect(hooks.size).toBe(0);
		expect((await runWebhookMethod(WebhookFixture, 'checkExists', options)).result).toBe(false);
		expect(server.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
	});

	it('uses the test URL in manual mode', async () => {
		const staticData: IDataObject = {};
		const created = await runWebhookMethod(WebhookFixture, 'create', { credentials, staticData, mode: 'manual' });
		expect(created.webhookUrl).toBe('http://localhost:5678/webhook-test/harness-webhook-id/webhook');
		expect([...hooks.values()]).toEqual([
			expect.objectContaining({ url: created.webhookUrl, mode: 'manual', activation: 'manual' }),
		]);
	});

	it('rejects a webhookUrl that n8n could not have produced', async () => {
		await expect(
			runWebhookMethod(WebhookFixture, 'create', { credentials, webhookUrl: 'http://x/only-one-segment/hook' }),
		).rejects.toThrow(/webhookUrl must look like/);
	});

	it('emits the delivery when the secret matches and answers 401 otherwise', async () => {
		const staticData: IDataObject = { hookId: 'hook-9', secret: 's3cret' };
		const body = '{"event":"call.ended","callId":42}';

		const accepted = await runWebhook(WebhookFixture, {
			credentials,
			staticData,
			request: { method: 'POST', headers: { 'X-Hook-Secret': 's3cret' }, query: { a: '1' }, body },
		});
		expect(accepted.workflowData).toEqual([
			[{ json: { event: 'call.ended', callId: 42, query: { a: '1' }, rawLength: body.length } }],
		]);
		expect(accepted.response.ended).toBe(false);

		const rejected = await runWebhook(WebhookFixture, {
			credentials,
			staticData,
			request: { headers: { 'x-hook-secret': 'wrong' }, body: { event: 'call.ended' } },
		});
		expect(rejected.noWebhookResponse).toBe(true);
		expect(rejected.workflowData).toBeUndefined();
		expect(rejected.response).toMatchObject({ statusCode: 401, body: { message: 'invalid secret' }, ended: true });

		const ignored = await runWebhook(WebhookFixture, {
			credentials,
			staticData,
			parameters: { event: 'call.started' },
			request: { headers: { 'x-hook-secret': 's3cret' }, body: { event: 'call.ended' } },
		});
		expect(ignored).toMatchObject({ webhookResponse: 'ignored' });
		expect(ignored.workflowData).toBeUndefined();
	});
});

describe('testCredentials', () => {
	it("runs our credential's test request and reports success or the HTTP failure", async () => {
		await expect(testCredentials({ apiToken: TOKEN, baseUrl: `${server.baseUrl}/` })).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(server.requests.at(-1)).toMatchObject({
			path: '/api/user/assistants/models',
			headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
		});

		const bad = await testCredentials({ apiToken: 'wrong', baseUrl: server.baseUrl });
		expect(bad.status).toBe('Error');
		expect(bad.message).toMatch(/Unauthorized|401/);
	});

	it('uses injected credential classes (function authenticate, test rules)', async () => {
		const options = { credentialType: 'apiKeyFixtureApi', credentialTypes: [ApiKeyFixtureApi] };
		await expect(testCredentials({ key: 'good', baseUrl: server.baseUrl }, options)).resolves.toMatchObject({
			status: 'OK',
		});
		expect(server.requests.at(-1)?.headers['x-api-key']).toBe('key-good');
		await expect(testCredentials({ key: 'old', baseUrl: server.baseUrl }, options)).resolves.toEqual({
			status: 'Error',
			message: 'This key is disabled',
		});
	});
});
