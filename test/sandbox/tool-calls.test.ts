/**
 * Sandbox contract (classic): during a simulated call that is answered, the assistant calls each of its
 * mid-call tools once, in order, with the "Test Tool" sample values; the request, the transcript lines,
 * the 'tool-call' delivery, the timeout, reserved hosts, and tool_ids in the assistant list.
 */
import type { Call } from '../../sandbox/types';
import { isReservedHost } from '../../sandbox/toolCalls';
import { clientFor, startReceiver, useClients } from './helpers';
import { SHIPPED, until, useToolEndpoint } from './toolEndpoint';

const c = useClients({ reset: 'all' });
const tools = useToolEndpoint();
beforeEach(() => {
	c.sb.setGeneration('2026', c.sb.users.alice); // tool_ids is a 2026 assistant field
});

const LOOKUP_SCHEMA = [
	{ name: 'order_number', type: 'string', description: 'The order number' },
	{ name: 'quantity', type: 'number', description: 'How many items' },
	{ name: 'gift', type: 'boolean', description: 'Whether it is a gift' },
];
const SAMPLE = { order_number: 'test', quantity: 1, gift: true };

async function newTool(fields: Record<string, unknown>): Promise<number> {
	const created = await c.alice.post('/user/tools', { name: 'lookup_order', description: 'Looks up an order', method: 'POST', schema: LOOKUP_SCHEMA, ...fields });
	expect(created.status).toBe(201);
	return created.data.data.id as number;
}

async function giveTools(assistantId: number, toolIds: number[]): Promise<void> {
	expect((await c.alice.put(`/user/assistant/${assistantId}`, { tool_ids: toolIds })).status).toBe(200);
}

async function callAndWait(phone: string, assistantId = 1): Promise<Call> {
	const made = await c.alice.post('/user/make_call', { phone_number: phone, assistant_id: assistantId });
	expect(made.status).toBe(200);
	await c.sb.waitForIdle();
	return c.sb.store.calls.find((x) => x.id === made.data.call_id)!;
}

const toolDeliveries = () => c.sb.store.webhookDeliveries.filter((d) => d.kind === 'tool-call');

it('the assistant list shows every assistant\'s tool_ids, in assigned order (reference accounts too)', async () => {
	await giveTools(4, [2, 1]);
	const listed = (await c.alice.get('/user/assistants/get', { params: { per_page: 100 } })).data.data as Array<{ id: number; name: string; tool_ids: number[] }>;
	expect(listed.every((a) => Array.isArray(a.tool_ids))).toBe(true);
	expect(listed.find((a) => a.id === 1)).toMatchObject({ name: 'Sales Outreach', tool_ids: [1, 2] });
	expect(listed.find((a) => a.id === 4)?.tool_ids).toEqual([2, 1]);
	expect(listed.find((a) => a.id === 2)?.tool_ids).toEqual([]);
	expect((await c.alice.delete('/user/tools/1')).status).toBe(200);
	const after = (await c.alice.get('/user/assistants/get', { params: { per_page: 100 } })).data.data as Array<{ id: number; tool_ids: number[] }>;
	expect(after.find((a) => a.id === 1)?.tool_ids).toEqual([2]);
	const bobs = (await c.bob.get('/user/assistants/get')).data.data as Array<{ id: number; tool_ids: number[] }>;
	expect(bobs.map((a) => [a.id, a.tool_ids])).toEqual([[13, [3]], [14, []]]);
});

it('an answered call POSTs to its tool once: secret header, sample values; question and answer in the transcript; a tool-call delivery', async () => {
	const id = await newTool({ endpoint: `${tools.current.url}/orders`, timeout: 5, headers: [{ name: 'X-Tool-Secret', value: 's3cret' }] });
	await giveTools(1, [1, id, 2]); // the seeded tools (tools.example.com) around it are never called
	const call = await callAndWait('+4917622223330');
	expect(call.status).toBe('completed');
	expect(tools.current.hits).toHaveLength(1);
	const [hit] = tools.current.hits;
	expect([hit.method, hit.path, hit.headers['x-tool-secret'], hit.body]).toEqual(['POST', '/orders', 's3cret', SAMPLE]);
	expect(hit.headers['content-type']).toMatch(/^application\/json/);

	const question = '[tool lookup_order] {"order_number":"test","quantity":1,"gift":true}';
	const items = call.transcript_items;
	expect(items).toHaveLength(7); // the five lines of a completed call and the two of the tool
	expect(items[1]).toEqual({ text: question, type: 'tool_call', sender: 'assistant', timestamp: items[0].timestamp });
	expect(items[2]).toEqual({ text: JSON.stringify(SHIPPED), type: 'tool_result', sender: 'tool', timestamp: items[0].timestamp });
	const read = (await c.alice.get(`/user/calls/${call.id}`)).data;
	expect(read.transcript.split('\n').slice(1, 3)).toEqual([`Assistant: ${question}`, 'Tool: {"order":"shipped"}']);

	expect(toolDeliveries()).toEqual([
		{ kind: 'tool-call', call_id: call.id, assistant_id: 1, tool_id: id, url: `${tools.current.url}/orders`, payload: SAMPLE, response: { status: 200, body: SHIPPED }, at: expect.any(Number), ms: expect.any(Number) },
	]);
	// the unauthenticated /sandbox/state shows what was sent and the status, never what the tools.current answered
	const state = (await clientFor(c.sb.origin).get('/sandbox/state')).data;
	expect(state.calls.find((x: { id: number }) => x.id === call.id).transcript).toContain('Tool: [answer not shown here]');
	expect(state.webhook_deliveries.find((d: { kind: string }) => d.kind === 'tool-call').response).toEqual({ status: 200 });
	expect(JSON.stringify(state)).not.toContain('shipped');
});

it('a GET tool of an inbound call gets the values as query parameters, {placeholders} filled; the post-call webhook carries the lines', async () => {
	const id = await newTool({ name: 'order_status', endpoint: `${tools.current.url}/orders/{order_number}/status`, method: 'GET', schema: [LOOKUP_SCHEMA[0], LOOKUP_SCHEMA[2]] });
	await giveTools(2, [id]);
	const receiver = await startReceiver();
	try {
		await c.alice.post('/user/assistants/enable-webhook', { assistant_id: 2, webhook_url: receiver.url });
		const result = await c.sb.simulateInboundCall({ assistantId: 2 });
		expect(result.status).toBe('completed');
		expect(tools.current.hits.map((h) => [h.method, h.path, h.body])).toEqual([['GET', '/orders/test/status?order_number=test&gift=true', null]]);
		expect(tools.current.hits[0].headers['content-type']).toMatch(/^application\/json/);
		const posted = receiver.received[0].body.transcript as string;
		expect(posted).toContain('Assistant: [tool order_status] {"order_number":"test","gift":true}\nTool: {"order":"shipped"}');
	} finally {
		await receiver.close();
	}
});

it('a tool slower than its timeout: recorded as timed out, and the call finishes after waiting for it', async () => {
	const id = await newTool({ name: 'slow_lookup', endpoint: `${tools.current.url}/slow`, timeout: 1 });
	await giveTools(1, [id]);
	const call = await callAndWait('+4917622223330');
	expect(call.status).toBe('completed');
	expect(call.transcript).toContain('Tool: [tool slow_lookup failed: timed out after 1 s]');
	const [delivery] = toolDeliveries();
	expect(delivery.response).toEqual({ status: null, error: 'timed out after 1 s' });
	expect(delivery.ms).toBeGreaterThanOrEqual(1000);
	expect(delivery.ms).toBeLessThan(tools.current.slowMs);
	expect(call.finished_at! - call.created_at).toBeGreaterThanOrEqual(1000); // waited for the tool, not one 15 ms step
});

it('an answer 500 is recorded with its status; the transcript says the tool failed', async () => {
	const id = await newTool({ name: 'broken_lookup', endpoint: `${tools.current.url}/fail`, method: 'PATCH' });
	await giveTools(1, [id]);
	const call = await callAndWait('+4917622223331');
	expect(tools.current.hits.map((h) => [h.method, h.body])).toEqual([['PATCH', SAMPLE]]);
	expect(call.transcript).toContain('Tool: [tool broken_lookup failed: HTTP 500]');
	expect(toolDeliveries()[0].response).toEqual({ status: 500, body: { error: 'boom' } });
});

it('calls nobody answers (busy, no answer, failed) call no tools', async () => {
	await giveTools(1, [await newTool({ endpoint: `${tools.current.url}/orders` })]);
	for (const phone of ['+4917622223337', '+4917622223338', '+4917622223339']) expect((await callAndWait(phone)).transcript_items).toEqual([]);
	expect(tools.current.hits).toEqual([]);
	expect(toolDeliveries()).toEqual([]);
});

it('campaign calls call the tools too, once per answered call', async () => {
	await giveTools(1, [await newTool({ endpoint: `${tools.current.url}/orders` })]);
	const seeded = new Set(c.sb.store.calls.map((x) => x.id)); // the history has calls of this campaign too
	expect((await c.alice.post('/user/campaigns/update-status', { campaign_id: 1, action: 'start' })).status).toBe(200);
	await c.sb.waitForIdle();
	const answered = c.sb.store.calls.filter((x) => !seeded.has(x.id) && x.campaign_id === 1 && x.answered_by !== 'unknown');
	expect(answered.length).toBeGreaterThan(0);
	expect(tools.current.hits).toHaveLength(answered.length);
	expect(toolDeliveries().map((d) => d.call_id).sort()).toEqual(answered.map((x) => x.id).sort());
});

it('a tool on a reserved example host is not called and leaves no trace (localhost is called)', async () => {
	const reserved = [
		await newTool({ name: 'on_example', endpoint: 'https://api.example.org/x' }),
		await newTool({ name: 'on_test', endpoint: 'http://shop.test/x' }),
	];
	await giveTools(1, reserved);
	const call = await callAndWait('+4917622223330');
	expect(call.transcript_items.map((i) => i.type)).toEqual(['message', 'message', 'message', 'message', 'message']);
	expect(tools.current.hits).toEqual([]);
	expect(toolDeliveries()).toEqual([]);
	for (const url of ['https://example.com', 'http://tools.example.com/a', 'https://EXAMPLE.NET.', 'http://x.invalid', 'http://a.example', 'http://test']) expect(isReservedHost(url)).toBe(true);
	for (const url of ['http://localhost:5678/webhook', 'http://127.0.0.1', 'https://example.company.com', 'https://n8n.testing.io']) expect(isReservedHost(url)).toBe(false);
});

it('a sandbox reset aborts a tool call in flight; nothing of it is recorded', async () => {
	tools.current.slowMs = 3000;
	try {
		await giveTools(1, [await newTool({ name: 'slow_lookup', endpoint: `${tools.current.url}/slow`, timeout: 30 })]);
		const made = await c.alice.post('/user/make_call', { phone_number: '+4917622223330', assistant_id: 1 });
		const call = c.sb.store.calls.find((x) => x.id === made.data.call_id)!;
		await until(() => tools.current.hits.length === 1);
		c.sb.reset();
		await until(() => tools.current.abandoned === 1, 1000); // the request is cancelled, not waited out
		await c.sb.waitForIdle();
		expect([call.status, call.finished_at]).toEqual(['in-progress', null]); // the cancelled call never ended
		expect(toolDeliveries()).toEqual([]);
	} finally {
		tools.current.slowMs = 1500;
	}
});
