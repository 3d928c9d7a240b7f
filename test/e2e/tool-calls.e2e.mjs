// "Tool Called During a Call" in a running n8n (`n8n start`), trigger version 6, on a classic account
// (the 2026 API form, whose assistant update takes tool_ids) and on Platform 2.0. Activation creates one
// tool per workflow and gives it to the chosen assistants next to the tools they had; a simulated call
// calls every tool of its assistant with the platform's sample values and writes question and answer
// into its transcript. A workflow that throws is answered at once with its Failure Answer, one that
// sleeps past the tool's timeout is answered before it; a call without the secret gets 401 and runs
// nothing; deactivation leaves the assistants' tools as they were plus what was added meanwhile, and the
// tools gone; the plan's tool limit makes activation fail in words with nothing left behind.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS } from '../../scripts/lib/n8n.mjs';
import { loadSandboxModule } from '../../scripts/lib/sandbox.mjs';
import { EXAMPLE_CREDENTIAL, startStack } from '../../scripts/lib/stack.mjs';
import { ROOT } from './helpers.mjs';

const P2_CREDENTIAL = { id: 'vaSandboxP2Tool1', name: 'Voice Assistant 2.0 (sandbox)' };
const IDS = { lookup: 'vaE2eToolLookup1', failing: 'vaE2eToolFailin1', slow: 'vaE2eToolSlowwf1', p2: 'vaE2eToolP2Look1', limit: 'vaE2eToolLimit01' };
const HOOKS = {
	lookup: '5d1e7a40-0000-4000-8000-00000000a001',
	failing: '5d1e7a40-0000-4000-8000-00000000a002',
	slow: '5d1e7a40-0000-4000-8000-00000000a003',
	p2: '5d1e7a40-0000-4000-8000-00000000a004',
	limit: '5d1e7a40-0000-4000-8000-00000000a005',
};
const FAILURE_ANSWER = 'Sorry, the order system is not answering right now.';
/** The slow workflow's tool waits 2 s; its lookup takes 8 s. */
const SLOW_TIMEOUT_S = 2;

loadSandboxModule();
const require = createRequire(import.meta.url);
const { Platform2 } = require(path.join(ROOT, 'sandbox', 'platform2', 'engine.ts'));
const { platform2Deliveries } = require(path.join(ROOT, 'sandbox', 'platform2', 'webhooks.ts'));
// The sandbox's seed 1, as the stack's sandbox: the same assistant UUIDs.
const [p2Sales, p2Reception] = new Platform2(1).list('A', '/assistants').map((a) => String(a.id));

const ORDERS_CODE = [
	"const orders = { 'A-1001': 'ships tomorrow', 'A-1002': 'was delivered on Monday' };",
	'return $input.all().map((item) => {',
	'  const number = item.json.order_number;',
	'  const status = orders[number];',
	'  return { json: { answer: status ? `Order ${number} ${status}.` : `I could not find order ${number}.` } };',
	'});',
].join('\n');

const node = (id, name, type, typeVersion, parameters, extra = {}) => ({ id, name, type, typeVersion, position: [0, 0], parameters, ...extra });
const trigger = (webhookId, parameters, credentials = { voiceAssistantApi: EXAMPLE_CREDENTIAL }) =>
	node(`${webhookId.slice(-4)}0000-0000-4000-8000-000000000001`, 'Tool called', 'n8n-nodes-voice-assistant.voiceAssistantTrigger', 6, parameters, { webhookId, credentials });
const code = (id, name, jsCode) => node(id, name, 'n8n-nodes-base.code', 2, { jsCode });
const workflow = (id, name, [first, second], settings = {}) => ({
	id,
	name,
	active: false,
	settings: { executionOrder: 'v1', ...settings },
	nodes: [first, second],
	connections: { [first.name]: { main: [[{ node: second.name, type: 'main', index: 0 }]] } },
});
const toolParameters = (name, assistants, timeout = 5) => ({
	toolName: name,
	toolDescription: "Looks up the caller's order by its number and says where it is",
	toolParameters: { parameter: [{ name: 'order_number', type: 'string', description: 'The order number the caller gives', required: true }] },
	toolTimeout: timeout,
	toolFailureAnswer: FAILURE_ANSWER,
	...assistants,
});

describe('n8n start: a workflow answers the assistant\'s tool calls during the call', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	const catalog = () => sandbox.store.catalog;
	const toolNamed = (name) => catalog().toolsOf(1).find((tool) => tool.name === name);
	const toolCalls = (callId) => sandbox.store.webhookDeliveries.filter((d) => d.kind === 'tool-call' && d.call_id === callId);
	const transcriptOf = (callId) => sandbox.store.calls.find((c) => c.id === callId)?.transcript ?? '';
	const executions = async (id) => (await n8n.rest.listExecutions(id)).length;

	before(async () => {
		stack = await startStack({
			stepMs: 20,
			server: true,
			sandbox: { generation: '2026' },
			workflows: [
				workflow(IDS.lookup, 'E2E tool: look up an order', [
					trigger(HOOKS.lookup, { event: 'toolCall', ...toolParameters('lookup_order', { toolAssistants: [1, 2] }) }),
					code('e2e0a000-0000-4000-8000-000000000002', 'Orders table', ORDERS_CODE),
				]),
				workflow(IDS.failing, 'E2E tool: a lookup that throws', [
					trigger(HOOKS.failing, { event: 'toolCall', ...toolParameters('check_stock', { toolAssistants: [3] }) }),
					code('e2e0a000-0000-4000-8000-000000000003', 'Stock system (down)', "throw new Error('The stock system is down');"),
				]),
				workflow(IDS.slow, 'E2E tool: a lookup slower than the timeout', [
					trigger(HOOKS.slow, { event: 'toolCall', ...toolParameters('track_parcel', { toolAssistants: [3] }, SLOW_TIMEOUT_S) }),
					code('e2e0a000-0000-4000-8000-000000000004', 'Parcel tracker (slow)', "await new Promise((r) => setTimeout(r, 8000));\nreturn [{ json: { answer: 'late' } }];"),
				]),
				workflow(IDS.p2, 'E2E tool 2.0: look up an order', [
					trigger(HOOKS.p2, { accountKind: 'platform2', platform2Event: 'toolCall', ...toolParameters('lookup_order', { platform2ToolAssistants: [p2Sales, p2Reception] }) }, { voiceAssistantPlatform2Api: P2_CREDENTIAL }),
					code('e2e0a000-0000-4000-8000-000000000005', 'Orders table', ORDERS_CODE),
				]),
				workflow(IDS.limit, 'E2E tool: one tool too many', [
					trigger(HOOKS.limit, { event: 'toolCall', ...toolParameters('one_too_many', { toolAssistants: [2] }) }),
					code('e2e0a000-0000-4000-8000-000000000006', 'Nothing', 'return [{ json: { answer: "never" } }];'),
				]),
			],
			extraCredentials: (sb) => [{ ...P2_CREDENTIAL, type: 'voiceAssistantPlatform2Api', data: { apiKey: sb.platform2.keys.full, origin: sb.origin } }],
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		// Reception already has a tool of its own, which must stay.
		catalog().assign(2, { toolIds: [1] });
		for (const id of [IDS.lookup, IDS.failing, IDS.slow, IDS.p2]) {
			const activated = await n8n.rest.activateWorkflow(id);
			assert.equal(activated.active, true, `workflow ${id} is active`);
		}
	});

	after(async () => {
		await stack?.stop();
	});

	test('activation creates one tool for the workflow and gives it to both assistants, keeping their tools', () => {
		const tool = toolNamed('lookup_order');
		assert.ok(tool, 'the tool exists');
		assert.equal(tool.endpoint, `${n8n.server.origin}/webhook/${HOOKS.lookup}/webhook`);
		assert.equal(catalog().toolsOf(1).filter((t) => t.name === 'lookup_order').length, 1, 'exactly one');
		assert.deepEqual(catalog().toolIdsOf(1), [1, 2, tool.id], 'Sales Outreach keeps its two tools');
		assert.deepEqual(catalog().toolIdsOf(2), [1, tool.id], 'Reception keeps its tool');
	});

	test("a call's tool call runs the workflow once and its answer is in the transcript", async () => {
		const before_ = await executions(IDS.lookup);
		const result = await sandbox.simulateInboundCall({ assistantId: 2, customerPhone: '+4917012345670' });
		const mine = toolCalls(result.call_id).filter((d) => d.tool_id === toolNamed('lookup_order').id);
		assert.equal(mine.length, 1, 'the tool was called once');
		assert.deepEqual(mine[0].payload, { order_number: 'test' }, "the platform's sample value");
		assert.deepEqual(mine[0].response, { status: 200, body: { answer: 'I could not find order test.' } });
		assert.match(transcriptOf(result.call_id), /I could not find order test\./, 'the answer is in the transcript');
		const [execution] = await n8n.rest.waitForExecutions(IDS.lookup, { count: before_ + 1 });
		assert.equal(execution.status, 'success');
		assert.equal(await executions(IDS.lookup), before_ + 1, 'the workflow ran once');
		console.log(`# tool call round trip: ${mine[0].ms} ms`);
	});

	test('a workflow that throws is answered at once with the Failure Answer; a slow one before the timeout', async () => {
		const result = await sandbox.simulateInboundCall({ assistantId: 3, customerPhone: '+4917012345670' });
		const calls = toolCalls(result.call_id);
		const failing = calls.find((d) => d.tool_id === toolNamed('check_stock').id);
		const slow = calls.find((d) => d.tool_id === toolNamed('track_parcel').id);
		assert.deepEqual(failing?.response, { status: 200, body: { error: FAILURE_ANSWER } }, "not n8n's error page");
		assert.ok(failing.ms < 3000, `the failing workflow was answered in ${failing.ms} ms`);
		assert.deepEqual(slow?.response, { status: 200, body: { error: FAILURE_ANSWER } });
		assert.ok(slow.ms < SLOW_TIMEOUT_S * 1000, `the slow workflow was answered in ${slow.ms} ms, before the ${SLOW_TIMEOUT_S} s timeout`);
		assert.equal(transcriptOf(result.call_id).split(FAILURE_ANSWER).length - 1, 2, 'both answers are in the transcript');
		console.log(`# failing workflow answered in ${failing.ms} ms; slow workflow (8 s lookup, ${SLOW_TIMEOUT_S} s timeout) in ${slow.ms} ms`);
	});

	test('Platform 2.0: the tool joins both assistants\' tool sets, a call runs the workflow and its answer is in the transcript, deactivation restores the sets', async () => {
		const ws = sandbox.platform2.workspaces.A;
		const setOf = (id) => sandbox.platform2.records.singleton(ws, `/assistants/${id}/tools`) ?? { tool_ids: [] };
		const ourTool = () => sandbox.platform2.list('A', '/tools').find((tool) => tool.name === 'lookup_order');
		const tool = ourTool();
		assert.ok(tool, 'the tool exists on the workspace');
		assert.equal(tool.config.url, `${n8n.server.origin}/webhook/${HOOKS.p2}/webhook`);
		assert.ok(setOf(p2Sales).tool_ids.includes(tool.id) && setOf(p2Reception).tool_ids.includes(tool.id), 'both assistants have it');
		const sellerKept = setOf(p2Sales).tool_ids.filter((id) => id !== tool.id);

		const api = (method, url, body) =>
			fetch(`${sandbox.origin}/api/v1${url}`, { method, headers: { authorization: `Bearer ${sandbox.platform2.keys.full}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) }).then((r) => r.json());
		const placed = await api('POST', '/calls', { assistant_id: p2Reception, to_number: '+4917012345671' });
		const callId = placed.data.id;
		let call;
		for (let i = 0; i < 200 && call?.status !== 'completed'; i++) {
			await new Promise((r) => setTimeout(r, 100));
			call = (await api('GET', `/calls/${callId}`)).data;
		}
		assert.equal(call?.status, 'completed');
		const delivered = platform2Deliveries(sandbox.platform2).filter((d) => d.event === 'tool-call' && d.call_id === callId && d.tool_id === tool.id);
		assert.equal(delivered.length, 1, 'the tool was called once');
		assert.deepEqual(delivered[0].response, { status: 200, body: { answer: 'I could not find order test.' } });
		assert.match(call.transcript, /I could not find order test\./);

		await n8n.rest.deactivateWorkflow(IDS.p2);
		assert.equal(ourTool(), undefined, 'the tool is archived');
		assert.deepEqual(setOf(p2Sales).tool_ids, sellerKept, "Sales Outreach's set is as it was");
		assert.ok(!setOf(p2Reception).tool_ids.includes(tool.id));
	});

	test('a call without the secret gets 401 and runs nothing', async () => {
		const before_ = await executions(IDS.lookup);
		for (const headers of [{}, { 'x-voice-assistant-secret': '0'.repeat(64) }]) {
			const res = await fetch(toolNamed('lookup_order').endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ order_number: 'A-1001' }) });
			assert.equal(res.status, 401);
			assert.equal((await res.json()).answer, undefined);
		}
		assert.equal(await executions(IDS.lookup), before_, 'no execution started');
	});

	test("the plan's tool limit makes activation fail in words, with nothing left behind", async () => {
		// alice has 2 seeded tools + 3 of ours: the sixth is over the documented limit of 5
		const tools = catalog().toolsOf(1).length;
		const refused = await n8n.rest.activateWorkflow(IDS.limit).then(
			(answer) => answer,
			(error) => error,
		);
		assert.match(String(refused?.message ?? JSON.stringify(refused)), /plan limit of 5 mid call tools/);
		assert.equal(catalog().toolsOf(1).length, tools, 'no tool was added');
		assert.deepEqual(catalog().toolIdsOf(2), [1, toolNamed('lookup_order').id], "Reception's tools are unchanged");
	});

	test('deactivation leaves the tool sets as they were plus what was added meanwhile, and the tools gone', async () => {
		catalog().assign(2, { toolIds: [...catalog().toolIdsOf(2), 2] });
		for (const id of [IDS.lookup, IDS.failing, IDS.slow]) await n8n.rest.deactivateWorkflow(id);
		assert.deepEqual(catalog().toolIdsOf(1), [1, 2]);
		assert.deepEqual(catalog().toolIdsOf(2), [1, 2], 'the tool given to Reception meanwhile stays');
		assert.deepEqual(catalog().toolIdsOf(3), []);
		assert.deepEqual(catalog().toolsOf(1).map((t) => t.name), ['check_availability', 'book_appointment']);
	});
});
