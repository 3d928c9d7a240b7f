// n8n in queue mode (main + 2 workers, PostgreSQL, Redis) with this package loaded in every process:
// (a) three bulk "make call" executions on one credential, started at once through the main
// instance's production webhook and run by the workers, against the sandbox at its rate limits;
// (b) the trigger activated on main, a finished call's delivery run by a worker, deactivation
// restoring the assistant's webhook settings; (c) a mid-call tool registered by main, its call run by a
// worker and answered by main; (d) the credential test and the voices dropdown answered by main.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { CREDENTIAL_TYPE, FILE_TIMEOUT_MS, NODE_TYPE, OWNER } from '../../scripts/lib/n8n.mjs';
import { startQueueCluster } from '../../scripts/lib/queue.mjs';
import { loadSandboxModule, startSandbox } from '../../scripts/lib/sandbox.mjs';
import { EXAMPLE_CREDENTIAL, readWorkflows } from '../../scripts/lib/stack.mjs';
import { ROOT, requestsTo } from './helpers.mjs';

const BATCHES = 3;
const PER_BATCH = 100;
const TIME_SCALE = 10;
const ASSISTANT_ID = 1;
const TRIGGER_WORKFLOW = 'vaExampleRouteCl';
/** examples/answer-order-questions-during-a-call.json, given to Reception (assistant 2). */
const TOOL_WORKFLOW = 'vaExampleToolCl1';
const TOOL_ASSISTANT = 2;
const BULK_WORKFLOW = 'vaQueueBulkCalls';
const BULK_PATH = 'queue-bulk-calls';
const WEBHOOK_FIELDS = ['webhook_url', 'is_webhook_active', 'send_webhook_only_on_completed', 'include_recording_in_webhook'];

const phone = (batch, index) => `+4917${batch}${String(2_000_000 + index).padStart(7, '0')}`;
const credentialRef = { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name };

/** Webhook (production, answers at once) → one item per phone → Call: Make with default options. */
const bulkWorkflow = {
	id: BULK_WORKFLOW,
	name: 'Queue e2e: bulk calls',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'b7d5f0c2-0001-4a55-9a0e-5d1c00000001',
			name: 'Batch',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: 'b7d5f0c2-0001-4a55-9a0e-5d1c0000ffff',
			parameters: { httpMethod: 'POST', path: BULK_PATH, responseMode: 'onReceived', options: {} },
		},
		{
			id: 'b7d5f0c2-0001-4a55-9a0e-5d1c00000002',
			name: 'One item per number',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.leads', options: {} },
		},
		{
			id: 'b7d5f0c2-0001-4a55-9a0e-5d1c00000003',
			name: 'Call',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [440, 0],
			parameters: {
				resource: 'call',
				operation: 'make',
				assistantId: { __rl: true, mode: 'id', value: String(ASSISTANT_ID) },
				phoneNumber: '={{ $json.phone }}',
			},
			credentials: { [CREDENTIAL_TYPE]: credentialRef },
		},
	],
	connections: {
		Batch: { main: [[{ node: 'One item per number', type: 'main', index: 0 }]] },
		'One item per number': { main: [[{ node: 'Call', type: 'main', index: 0 }]] },
	},
	pinData: {},
};

/** The earliest the last of `count` requests can be admitted by the sandbox's own limiter. */
function minimumMs(limits, count) {
	const limiter = new (loadSandboxModule().RateLimiter)();
	limiter.configure(limits);
	const start = 1e12;
	let now = start;
	for (let admitted = 0; admitted < count; ) {
		const decision = limiter.check('token', now);
		if (!decision || decision.allowed) admitted++;
		else now += (decision.retryAfter ?? 1) * 1000;
	}
	return now - start;
}

describe('n8n queue mode: main + 2 workers, PostgreSQL, Redis', { timeout: FILE_TIMEOUT_MS }, () => {
	let sandbox;
	let cluster;
	let main;
	const limits = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: TIME_SCALE, preciseReset: true };

	before(async () => {
		sandbox = await startSandbox({ callTiming: { stepMs: 20 }, rateLimit: limits });
		cluster = await startQueueCluster({
			workers: 2,
			log: (l) => console.log(`# ${l}`),
			prepare: async (n8n) => {
				await n8n.importCredentials([
					{ ...EXAMPLE_CREDENTIAL, type: CREDENTIAL_TYPE, data: { apiToken: sandbox.tokens.alice, baseUrl: sandbox.baseUrl } },
				]);
				const trigger = readWorkflows([`${ROOT}/examples/route-finished-calls.json`]).map(({ file, ...wf }) => wf);
				const [tool] = readWorkflows([`${ROOT}/examples/answer-order-questions-during-a-call.json`]).map(({ file, ...wf }) => wf);
				tool.nodes[0].parameters.toolAssistants = [TOOL_ASSISTANT];
				await n8n.importWorkflows([...trigger, tool, bulkWorkflow]);
				// Production webhooks of published workflows are registered when main starts.
				await n8n.cliOk(['publish:workflow', `--id=${BULK_WORKFLOW}`]);
			},
		});
		main = cluster.main;
		await main.rest.ensureOwner(OWNER);
		// main says "Editor is now accessible" before it has set up the published workflow: n8n 2.41
		// publishes it in the background (its reconciler finds a published workflow without trigger
		// status and queues it). Ask n8n until it reports the publication done and serves the webhook.
		const asked = Date.now();
		await main.rest.waitForPublication(BULK_WORKFLOW);
		await main.waitForWebhook(BULK_PATH);
		console.log(`# main published the bulk workflow and served its webhook ${((Date.now() - asked) / 1000).toFixed(1)} s after it said the editor was accessible`);
	});

	after(async () => {
		await cluster?.stop();
		await sandbox?.stop();
	});

	/** The bulk run spends the token's minute; the tests after it start on a fresh rate-limit window. */
	async function freshRateWindow() {
		await sandbox.waitForIdle();
		sandbox.limiter.configure(limits);
	}

	test('three bulk executions on one credential, run by the workers: every call placed once, none failed', async () => {
		sandbox.clearRequests();
		const batches = Array.from({ length: BATCHES }, (_, b) => Array.from({ length: PER_BATCH }, (_, i) => phone(b + 1, i)));
		const started = Date.now();
		const answers = await Promise.all(
			batches.map((phones, b) =>
				fetch(`${main.server.origin}/webhook/${BULK_PATH}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ batch: b + 1, leads: phones.map((p) => ({ phone: p })) }),
				}),
			),
		);
		for (const answer of answers) assert.equal(answer.status, 200, `the webhook accepted the batch: ${await answer.text()}`);

		const executions = await main.rest.waitForExecutions(BULK_WORKFLOW, { count: BATCHES });
		const elapsed = Date.now() - started;
		assert.equal(executions.length, BATCHES);
		const runBy = cluster.executionsRunBy();
		for (const execution of executions) {
			assert.equal(execution.status, 'success', `execution ${execution.id} succeeded:\n${cluster.output()}`);
			assert.ok(runBy.has(String(execution.id)), `a worker ran execution ${execution.id}`);
			const items = execution.data.resultData.runData.Call[0].data.main[0];
			assert.equal(items.length, PER_BATCH, 'one output item per input item');
			for (const item of items) assert.equal(typeof item.json.call_id, 'number', `a call id in ${JSON.stringify(item.json)}`);
		}

		const wanted = new Set(batches.flat());
		const placed = sandbox.store.calls.filter((c) => wanted.has(c.client_phone_number));
		const perPhone = new Map();
		for (const call of placed) perPhone.set(call.client_phone_number, (perPhone.get(call.client_phone_number) ?? 0) + 1);
		assert.equal(perPhone.size, wanted.size, 'every number was called');
		assert.deepEqual([...perPhone.values()].filter((n) => n !== 1), [], 'no number was called twice');

		const requests = requestsTo(sandbox, 'POST', '/api/user/make_call');
		const rejected = requests.filter((r) => r.status === 429).length;
		const minimum = minimumMs(limits, wanted.size);
		const workers = new Set(executions.map((e) => runBy.get(String(e.id))));
		console.log(
			`# queue bulk: ${wanted.size} calls on workers ${[...workers].sort().join(', ')} in ${(elapsed / 1000).toFixed(1)} s ` +
				`(minimum ${(minimum / 1000).toFixed(1)} s at time scale ${TIME_SCALE}), ` +
				`${rejected} of ${requests.length} requests answered 429 (${((100 * rejected) / requests.length).toFixed(1)} %)`,
		);
		assert.equal(requests.length - rejected, wanted.size, 'exactly one accepted request per call');
	});

	test('the trigger is activated on main; a finished call becomes an execution run by a worker; deactivating restores the webhook', async () => {
		await freshRateWindow();
		const assistant = sandbox.store.assistants.find((a) => a.id === ASSISTANT_ID);
		Object.assign(assistant, {
			webhook_url: 'https://crm.example.com/hooks/calls',
			is_webhook_active: true,
			send_webhook_only_on_completed: true,
			include_recording_in_webhook: false,
		});
		const settingsOf = (a) => Object.fromEntries(WEBHOOK_FIELDS.map((k) => [k, a[k]]));
		const before_ = settingsOf(assistant);

		// resolves once main reports the publication done: the trigger has registered its webhook
		const activated = await main.rest.activateWorkflow(TRIGGER_WORKFLOW);
		assert.equal(activated.active, true);
		assert.ok(assistant.webhook_url?.startsWith(`${main.server.origin}/webhook/`), `the assistant's webhook_url points at main (it is ${assistant.webhook_url})`);

		const res = await fetch(`${sandbox.baseUrl}/user/make_call`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sandbox.tokens.alice}`, 'content-type': 'application/json' },
			body: JSON.stringify({ assistant_id: ASSISTANT_ID, phone_number: '+4915123456781' }),
		});
		assert.equal(res.status, 200);
		const callId = (await res.json()).call_id;
		await sandbox.waitForIdle();
		const call = sandbox.store.calls.find((c) => c.id === callId);
		assert.equal(call.webhook_response?.status, 200, 'main accepted the post-call delivery');

		const [execution] = await main.rest.waitForExecutions(TRIGGER_WORKFLOW, { count: 1 });
		assert.equal(execution.status, 'success', `the trigger's execution succeeded:\n${cluster.output()}`);
		assert.equal(execution.mode, 'webhook');
		assert.ok(cluster.executionsRunBy().has(String(execution.id)), `a worker ran execution ${execution.id}:\n${cluster.output()}`);
		const [item] = execution.data.resultData.runData['Call ended'][0].data.main[0];
		assert.equal(item.json.call_id, callId);
		assert.equal(item.json.status, 'completed');

		// resolves once main reports the triggers torn down: the trigger's delete() has run
		const deactivated = await main.rest.deactivateWorkflow(TRIGGER_WORKFLOW);
		assert.equal(deactivated.active, false);
		assert.deepEqual(settingsOf(assistant), before_, 'the previous webhook settings are back');
	});

	test("a tool call during a call: main registers the tool, a worker runs the workflow, main answers with the worker's result", async () => {
		await freshRateWindow();
		// the 2026 API form, whose assistant update takes tool_ids (docs/tool-calls.md)
		sandbox.setGeneration('2026', 1);
		try {
			await main.rest.activateWorkflow(TOOL_WORKFLOW);
			const tool = sandbox.store.catalog.toolsOf(1).find((t) => t.name === 'lookup_order');
			assert.ok(tool?.endpoint.startsWith(`${main.server.origin}/webhook/`), `the tool calls main (${tool?.endpoint})`);
			assert.ok(sandbox.store.catalog.toolIdsOf(TOOL_ASSISTANT).includes(tool.id), 'Reception has the tool');

			const result = await sandbox.simulateInboundCall({ assistantId: TOOL_ASSISTANT, customerPhone: '+4917012345670' });
			const delivery = sandbox.store.webhookDeliveries.find((d) => d.kind === 'tool-call' && d.call_id === result.call_id && d.tool_id === tool.id);
			assert.deepEqual(delivery?.response, { status: 200, body: { answer: 'I could not find order TEST. Could you check the number?' } }, cluster.output());
			const [execution] = await main.rest.waitForExecutions(TOOL_WORKFLOW, { count: 1 });
			assert.equal(execution.status, 'success');
			assert.ok(cluster.executionsRunBy().has(String(execution.id)), `a worker ran execution ${execution.id}:\n${cluster.output()}`);
			console.log(`# tool call answered through main from a worker's run in ${delivery.ms} ms`);

			await main.rest.deactivateWorkflow(TOOL_WORKFLOW);
			assert.equal(sandbox.store.catalog.toolsOf(1).find((t) => t.name === 'lookup_order'), undefined, 'the tool is gone');
			assert.ok(!sandbox.store.catalog.toolIdsOf(TOOL_ASSISTANT).includes(tool.id));
		} finally {
			sandbox.setGeneration('reference', 1);
		}
	});

	test('the credential test and the voices dropdown are answered through main', async () => {
		await freshRateWindow();
		const credential = (apiToken) => ({
			credentials: { ...credentialRef, type: CREDENTIAL_TYPE, data: { apiToken, baseUrl: sandbox.baseUrl } },
		});
		const good = await main.rest.post('/credentials/test', credential(sandbox.tokens.alice));
		assert.equal(good.status, 'OK', JSON.stringify(good));
		const bad = await main.rest.post('/credentials/test', credential('not-a-valid-token'));
		assert.equal(bad.status, 'Error', JSON.stringify(bad));

		sandbox.clearRequests();
		const options = await main.rest.post('/dynamic-node-parameters/options', {
			nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
			path: 'voiceId',
			methodName: 'getVoices',
			// as the editor sends them: every parameter, defaults included (the credential shows for accountKind 'classic')
			currentNodeParameters: { accountKind: 'classic', resource: 'assistant', operation: 'create', engineType: 'pipeline' },
			credentials: { [CREDENTIAL_TYPE]: credentialRef },
		});
		const expected = sandbox.store.voices.filter((v) => v.mode === 'pipeline' && (v.user_id === null || v.user_id === sandbox.users.alice));
		assert.deepEqual(options.map((o) => o.value).sort((a, b) => a - b), expected.map((v) => v.id).sort((a, b) => a - b));
		const lookups = requestsTo(sandbox, 'GET', '/api/user/assistants/voices');
		assert.equal(lookups.length, 1);
		assert.equal(lookups[0].query.mode, 'pipeline');
	});
});
