// Famulor Platform 2.0 (issue #30) in a running n8n (`n8n start`), against the sandbox's /api/v1:
// the 2.0 credential through n8n's credential-test endpoint (the Test button), full CRUD rounds of
// three record families as real workflows (Return All walking more than one page of the largest
// size), a key without the scope refused before anything is written, and the node as an AI-agent
// tool refusing a paid operation (Send SMS) unless the user allowed it.
//
// Workflows start at a Webhook node (n8n runs them as production executions; their run data is read
// back through the REST API), so one n8n process serves every test.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, NODE_TYPE, WAIT_MS, nodeOutput } from '../../scripts/lib/n8n.mjs';
import { N8N_MAJOR, PACKAGE_NAME } from '../../scripts/lib/paths.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { toolQuery } from './helpers.mjs';

const P2_TYPE = 'voiceAssistantPlatform2Api';
const FULL = { id: 'vaE2eP2FullKey01', name: 'Famulor Platform 2.0 (full key)' };
const READ_ONLY = { id: 'vaE2eP2ReadKey01', name: 'Famulor Platform 2.0 (assistants:read only)' };
const TOOL_TYPE = `${PACKAGE_NAME}.voiceAssistantTool`;
/** The largest page the catalogue allows on these lists (limitMax): Return All must ask for it. */
const PAGE = 200;
/** Records made before the runs so that every list needs a second page at the largest size. */
const FILLERS = PAGE;

let uuidCounter = 0;
const nodeId = () => `e2e00000-0000-4000-8000-${String(++uuidCounter).padStart(12, '0')}`;

const byId = (value) => ({ __rl: true, mode: 'id', value });

/** The action node on Platform 2.0 with a 2.0 credential. */
function p2Node(name, parameters, position, { credential = FULL, executeOnce = false } = {}) {
	return {
		id: nodeId(),
		name,
		type: NODE_TYPE,
		typeVersion: 2,
		position,
		...(executeOnce ? { executeOnce: true } : {}),
		parameters: { accountKind: 'platform2', ...parameters },
		credentials: { [P2_TYPE]: { id: credential.id, name: credential.name } },
	};
}

function webhookNode(path) {
	return {
		id: nodeId(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: nodeId(),
		parameters: { httpMethod: 'POST', path, responseMode: 'lastNode' },
	};
}

/** Webhook → the nodes in a row. */
function chain(id, name, path, nodes) {
	const all = [webhookNode(path), ...nodes];
	const connections = {};
	for (let i = 0; i + 1 < all.length; i++) connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, active: false, settings: { executionOrder: 'v1' }, nodes: all, connections, pinData: {} };
}

/**
 * The record families of the CRUD rounds: the node's resource and operations, the create and update
 * parameters, the sandbox collection, and what the created record must hold. Knowledge bases have no
 * update operation in the catalogue, so their round has no Update step.
 */
const FAMILIES = [
	{
		resource: 'assistants',
		collection: '/assistants',
		ops: { create: 'createAssistant', get: 'getAssistant', update: 'updateAssistant', list: 'listAssistants', del: 'deleteAssistant' },
		// createAssistant's body is not broken into fields by the catalogue: a JSON body
		create: { jsonBody: JSON.stringify({ name: 'E2E Round Assistant', mode: 'pipeline', primary_language: 'de-DE' }) },
		created: { name: 'E2E Round Assistant', mode: 'pipeline', primary_language: 'de-DE' },
		update: { additionalFields: { name: 'E2E Round Assistant (renamed)', systemPrompt: 'Be brief.' } },
		updated: { name: 'E2E Round Assistant (renamed)', system_prompt: 'Be brief.' },
		filler: (i) => ({ name: `Filler assistant ${i}`, mode: 'pipeline' }),
	},
	{
		resource: 'campaigns',
		collection: '/campaigns',
		ops: { create: 'createCampaign', get: 'getCampaign', update: 'updateCampaign', list: 'listCampaigns', del: 'deleteCampaign' },
		create: { name: 'E2E Round Campaign', additionalFields: { channel: 'phone_call', concurrency: 3 } },
		created: { name: 'E2E Round Campaign', channel: 'phone_call', concurrency: 3 },
		update: { additionalFields: { name: 'E2E Round Campaign (renamed)', retryMax: 2 } },
		updated: { name: 'E2E Round Campaign (renamed)', retry_max: 2 },
		filler: (i) => ({ name: `Filler campaign ${i}` }),
	},
	{
		resource: 'knowledgeBases',
		collection: '/knowledge-bases',
		ops: { create: 'createKnowledgeBase', get: 'getKnowledgeBase', list: 'listKnowledgeBases', del: 'deleteKnowledgeBase' },
		create: { name: 'E2E Round Knowledge', additionalFields: { description: 'Opening hours and prices' } },
		created: { name: 'E2E Round Knowledge', description: 'Opening hours and prices' },
		filler: (i) => ({ name: `Filler knowledge base ${i}` }),
	},
];

const roundWorkflowId = (family) => `vaE2eP2Round${family.resource.slice(0, 4)}`;
const roundPath = (family) => `p2-round-${family.resource}`;

/** Webhook → Create → Get → Update → List (Return All, once) → Delete (once). */
function roundWorkflow(family) {
	const created = "={{ $('Create').first().json.id }}";
	const nodes = [
		p2Node('Create', { resource: family.resource, operation: family.ops.create, ...family.create }, [220, 0]),
		p2Node('Get', { resource: family.resource, operation: family.ops.get, id: byId('={{ $json.id }}') }, [440, 0]),
		...(family.ops.update
			? [p2Node('Update', { resource: family.resource, operation: family.ops.update, id: byId(created), ...family.update }, [660, 0])]
			: []),
		p2Node('List', { resource: family.resource, operation: family.ops.list, returnAll: true }, [880, 0], { executeOnce: true }),
		p2Node('Delete', { resource: family.resource, operation: family.ops.del, id: byId(created) }, [1100, 0], { executeOnce: true }),
	];
	return chain(roundWorkflowId(family), `E2E 2.0: ${family.resource} round`, roundPath(family), nodes);
}

const SCOPED_WORKFLOW = 'vaE2eP2Scoped001';
const SCOPED_PATH = 'p2-scoped-create-campaign';
const scopedWorkflow = chain(SCOPED_WORKFLOW, 'E2E 2.0: create a campaign with an assistants:read key', SCOPED_PATH, [
	p2Node('Create campaign', { resource: 'campaigns', operation: 'createCampaign', name: 'Must not exist' }, [220, 0], { credential: READ_ONLY }),
]);

/** Webhook → Tool Executor, with the 2.0 Send SMS tool connected as its ai_tool. */
function smsToolWorkflow(id, path, fromNumberId, to, allow) {
	const workflow = chain(id, `E2E 2.0: an agent's tool call sends an SMS (${allow ? 'allowed' : 'not allowed'})`, path, [
		{
			id: nodeId(),
			name: 'Tool Executor',
			type: '@n8n/n8n-nodes-langchain.toolExecutor',
			typeVersion: 1,
			position: [220, 0],
			parameters: { query: toolQuery('Send SMS', { to }), toolName: '', node: '' },
		},
	]);
	workflow.nodes.push({
		...p2Node('Send SMS', {
			resource: 'smsPlatform2',
			operation: 'sendSms',
			fromNumberId: byId(fromNumberId),
			to: "={{ $fromAI('to', 'The number to text, E.164', 'string') }}",
			body: 'Your appointment is confirmed.',
			...(allow ? { allowForAiAgent: true } : {}),
		}, [220, 200]),
		type: TOOL_TYPE,
	});
	workflow.connections['Send SMS'] = { ai_tool: [[{ node: 'Tool Executor', type: 'ai_tool', index: 0 }]] };
	return workflow;
}
const SMS_DENIED = { id: 'vaE2eP2SmsTool01', path: 'p2-sms-tool-denied' };
const SMS_ALLOWED = { id: 'vaE2eP2SmsTool02', path: 'p2-sms-tool-allowed' };

describe('n8n start: Famulor Platform 2.0', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let fromNumberId;

	const p2Requests = (method, path) => sandbox.requests.filter((r) => r.method === method && r.path === `/api/v1${path}`);
	const records = (collection) => sandbox.platform2.list('A', collection);

	/** POSTs to a workflow's production webhook; resolves the answer and the execution it started. */
	async function runWebhook(workflowId, path) {
		const known = new Set((await n8n.rest.listExecutions(workflowId)).map((e) => e.id));
		const res = await fetch(`${n8n.server.origin}/webhook/${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
			signal: AbortSignal.timeout(WAIT_MS),
		});
		const answer = await res.text();
		// the answer may come before n8n has saved the finished run: ask n8n for it
		const [execution] = await n8n.rest.waitForExecutions(workflowId, { count: 1, except: [...known] });
		const run = { data: execution.data };
		return {
			status: res.status,
			answer,
			execution,
			output: (node) => nodeOutput(run, node),
			error: execution.data?.resultData?.error,
		};
	}

	/** Records made over the sandbox's HTTP API with the full key, so every list needs two pages. */
	async function fill(family) {
		for (let start = 0; start < FILLERS; start += 25) {
			await Promise.all(
				Array.from({ length: Math.min(25, FILLERS - start) }, async (_, k) => {
					const res = await fetch(`${sandbox.origin}/api/v1${family.collection}`, {
						method: 'POST',
						headers: { authorization: `Bearer ${sandbox.platform2.keys.full}`, 'content-type': 'application/json' },
						body: JSON.stringify(family.filler(start + k)),
					});
					assert.equal(res.status, 201, `filler ${family.resource} ${start + k}: ${await res.text()}`);
				}),
			);
		}
	}

	before(async () => {
		stack = await startStack({
			stepMs: 20,
			server: true,
			workflows: [],
			log: (l) => console.log(`# ${l}`),
			extraCredentials: (sb) => [
				{ ...FULL, type: P2_TYPE, data: { apiKey: sb.platform2.keys.full, origin: sb.origin } },
				{ ...READ_ONLY, type: P2_TYPE, data: { apiKey: sb.platform2.keys.assistantsRead, origin: sb.origin } },
			],
		});
		({ sandbox, n8n } = stack);
		fromNumberId = String(records('/phone-numbers')[0].id);
		const workflows = [
			...FAMILIES.map(roundWorkflow),
			scopedWorkflow,
			smsToolWorkflow(SMS_DENIED.id, SMS_DENIED.path, fromNumberId, '+4915123456789', false),
			smsToolWorkflow(SMS_ALLOWED.id, SMS_ALLOWED.path, fromNumberId, '+4915123456788', true),
		];
		// Imported while n8n runs: n8n reads workflows from its database when they are activated.
		await n8n.importWorkflows(workflows);
		for (const workflow of workflows) {
			await n8n.rest.activateWorkflow(workflow.id);
			await n8n.waitForWebhook(workflow.nodes[0].parameters.path);
		}
		for (const family of FAMILIES) await fill(family);
	});

	after(async () => {
		await stack?.stop();
	});

	describe("the credential's Test button (POST /rest/credentials/test)", () => {
		const testCredential = (data) =>
			n8n.rest.post('/credentials/test', { credentials: { id: FULL.id, name: FULL.name, type: P2_TYPE, data } });

		test('the full key at the sandbox origin passes, asking GET /api/v1/me once', async () => {
			sandbox.clearRequests();
			const result = await testCredential({ apiKey: sandbox.platform2.keys.full, origin: sandbox.origin });
			assert.deepEqual(result, { status: 'OK', message: 'Connection successful!' });
			const asked = sandbox.requests.filter((r) => r.path.startsWith('/api/v1'));
			assert.deepEqual(asked.map((r) => `${r.method} ${r.path} ${r.status}`), ['GET /api/v1/me 200']);
		});

		test('a wrong key is refused by the platform', async () => {
			sandbox.clearRequests();
			const result = await testCredential({ apiKey: 'fam_not_a_key_of_this_workspace', origin: sandbox.origin });
			console.log(`# wrong key: ${JSON.stringify(result)}`);
			assert.equal(result.status, 'Error');
			// the 1.x line's credential test answers a 401 with n8n's own words, before the credential's
			// rules are read (README, "Which n8n"; docs/n8n-versions.md)
			assert.match(result.message, N8N_MAJOR >= 2 ? /The API key was not accepted \(HTTP 401\)/ : /^Authorization failed - please check your credentials$/);
			// n8n-core retries a 401 once after its pre-authentication step (httpRequestWithAuthentication),
			// whether or not the credential type has one: the platform is asked twice.
			const asked = p2Requests('GET', '/me');
			assert.ok(asked.length >= 1 && asked.every((r) => r.status === 401), `the platform was asked and said 401: ${asked.map((r) => r.status)}`);
		});

		test('an http:// origin and an origin with a path are refused before any request, naming the problem', async () => {
			sandbox.clearRequests();
			const cases = [
				['http://example.com', /must start with https:\/\/ \(got http:\/\/example\.com\)/],
				['https://app.famulor.io/some/path', /must be the host only, without a path.*https:\/\/app\.famulor\.io\/some\/path/],
			];
			for (const [origin, words] of cases) {
				const result = await testCredential({ apiKey: sandbox.platform2.keys.full, origin });
				console.log(`# ${origin}: ${JSON.stringify(result)}`);
				assert.equal(result.status, 'Error', origin);
				assert.match(result.message, words, origin);
			}
			assert.equal(sandbox.requests.length, 0, 'nothing reached the sandbox');
		});
	});

	for (const family of FAMILIES) {
		const steps = family.ops.update ? 'create → get → update → list all → delete' : 'create → get → list all → delete (the catalogue has no update)';
		test(`${family.resource}: ${steps} in one workflow run`, async () => {
			const before_ = records(family.collection).length;
			assert.ok(before_ > PAGE, `the sandbox holds more than one page of ${family.resource} (${before_})`);
			sandbox.clearRequests();
			const run = await runWebhook(roundWorkflowId(family), roundPath(family));
			assert.equal(run.execution.status, 'success', `${run.status} ${run.answer}\n${JSON.stringify(run.error)}`);

			const [created] = run.output('Create');
			assert.match(String(created.id), /^[0-9a-f-]{36}$/, 'the platform gave the record a UUID');
			assert.deepEqual({ ...created, ...family.created }, created, `Create's item holds what was sent: ${JSON.stringify(created)}`);
			const [posted] = p2Requests('POST', family.collection);
			assert.deepEqual({ ...posted.body, ...family.created }, posted.body, `the body sent: ${JSON.stringify(posted.body)}`);

			const [got] = run.output('Get');
			assert.equal(got.id, created.id);
			assert.equal(got.name, family.created.name);

			if (family.ops.update) {
				const [updated] = run.output('Update');
				assert.equal(updated.id, created.id);
				for (const [key, value] of Object.entries(family.updated)) assert.deepEqual(updated[key], value, `Update's item: ${key}`);
				const [patch] = p2Requests('PATCH', `${family.collection}/${created.id}`);
				assert.deepEqual(patch.body, family.updated, 'only the fields set were sent');
			}

			// Return All: every record of the workspace, at the largest page size, page after page
			const listed = run.output('List');
			assert.equal(listed.length, before_ + 1, 'every record, the new one included');
			assert.equal(new Set(listed.map((r) => r.id)).size, listed.length, 'no record twice');
			assert.ok(listed.some((r) => r.id === created.id), 'the new record is listed');
			const pages = p2Requests('GET', family.collection);
			assert.deepEqual(
				pages.map((r) => [r.query.limit, r.query.offset]),
				Array.from({ length: Math.ceil((before_ + 1) / PAGE) }, (_, i) => [String(PAGE), String(i * PAGE)]),
				'pages of the largest size, one after the other, until the total',
			);

			const deleted = run.output('Delete');
			assert.deepEqual(deleted, [{ id: created.id, deleted: true }], 'Delete ran once and says so');
			assert.equal(records(family.collection).length, before_, 'the record is gone from the platform');
			assert.ok(!records(family.collection).some((r) => r.id === created.id));
			assert.deepEqual(JSON.parse(run.answer), { id: created.id, deleted: true }, "the webhook answered with the last node's item");
			assert.ok(sandbox.requests.every((r) => r.status < 400), 'no request was refused');
		});
	}

	test('a key with only assistants:read is refused Create Campaign, the error naming campaigns:write; nothing is written', async () => {
		const before_ = records('/campaigns').length;
		sandbox.clearRequests();
		const run = await runWebhook(SCOPED_WORKFLOW, SCOPED_PATH);
		assert.equal(run.execution.status, 'error');
		const error = run.output('Create campaign')?.error ?? run.error;
		console.log(`# refusal: ${error?.message} | ${error?.description}`);
		assert.match(error.message, /not allowed to do "Create Campaign" \(HTTP 403, insufficient_scope\)/);
		assert.match(error.description, /"Create Campaign" needs the scope campaigns:write\./);
		assert.equal(records('/campaigns').length, before_, 'no campaign was created');
		assert.ok(!records('/campaigns').some((c) => c.name === 'Must not exist'));
		assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`), ['POST /api/v1/campaigns 403']);
	});

	describe('the node as an AI-agent tool: Send SMS costs money', () => {
		test('without "Allow When Called by an AI Agent" the tool call is refused and no SMS is sent', async () => {
			sandbox.clearRequests();
			const run = await runWebhook(SMS_DENIED.id, SMS_DENIED.path);
			assert.equal(run.execution.status, 'error', 'the run does not succeed');
			const message = JSON.stringify(run.error ?? run.output('Tool Executor'));
			console.log(`# refusal: ${message.slice(0, 300)}`);
			assert.match(message, /refused.*Allow When Called by an AI Agent|Allow When Called by an AI Agent.*refused/i);
			assert.equal(sandbox.requests.length, 0, 'nothing was sent to the platform');
		});

		test('with it on, the SMS is sent once, to the number the agent gave', async () => {
			sandbox.clearRequests();
			const run = await runWebhook(SMS_ALLOWED.id, SMS_ALLOWED.path);
			assert.equal(run.execution.status, 'success', `${run.answer}\n${JSON.stringify(run.error)}`);
			const sent = p2Requests('POST', '/sms/send');
			assert.equal(sent.length, 1, 'sent once');
			assert.deepEqual(sent[0].body, { from_number_id: fromNumberId, to: '+4915123456788', body: 'Your appointment is confirmed.' });
			assert.equal(sent[0].status < 400, true, `accepted: ${sent[0].status}`);
		});
	});
});
