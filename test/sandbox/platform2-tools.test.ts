/**
 * Sandbox contract (Platform 2.0): createTool as docs/sandbox.md reads its body (validation, masked
 * header values, the `•••` rule of updateTool, scope 403, the sandbox's plan limit), and a simulated
 * call that calls its assistant's `api` tools once answered (request, transcript, delivery, timeout).
 */
import { platform2Deliveries } from '../../sandbox/platform2/webhooks';
import { clientFor } from './helpers';
import { useP2 } from './platform2/helpers';
import { SHIPPED, until, useToolEndpoint } from './toolEndpoint';

const STEP_MS = 20;
const c = useP2({ callTiming: { stepMs: STEP_MS } });
const api = () => c.as('full');
const control = () => clientFor(c.sb.origin);
const tools = useToolEndpoint();

const MASK = '•••';
const PARAMETERS = {
	type: 'object',
	properties: { order_number: { type: 'string', description: 'The order number' }, quantity: { type: 'number' }, gift: { type: 'boolean' } },
	required: ['order_number'],
};
const SAMPLE = { order_number: 'test', quantity: 1, gift: true };

function toolBody(config: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
	return {
		type: 'api',
		name: 'lookup_order',
		description: 'Looks up an order by its number',
		config: { url: `${tools.current.url}/orders`, headers: [{ name: 'X-Tool-Secret', value: 's3cret' }], parameters: PARAMETERS, ...config },
		...fields,
	};
}

const storedTool = (id: string) => c.sb.platform2.list('A', '/tools').find((t) => t.id === id)!;
/** check_order_status, seeded on example.com: never called */
const seededTool = () => String(c.sb.platform2.list('A', '/tools').find((t) => t.name === 'check_order_status')!.id);
const assistantId = () => String(c.sb.platform2.list('A', '/assistants').find((a) => a.name === 'Sales Outreach')!.id);

describe('createTool', () => {
	it('201 {data: Tool}: defaults filled in, header values masked in every read, the real value stored', async () => {
		const created = await api().post('/tools', toolBody());
		expect(created.status).toBe(201);
		const tool = created.data.data;
		expect(tool).toEqual({
			id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			type: 'api',
			name: 'lookup_order',
			description: 'Looks up an order by its number',
			config: { url: `${tools.current.url}/orders`, method: 'POST', headers: [{ name: 'X-Tool-Secret', value: MASK }], timeout_sec: 10, parameters: PARAMETERS },
			revision: 1,
			created_at: expect.any(String),
			updated_at: expect.any(String),
		});
		expect((storedTool(tool.id).config as { headers: unknown }).headers).toEqual([{ name: 'X-Tool-Secret', value: 's3cret' }]);
		expect((await api().get(`/tools/${tool.id}`)).data.data).toEqual(tool);
		expect((await api().get('/tools')).data.data.find((t: { id: string }) => t.id === tool.id)).toEqual(tool);
		const set = await api().put(`/assistants/${assistantId()}/tools`, { tool_ids: [tool.id], expected_revision: 1 });
		expect(set.data.data.tools).toEqual([tool]);
		expect((await api().get(`/assistants/${assistantId()}/tools`)).data.data.tools[0].config.headers).toEqual([{ name: 'X-Tool-Secret', value: MASK }]);
	});

	it('updateTool: a config sent replaces the stored one; a header value ••• keeps the stored value', async () => {
		const id = (await api().post('/tools', toolBody())).data.data.id as string;
		const headers = [{ name: 'X-Tool-Secret', value: MASK }, { name: 'X-Other', value: 'new' }];
		const updated = await api().patch(`/tools/${id}`, { config: { url: `${tools.current.url}/v2`, method: 'PUT', headers }, expected_revision: 1 });
		expect(updated.status).toBe(200);
		const masked = [{ name: 'X-Tool-Secret', value: MASK }, { name: 'X-Other', value: MASK }];
		expect(updated.data.data).toMatchObject({ revision: 2, config: { url: `${tools.current.url}/v2`, method: 'PUT', timeout_sec: 10, headers: masked } });
		expect(storedTool(id).config).toMatchObject({ headers: [{ name: 'X-Tool-Secret', value: 's3cret' }, { name: 'X-Other', value: 'new' }] });
		await api().patch(`/tools/${id}`, { config: { url: `${tools.current.url}/v2`, headers: [{ name: 'X-Tool-Secret', value: 'rotated' }] } });
		expect(storedTool(id).config).toMatchObject({ headers: [{ name: 'X-Tool-Secret', value: 'rotated' }] });
		const versions = (await api().get(`/tools/${id}/versions`)).data.data as Array<{ config: { headers: Array<{ value: string }> } }>;
		expect(versions.flatMap((v) => v.config.headers.map((h) => h.value))).toEqual([MASK, MASK, MASK]);
	});

	it.each([
		['no type', { type: undefined }, 'type'],
		['type http', { type: 'http' }, 'type'],
		['no name', { name: undefined }, 'name'],
		['a name with capitals and a space', { name: 'Lookup Order' }, 'name'],
		['a name of 65 characters', { name: `a${'b'.repeat(64)}` }, 'name'],
		['no description (api)', { description: undefined }, 'description'],
		['a description of 1001 characters', { description: 'x'.repeat(1001) }, 'description'],
		['no config (api)', { config: undefined }, 'config'],
	])('400 invalid_request for %s, naming the field', async (_label, fields, field) => {
		const res = await api().post('/tools', { ...toolBody(), ...fields });
		expect(res.status).toBe(400);
		expect(res.data.error).toMatchObject({ code: 'invalid_request', field });
	});

	it.each([
		['no url', { url: undefined }, 'config.url'],
		['an ftp url', { url: 'ftp://example.net/x' }, 'config.url'],
		['method FETCH', { method: 'FETCH' }, 'config.method'],
		['timeout_sec 0', { timeout_sec: 0 }, 'config.timeout_sec'],
		['timeout_sec 31', { timeout_sec: 31 }, 'config.timeout_sec'],
		['timeout_sec 2.5', { timeout_sec: 2.5 }, 'config.timeout_sec'],
		['a header without value', { headers: [{ name: 'X-A' }] }, 'config.headers[0].value'],
		['a parameter of type date', { parameters: { type: 'object', properties: { when: { type: 'date' } } } }, 'config.parameters.properties.when.type'],
	])('400 invalid_request for an api config with %s, naming the field', async (_label, config, field) => {
		const res = await api().post('/tools', toolBody(config));
		expect(res.status).toBe(400);
		expect(res.data.error).toMatchObject({ code: 'invalid_request', field });
	});

	it('mcp and builtin tools need no description or config', async () => {
		expect((await api().post('/tools', { type: 'builtin', name: 'end_call' })).data.data).toMatchObject({ type: 'builtin', description: null, config: null, revision: 1 });
	});

	it('a key without assistants:write gets 403 insufficient_scope; nothing is created', async () => {
		const before = c.sb.platform2.list('A', '/tools').length;
		const res = await c.as('assistantsRead').post('/tools', toolBody());
		expect(res.status).toBe(403);
		expect(res.data.error).toMatchObject({ code: 'insufficient_scope', required_scopes: ['assistants:write'] });
		expect(c.sb.platform2.list('A', '/tools')).toHaveLength(before);
	});

	it('the sandbox\'s plan limit: 403 plan_limit_reached beyond it (set in code or by the control route); reset: unlimited', async () => {
		c.sb.platform2.setToolLimit(3); // workspace A has 2 seeded tools
		expect((await api().post('/tools', toolBody())).status).toBe(201);
		const refused = await api().post('/tools', toolBody({}, { name: 'one_more' }));
		expect([refused.status, refused.data]).toEqual([403, { error: { code: 'plan_limit_reached', message: 'Your plan allows 3 tools' } }]);
		expect((await control().post('/sandbox/platform2/tool-limit', { limit: null })).data).toEqual({ workspace_id: c.sb.platform2.workspaces.A, limit: null });
		expect((await api().post('/tools', toolBody({}, { name: 'one_more' }))).status).toBe(201);
		expect((await control().post('/sandbox/platform2/tool-limit', { limit: 1, workspace: 'B' })).status).toBe(200);
		expect((await c.as('otherWorkspace').post('/tools', toolBody())).status).toBe(201);
		expect((await c.as('otherWorkspace').post('/tools', toolBody({}, { name: 'second' }))).data.error.message).toBe('Your plan allows 1 tools');
		c.sb.reset();
		expect((await c.as('otherWorkspace').post('/tools', toolBody())).status).toBe(201);
	});
});

describe('a simulated 2.0 call calls its assistant\'s api tools', () => {
	async function withTools(...bodies: Array<ReturnType<typeof toolBody>>): Promise<string[]> {
		const ids: string[] = [];
		for (const body of bodies) ids.push((await api().post('/tools', body)).data.data.id);
		expect((await api().put(`/assistants/${assistantId()}/tools`, { tool_ids: [seededTool(), ...ids], expected_revision: 1 })).status).toBe(200);
		return ids;
	}

	async function placeCall(toNumber: string): Promise<string> {
		const placed = await api().post('/calls', { assistant_id: assistantId(), to_number: toNumber });
		expect(placed.status).toBe(201);
		return placed.data.data.id;
	}

	const getCall = async (id: string) => (await api().get(`/calls/${id}`)).data.data;
	const finished = async (id: string) => {
		await until(async () => !['queued', 'ringing', 'in_progress'].includes((await getCall(id)).status));
		return getCall(id);
	};
	const toolDeliveries = () => platform2Deliveries(c.sb.platform2).filter((d) => d.event === 'tool-call');

	it('once answered: the request (method, real secret header, sample values), the transcript lines, the delivery', async () => {
		const [toolId] = await withTools(toolBody());
		const callId = await placeCall('+4917612345670');
		const call = await finished(callId);
		expect(call.status).toBe('completed');
		expect(tools.current.hits).toHaveLength(1);
		expect([tools.current.hits[0].method, tools.current.hits[0].path, tools.current.hits[0].headers['x-tool-secret'], tools.current.hits[0].body]).toEqual(['POST', '/orders', 's3cret', SAMPLE]);
		expect(call.transcript.split('\n')).toEqual([
			'Assistant: Hello, this is the assistant calling.',
			'Assistant: [tool lookup_order] {"order_number":"test","quantity":1,"gift":true}',
			'Tool: {"order":"shipped"}',
			'Customer: Hi, yes, go ahead.',
			'Assistant: Thank you, goodbye.',
		]);
		expect(toolDeliveries()).toEqual([
			{
				to: 'tool', url: `${tools.current.url}/orders`, event: 'tool-call', signed: false, status: 200, ms: expect.any(Number),
				call_id: callId, assistant_id: assistantId(), tool_id: toolId, payload: SAMPLE, response: { status: 200, body: SHIPPED }, at: expect.any(Number),
			},
		]);
		// the control route shows what was sent and the status, never what the tools.current answered
		const listed = (await control().get('/sandbox/platform2/deliveries')).data as Array<Record<string, unknown>>;
		expect(listed.find((d) => d.event === 'tool-call')).toMatchObject({ payload: SAMPLE, response: { status: 200 } });
		expect(JSON.stringify(listed)).not.toContain('shipped');
	});

	it('a GET tool gets query parameters and {placeholders}; a tool past its timeout_sec holds the call in_progress, then is recorded as timed out', async () => {
		await withTools(
			toolBody({ url: `${tools.current.url}/orders/{order_number}`, method: 'GET' }, { name: 'order_status' }),
			toolBody({ url: `${tools.current.url}/slow`, timeout_sec: 1 }, { name: 'slow_lookup' }),
		);
		const callId = await placeCall('+4917612345671');
		await until(() => tools.current.hits.length === 2);
		await new Promise((resolve) => setTimeout(resolve, 5 * STEP_MS)); // past the call's last step, the tool still not answered
		expect((await getCall(callId)).status).toBe('in_progress');
		const call = await finished(callId);
		expect(call.status).toBe('completed');
		expect(tools.current.hits.map((h) => [h.method, h.path])).toEqual([['GET', '/orders/test?order_number=test&quantity=1&gift=true'], ['POST', '/slow']]);
		expect(call.transcript).toContain('Tool: [tool slow_lookup failed: timed out after 1 s]');
		expect(toolDeliveries()[1]).toMatchObject({ status: null, response: { status: null, error: 'timed out after 1 s' } });
	});

	it('an answer 500 is in the transcript as a failure', async () => {
		await withTools(toolBody({ url: `${tools.current.url}/fail` }, { name: 'broken_lookup' }));
		const call = await finished(await placeCall('+4917612345672'));
		expect(call.transcript).toContain('Tool: [tool broken_lookup failed: HTTP 500]');
		expect(toolDeliveries()[0]).toMatchObject({ status: 500, response: { status: 500, body: { error: 'boom' } } });
	});

	it('no tool is called by a call nobody answers, nor on a reserved host (the seeded tools)', async () => {
		await withTools(toolBody());
		for (const phone of ['+4917612345677', '+4917612345678', '+4917612345679']) await finished(await placeCall(phone));
		expect(tools.current.hits).toEqual([]);
		const seededOnly = (await api().put(`/assistants/${assistantId()}/tools`, { tool_ids: [seededTool()], expected_revision: 2 })).status;
		expect(seededOnly).toBe(200);
		const call = await finished(await placeCall('+4917612345670'));
		expect(call.transcript.split('\n')).toHaveLength(3);
		expect(tools.current.hits).toEqual([]);
		expect(toolDeliveries()).toEqual([]);
	});
});
