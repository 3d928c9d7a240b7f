// Platform 2.0's everyday loop (issue #31) in a running n8n (`n8n start`, one process for every test),
// against the sandbox's /api/v1 with a `voiceAssistantPlatform2Api` credential:
//   - Leads → Add Leads against the sandbox in its facts-following form: 2,500 leads from a list (a
//     Webhook body split into one item per lead) go out under the catalogue's lead names (phone, name)
//     in exactly 3 requests (1,000 / 1,000 / 500) and come back as 2,500 items, one per lead, matched
//     to the created lead records: the suppressed one `dnc_flagged`, the one the platform did not create
//     `invalid`, each said in words;
//   - Add Leads with Mapping Mode "Map Automatically": a sheet's rows go as they are, in one request;
//   - Create Call with a key that has only calls:write (what the catalogue says it needs) places a call;
//   - Calls → Create Call with Wait for Call to End returns the finished call; the same batch run again
//     under Skip If Called Within places 0 calls; a number on the workspace suppression list is never
//     called (neither run);
//   - Calls → Get Call with Download Recording: the recording is a file in the execution (binary data,
//     its bytes downloadable from n8n), and the recording host saw no Authorization header;
//   - the 2.0 example workflows (examples/platform2-*.json) load and run: their Manual Trigger swapped
//     for a Webhook node, the signed workspace webhook delivered by the sandbox, the opt-out webhook posted.
// Workflows start at a Webhook node; their run data is read back through n8n's REST API.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, NODE_TYPE, WAIT_MS, waitFor } from '../../scripts/lib/n8n.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { loadSandboxModule } from '../../scripts/lib/sandbox.mjs';
import { readWorkflows, startStack } from '../../scripts/lib/stack.mjs';

const P2_TYPE = 'voiceAssistantPlatform2Api';
const FULL = { id: 'vaE2eP2LoopKey01', name: 'Famulor Platform 2.0 (loop)' };
const CALLS_ONLY = { id: 'vaE2eP2LoopKey02', name: 'Famulor Platform 2.0 (calls:write only)' };
/** One step of a simulated call (queued → ringing → in_progress → completed): a call ends in under a second. */
const STEP_MS = 200;

const LEADS = 2500;
const SUPPRESSED_AT = 1500; // "0151 99999999", Default Country DE: the seeded suppression entry (+4915199999999)
const INVALID_AT = 2100; // +1 900…: accepted by the phone check, refused by the platform (premium rate)
const SUPPRESSED = '+4915199999999';
/** The call batch: two numbers that answer (last digit ≤ 4) and the suppressed one. */
const CALL_BATCH = ['+4915112340101', '+4915112340102', '+49 151 99999999'];

let uuidCounter = 0;
const nodeId = () => `e2e31000-0000-4000-8000-${String(++uuidCounter).padStart(12, '0')}`;
const byId = (value) => ({ __rl: true, mode: 'id', value });

function p2Node(name, parameters, position, credential = FULL) {
	return {
		id: nodeId(),
		name,
		type: NODE_TYPE,
		typeVersion: 2,
		position,
		parameters: { accountKind: 'platform2', ...parameters },
		credentials: { [P2_TYPE]: { id: credential.id, name: credential.name } },
	};
}

const splitOut = (field) => ({
	id: nodeId(),
	name: 'Split Out',
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	position: [220, 0],
	parameters: { fieldToSplitOut: `body.${field}`, options: {} },
});

/** Webhook → the nodes in a row. */
function chain(id, name, path, nodes) {
	const webhook = {
		id: nodeId(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: nodeId(),
		parameters: { httpMethod: 'POST', path, responseMode: 'lastNode' },
	};
	const all = [webhook, ...nodes];
	const connections = {};
	for (let i = 0; i + 1 < all.length; i++) connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, active: false, settings: { executionOrder: 'v1' }, nodes: all, connections, pinData: {} };
}

const LEADS_WF = { id: 'vaE2eP2LoopLead1', path: 'p2-loop-add-leads' };
const CALLS_WF = { id: 'vaE2eP2LoopCall1', path: 'p2-loop-calls' };
const RECORDING_WF = { id: 'vaE2eP2LoopRec01', path: 'p2-loop-recording' };
const SHEET_WF = { id: 'vaE2eP2LoopMap01', path: 'p2-loop-map-automatically' };
const SCOPED_CALL_WF = { id: 'vaE2eP2LoopScop1', path: 'p2-loop-calls-write-only' };
/** The signing secret of the examples' workspace webhook (the 2.0 credential holds it, as a person would paste it). */
const LOOP_SECRET = 'e2e-platform2-loop-signing-secret';
const EXAMPLE_CREDENTIAL_ID = 'vaSandboxP2A0001';

/** examples/platform2-*.json, on this file's credential; a Manual Trigger becomes a Webhook node of the same name. */
function platform2Examples() {
	const files = readWorkflows(path.join(ROOT, 'examples')).filter((w) => path.basename(w.file).startsWith('platform2-'));
	return files.map(({ file, ...workflow }) => {
		const hook = `p2-example-${workflow.id}`;
		const nodes = workflow.nodes.map((node) => {
			const credentials = node.credentials?.[P2_TYPE] ? { [P2_TYPE]: { id: FULL.id, name: FULL.name } } : node.credentials;
			if (node.type !== 'n8n-nodes-base.manualTrigger') return { ...node, ...(credentials ? { credentials } : {}) };
			return { id: node.id, name: node.name, type: 'n8n-nodes-base.webhook', typeVersion: 2, position: node.position, webhookId: nodeId(), parameters: { httpMethod: 'POST', path: hook, responseMode: 'lastNode' } };
		});
		for (const node of nodes) assert.ok(!node.credentials?.[P2_TYPE] || workflow.nodes.find((n) => n.id === node.id).credentials[P2_TYPE].id === EXAMPLE_CREDENTIAL_ID, `${file}: the demo's 2.0 credential`);
		return { ...workflow, nodes, path: nodes.find((node) => node.type === 'n8n-nodes-base.webhook')?.parameters.path ?? hook };
	});
}

describe('n8n start: Platform 2.0 everyday loop (leads in bulk, call and wait, calling rules, recording)', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let campaignId;
	let assistantId;
	let examples;
	const startedAt = Date.now();

	const p2Requests = (method, path) => sandbox.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === `/api/v1${path}` : path.test(r.path)));

	/** POSTs `body` to a workflow's production webhook; resolves the answer and the execution it started. */
	async function runWebhook(workflow, body) {
		const known = new Set((await n8n.rest.listExecutions(workflow.id)).map((e) => e.id));
		const res = await fetch(`${n8n.server.origin}/webhook/${workflow.path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(WAIT_MS),
		});
		const answer = await res.text();
		// the answer may come before n8n has saved the finished run: ask n8n for it
		const [execution] = await n8n.rest.waitForExecutions(workflow.id, { count: 1, except: [...known] });
		assert.equal(execution.status, 'success', `${res.status} ${answer}\n${JSON.stringify(execution.data?.resultData?.error)}`);
		/** The items (json and binary) of a node's last run. */
		const items = (node) => {
			const runs = execution.data.resultData.runData[node];
			assert.ok(runs?.length, `${node} ran`);
			return runs[runs.length - 1].data.main[0];
		};
		return { answer, execution, items };
	}

	before(async () => {
		stack = await startStack({
			stepMs: STEP_MS,
			server: true,
			workflows: [],
			log: (l) => console.log(`# ${l}`),
			extraCredentials: (sb) => [
				{ ...FULL, type: P2_TYPE, data: { apiKey: sb.platform2.keys.full, origin: sb.origin, webhookSigningSecret: LOOP_SECRET } },
				// a service key scoped exactly as the catalogue says Create Call needs
				{ ...CALLS_ONLY, type: P2_TYPE, data: { apiKey: sb.platform2.mintKey({ scopes: ['calls:write'], kind: 'service', name: 'calls only' }), origin: sb.origin } },
			],
		});
		({ sandbox, n8n } = stack);
		// a campaign that is not running, so nothing but this test calls its leads
		campaignId = String(sandbox.platform2.list('A', '/campaigns').find((c) => c.name === 'Spring Promotion').id);
		assistantId = String(sandbox.platform2.list('A', '/assistants')[0].id);
		assert.ok(
			sandbox.platform2.list('A', '/suppression-list').some((e) => e.phone_number === SUPPRESSED && e.channel === 'all'),
			`${SUPPRESSED} is on workspace A's suppression list (all channels)`,
		);
		const workflows = [
			chain(LEADS_WF.id, 'E2E 2.0 loop: 2,500 leads into a campaign', LEADS_WF.path, [
				splitOut('leads'),
				p2Node('Add Leads', {
					resource: 'leads',
					operation: 'addLeads',
					id: byId(campaignId),
					phoneNumber: '={{ $json.phone }}',
					variablesInput: 'none',
					additionalFields: { name: '={{ $json.name }}' },
					defaultCountry: 'DE',
				}, [440, 0]),
			]),
			chain(SHEET_WF.id, 'E2E 2.0 loop: a sheet\'s rows as leads (Map Automatically)', SHEET_WF.path, [
				splitOut('rows'),
				p2Node('Add Leads', {
					resource: 'leads',
					operation: 'addLeads',
					id: byId(campaignId),
					mappingMode: 'autoMapInputData',
					otherFieldsAsVariables: true,
					defaultCountry: 'DE',
				}, [440, 0]),
			]),
			chain(CALLS_WF.id, 'E2E 2.0 loop: call and wait, under the calling rules', CALLS_WF.path, [
				splitOut('calls'),
				p2Node('Create Call', {
					resource: 'calls',
					operation: 'createCall',
					assistantId: byId(assistantId),
					toNumber: '={{ $json.phone }}',
					variablesInput: 'none',
					waitForEnd: true,
					maxWaitMinutes: 1,
					skipIfCalledRecently: true,
				}, [440, 0]),
			]),
			chain(SCOPED_CALL_WF.id, 'E2E 2.0 loop: a call with a calls:write key', SCOPED_CALL_WF.path, [
				splitOut('calls'),
				{
					...p2Node('Create Call', {
						resource: 'calls',
						operation: 'createCall',
						assistantId: byId(assistantId),
						toNumber: '={{ $json.phone }}',
						variablesInput: 'none',
					}, [440, 0], CALLS_ONLY),
					onError: 'continueRegularOutput',
				},
			]),
			chain(RECORDING_WF.id, 'E2E 2.0 loop: a call with its recording', RECORDING_WF.path, [
				p2Node('Get Call', {
					resource: 'calls',
					operation: 'getCall',
					id: byId('={{ $json.body.callId }}'),
					options: { downloadRecording: true },
				}, [220, 0]),
			]),
		];
		examples = platform2Examples();
		assert.equal(examples.length, 5, 'five 2.0 examples');
		await n8n.importWorkflows([...workflows, ...examples.map(({ path: _path, ...workflow }) => workflow)]);
		for (const workflow of workflows) {
			await n8n.rest.activateWorkflow(workflow.id);
			await n8n.waitForWebhook(workflow.nodes[0].parameters.path);
		}
		for (const example of examples) {
			await n8n.rest.activateWorkflow(example.id);
			if (!example.nodes.some((node) => node.type === 'n8n-nodes-base.webhook')) continue;
			await n8n.waitForWebhook(example.path);
		}
		console.log(`# stack ready in ${Math.round((Date.now() - startedAt) / 1000)} s`);
	});

	after(async () => {
		console.log(`# file done in ${Math.round((Date.now() - startedAt) / 1000)} s`);
		await stack?.stop();
	});

	test('2,500 leads from a list: 3 requests (1,000 / 1,000 / 500), 2,500 items, the suppressed and the invalid one named as such', async () => {
		const leads = Array.from({ length: LEADS }, (_, n) => ({
			phone: n === SUPPRESSED_AT ? '0151 99999999' : n === INVALID_AT ? '+1 900 234 5678' : `+49 151 2${String(n).padStart(7, '0')}`,
			name: `Lead ${n}`,
		}));
		const before_ = sandbox.platform2.list('A', '/campaigns/{}/leads', [campaignId]).length;
		sandbox.clearRequests();
		const t0 = Date.now();
		const run = await runWebhook(LEADS_WF, { leads });
		console.log(`# 2,500 leads: ${Date.now() - t0} ms from POST to the execution read back`);

		const sent = p2Requests('POST', `/campaigns/${campaignId}/leads`);
		assert.deepEqual(sent.map((r) => r.body.length), [1000, 1000, 500], 'exactly 3 requests of 1,000 / 1,000 / 500 leads');
		assert.ok(sent.every((r) => r.status < 300), `every request accepted: ${sent.map((r) => r.status)}`);
		assert.deepEqual(sent[0].body[0], { phone: '+4915120000000', name: 'Lead 0' }, 'sent under the catalogue\'s lead names, in E.164, with its name');
		assert.equal(p2Requests('POST', /\/leads$/).length, 3, 'no other lead request');

		const items = run.items('Add Leads');
		assert.equal(items.length, LEADS, 'one output item per lead');
		assert.deepEqual(
			items.map((item) => item.pairedItem?.item ?? item.pairedItem),
			items.map((_, n) => n),
			'each item paired with its lead',
		);
		const suppressed = items[SUPPRESSED_AT].json;
		const invalid = items[INVALID_AT].json;
		console.log(`# suppressed lead: ${JSON.stringify(suppressed)}`);
		console.log(`# invalid lead: ${JSON.stringify(invalid)}`);
		assert.equal(suppressed.status, 'dnc_flagged');
		assert.equal(suppressed.phone, SUPPRESSED);
		assert.equal(typeof suppressed.lead_id, 'string');
		assert.equal(suppressed.lead?.status, 'do_not_call', 'the created lead record, status do_not_call');
		assert.match(suppressed.message, /^Added, but with status "do_not_call"/);
		assert.equal(invalid.status, 'invalid');
		assert.equal(invalid.phone, '+19002345678');
		assert.match(invalid.message, /^Not added: the platform created no lead for \+19002345678 \(the answer counts 499 created, 0 flagged do-not-call, 1 invalid in this request\)/);
		assert.ok(items.every(({ json }) => !/Refused by the platform/.test(json.message)), 'every item says what happened in words');
		const statuses = {};
		for (const { json } of items) statuses[json.status] = (statuses[json.status] ?? 0) + 1;
		assert.deepEqual(statuses, { created: LEADS - 2, dnc_flagged: 1, invalid: 1 });
		assert.deepEqual(items[2499].json.request, { leads: 500, position: 499, created: 499, dnc_flagged: 0, invalid: 1 });
		assert.equal(sandbox.platform2.list('A', '/campaigns/{}/leads', [campaignId]).length - before_, LEADS - 1, 'every lead the platform took, once');
	});

	test('a sheet\'s rows as they are (Map Automatically): one request, the columns under their names, the others as variables', async () => {
		const rows = [
			{ phone_number: '0151 23450001', name: 'Ada', email: 'ada.l@example.com', customer_name: 'Ada L.' },
			{ phone_number: '+49 151 23450002', name: 'Grace', customer_name: 'Grace H.' },
		];
		sandbox.clearRequests();
		const run = await runWebhook(SHEET_WF, { rows });
		const sent = p2Requests('POST', `/campaigns/${campaignId}/leads`);
		assert.deepEqual(
			sent.map((r) => r.body),
			[
				[
					{ phone: '+4915123450001', name: 'Ada', email: 'ada.l@example.com', custom_fields: { customer_name: 'Ada L.' } },
					{ phone: '+4915123450002', name: 'Grace', custom_fields: { customer_name: 'Grace H.' } },
				],
			],
			'one request; numbers in E.164 under the catalogue\'s name phone; the other column sent as a custom field',
		);
		const items = run.items('Add Leads');
		assert.deepEqual(items.map((item) => [item.json.status, item.json.phone]), [
			['created', '+4915123450001'],
			['created', '+4915123450002'],
		]);
	});

	test('a key with only calls:write places a call with Create Call; a suppressed number is refused by the platform, said in words', async () => {
		sandbox.clearRequests();
		const run = await runWebhook(SCOPED_CALL_WF, { calls: [{ phone: '+4915112340201' }, { phone: SUPPRESSED }] });
		const out = run.items('Create Call').map((item) => item.json);
		console.log(`# calls:write key: ${JSON.stringify(out.map((i) => ({ status: i.status, error: i.error, suppression_list: i.suppression_list })))}`);
		assert.deepEqual(p2Requests('GET', '/suppression-list').map((r) => r.status), [403], 'the pre-check asked once and was not allowed');
		const placed = p2Requests('POST', '/calls');
		assert.deepEqual(placed.map((r) => [r.body.to_number, r.status]), [['+4915112340201', 201], [SUPPRESSED, 403]]);
		assert.equal(out[0].status, 'queued', 'the call was placed');
		assert.match(out[0].suppression_list, /^not checked: the API key may not read the suppression list \(scope suppression:read\)/);
		assert.match(String(out[1].error), /^\+4915199999999 was not called: the platform does not allow calls to this destination from this workspace \(destination_forbidden, HTTP 403\)/);
	});

	let finishedCallId;

	test('Create Call with Wait for Call to End returns the finished calls; the suppressed number is not called', async () => {
		sandbox.clearRequests();
		const t0 = Date.now();
		const run = await runWebhook(CALLS_WF, { calls: CALL_BATCH.map((phone) => ({ phone })) });
		console.log(`# call and wait: ${Date.now() - t0} ms`);
		const out = run.items('Create Call').map((item) => item.json);
		console.log(`# first run: ${JSON.stringify(out.map((i) => ({ status: i.status, skip_reason: i.skip_reason, call_id: i.call_id, duration: i.duration })))}`);

		const placed = p2Requests('POST', '/calls');
		assert.deepEqual(placed.map((r) => r.body.to_number), ['+4915112340101', '+4915112340102'], 'the two callable numbers, once each');
		assert.ok(placed.every((r) => r.status === 201), `both accepted: ${placed.map((r) => r.status)}`);
		for (const [n, item] of out.slice(0, 2).entries()) {
			assert.equal(item.status, 'completed', 'the finished call, not the queued answer');
			assert.equal(item.customer_phone, CALL_BATCH[n]);
			assert.equal(item.assistant_id, assistantId);
			assert.ok(item.duration > 0, 'with its duration');
			assert.match(item.transcript, /Customer:/, 'and its transcript');
			assert.ok(p2Requests('GET', `/calls/${item.call_id}`).length >= 1, 'read by id (getCall) until it ended');
			assert.equal(sandbox.platform2.list('A', '/calls').find((c) => c.id === item.call_id)?.status, 'completed');
		}
		// the workspace suppression list, read once for the batch: the number is skipped, not called
		assert.equal(out[2].skipped, true);
		assert.equal(out[2].skip_reason, 'do_not_call');
		assert.equal(out[2].phone_number, SUPPRESSED);
		assert.equal(p2Requests('GET', '/suppression-list').length, 1, 'the suppression list read once');
		assert.ok(!sandbox.requests.some((r) => r.method === 'POST' && r.body?.to_number === SUPPRESSED), 'no call to the suppressed number was even tried');
		finishedCallId = out[0].call_id;
	});

	test('the same batch again under Skip If Called Within places 0 calls', async () => {
		const callsBefore = sandbox.platform2.list('A', '/calls').length;
		sandbox.clearRequests();
		const run = await runWebhook(CALLS_WF, { calls: CALL_BATCH.map((phone) => ({ phone })) });
		const out = run.items('Create Call').map((item) => item.json);
		console.log(`# second run: ${JSON.stringify(out.map((i) => ({ skipped: i.skipped, skip_reason: i.skip_reason, phone: i.phone_number })))}`);
		assert.equal(p2Requests('POST', '/calls').length, 0, 'no call placed');
		assert.equal(sandbox.platform2.list('A', '/calls').length, callsBefore, 'the platform holds no new call');
		assert.deepEqual(
			out.map((i) => [i.skipped, i.skip_reason, i.phone_number]),
			[
				[true, 'called_recently', '+4915112340101'],
				[true, 'called_recently', '+4915112340102'],
				[true, 'do_not_call', SUPPRESSED],
			],
		);
		assert.equal(out[0].earlier_call?.status, 'completed', 'the earlier call is named');
		const listed = p2Requests('GET', '/calls');
		assert.ok(listed.length >= 1 && listed.every((r) => r.query.direction === 'outbound'), 'the history read with listCalls (outbound)');
	});

	test('Get Call with Download Recording: the recording arrives as a file, and the recording host got no Authorization header', async () => {
		assert.ok(finishedCallId, 'a finished call from the test before');
		sandbox.clearRequests();
		sandbox.recordingRequests.splice(0);
		const run = await runWebhook(RECORDING_WF, { callId: finishedCallId });
		const [item] = run.items('Get Call');
		console.log(`# recording item: ${JSON.stringify({ json: item.json.id, binary: item.binary })}`);
		assert.equal(item.json.id, finishedCallId);
		assert.equal(item.json.status, 'completed');
		assert.deepEqual(
			sandbox.requests.filter((r) => r.path.startsWith('/api/v1')).map((r) => `${r.method} ${r.path}`),
			[`GET /api/v1/calls/${finishedCallId}`, `GET /api/v1/calls/${finishedCallId}/recording`],
			'the call, then its signed recording URL',
		);
		const binary = item.binary?.data;
		assert.ok(binary, 'the item carries binary data');
		assert.equal(binary.mimeType, 'audio/mpeg');
		assert.match(binary.fileName, /\.mp3$/);

		// the file's bytes, as n8n stored them, are the recording host's
		loadSandboxModule(); // registers the TypeScript hook
		const { RECORDING_BYTES } = createRequire(import.meta.url)(path.join(ROOT, 'sandbox', 'recordings.ts'));
		let bytes;
		if (binary.id) {
			// stored outside the execution (filesystem mode): downloaded through n8n's REST API
			const url = `${n8n.server.origin}/rest/binary-data?id=${encodeURIComponent(binary.id)}&action=download&fileName=${encodeURIComponent(binary.fileName)}&mimeType=${encodeURIComponent(binary.mimeType)}`;
			const res = await fetch(url, { headers: { cookie: n8n.rest.cookie, 'browser-id': n8n.rest.browserId }, signal: AbortSignal.timeout(WAIT_MS) });
			assert.equal(res.status, 200, `n8n serves the file (${url})`);
			bytes = Buffer.from(await res.arrayBuffer());
		} else {
			bytes = Buffer.from(binary.data, 'base64');
		}
		assert.deepEqual(bytes, RECORDING_BYTES, 'byte for byte the recording');

		const hops = sandbox.recordingRequests;
		assert.deepEqual(hops.map((r) => r.status), [302, 200], 'the signed URL, redirected to the file');
		assert.deepEqual(hops.map((r) => r.authorization), [null, null], 'no Authorization header reached the recording host');
	});

	const example = (id) => examples.find((w) => w.id === id);
	const hookOf = (workflow) => workflow.nodes.find((node) => node.webhookId && node.type !== 'n8n-nodes-base.webhook')?.webhookId;

	test('example "bulk leads from a sheet": the rows go in one request under the catalogue\'s names, each row told what became of it', async () => {
		// the suppressed number became a lead in the 2,500-lead test: as in a fresh workspace, it is no contact yet
		const ws = sandbox.platform2.workspaces.A;
		for (const lead of sandbox.platform2.list('A', '/campaigns/{}/leads', [campaignId]).filter((l) => l.phone === SUPPRESSED)) {
			sandbox.platform2.records.remove(ws, '/campaigns/{}/leads', [campaignId], lead);
		}
		sandbox.clearRequests();
		const run = await runWebhook(example('vaExP2BulkLeads1'), {});
		const [sent] = p2Requests('POST', /\/campaigns\/[^/]+\/leads$/);
		assert.equal(sent.body.length, 5);
		assert.deepEqual(sent.body[0], { phone: '+4915123456701', name: 'Ada Lovelace', email: 'ada.lovelace@example.org', custom_fields: { customer_name: 'Ada', plan: 'gold' } });
		const out = run.items('Add Leads').map((item) => [item.json.status, item.json.phone]);
		console.log(`# example leads: ${JSON.stringify(run.items('Add Leads').map((item) => item.json.message))}`);
		assert.deepEqual(out, [
			['created', '+4915123456701'],
			['created', '+4915123456702'],
			['created', '+49301234567'],
			['dnc_flagged', SUPPRESSED],
			['invalid', '+19002345678'],
		]);
		assert.equal(run.items('Added').length, 3);
		assert.equal(run.items('Flagged do-not-call').length, 1);
		assert.match(run.items('Review in the sheet')[0].json.why, /^Not added: the platform created no lead for \+19002345678/);
	});

	test('example "call and wait under the calling rules": callable numbers end finished or skipped by the rules, the suppressed one is never called', async () => {
		sandbox.clearRequests();
		const run = await runWebhook(example('vaExP2CallWait01'), {});
		const out = run.items('Create Call').map((item) => item.json);
		console.log(`# example calls: ${JSON.stringify(out.map((i) => ({ status: i.status, skip_reason: i.skip_reason, summary: i.summary })))}`);
		assert.equal(out.length, 3);
		for (const item of out.slice(0, 2)) {
			// inside Berlin's calling hours the call is placed and waited for; outside them it is skipped, saying until when
			if (item.skipped) assert.equal(item.skip_reason, 'outside_calling_hours');
			else {
				assert.equal(item.status, 'completed');
				assert.equal(typeof item.summary, 'string', 'the summary, as Get Call shows it');
			}
		}
		assert.equal(out[2].skipped, true);
		assert.ok(!p2Requests('POST', '/calls').some((r) => r.body.to_number === SUPPRESSED), 'the suppressed number was not called');
	});

	test('example "signed workspace webhook": a signed call.completed from the sandbox is routed by its outcome', async () => {
		loadSandboxModule();
		const webhooks = createRequire(import.meta.url)(path.join(ROOT, 'sandbox', 'platform2', 'webhooks.ts'));
		const route = example('vaExP2RouteCall1');
		const known = new Set((await n8n.rest.listExecutions(route.id)).map((e) => e.id));
		webhooks.configureWorkspaceWebhook(sandbox.platform2, { url: `${n8n.server.origin}/webhook/${hookOf(route)}/webhook`, secret: LOOP_SECRET, events: ['call.completed'] });
		const delivered = await webhooks.deliverPlatform2Event(sandbox.platform2, { event: 'call.completed', subjectId: 'e2e-example-route' });
		assert.equal(delivered?.status, 200, 'the signed delivery was accepted');
		const execution = await waitFor(
			async () => {
				const mine = (await n8n.rest.listExecutions(route.id)).find((e) => !known.has(e.id) && !['new', 'running', 'waiting'].includes(e.status));
				return mine && n8n.rest.getExecution(mine.id);
			},
			{ what: 'the routing example to run' },
		);
		assert.equal(execution.status, 'success');
		const followUp = execution.data.resultData.runData['Follow up'];
		assert.ok(followUp?.length, 'a completed call goes to "Follow up"');
		assert.equal(followUp[0].data.main[0][0].json.call_id, 'e2e-example-route');
		assert.equal(execution.data.resultData.runData['Call again later'], undefined);
	});

	test('example "opt-outs kept in step": an opt-out adds a suppression entry, an opt-in again removes it', async () => {
		const optOuts = example('vaExP2OptOuts01');
		const phone = '+4915112349999';
		const entries = () => sandbox.platform2.list('A', '/suppression-list').filter((e) => e.phone_number === phone);
		await runWebhook(optOuts, { phone: '0151 12349999', reason: 'Asked not to be called' });
		assert.deepEqual(entries().map((e) => [e.channel, e.reason]), [['all', 'Asked not to be called']]);
		await runWebhook(optOuts, { phone: '+49 151 12349999', opted_in: true });
		assert.equal(entries().length, 0, 'the opt-out lifted');
	});

	test('example "answer order questions during the call": Reception has the tool, and a call\'s tool call is answered in one sentence', async () => {
		const tool = sandbox.platform2.list('A', '/tools').find((t) => t.name === 'lookup_order');
		assert.ok(tool, 'publishing created the tool');
		const reception = sandbox.platform2.list('A', '/assistants').find((a) => a.name === 'Reception');
		const set = sandbox.platform2.records.singleton(sandbox.platform2.workspaces.A, `/assistants/${reception.id}/tools`);
		assert.ok(set?.tool_ids.includes(tool.id), 'Reception has it');
		const api = async (method, url, body) =>
			(await fetch(`${sandbox.origin}/api/v1${url}`, { method, headers: { authorization: `Bearer ${sandbox.platform2.keys.full}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) })).json();
		const callId = (await api('POST', '/calls', { assistant_id: reception.id, to_number: '+4917012345672' })).data.id;
		const call = await waitFor(async () => (await api('GET', `/calls/${callId}`)).data, { what: `2.0 call ${callId} to complete`, until: (c) => c?.status === 'completed' });
		assert.match(call.transcript, /I could not find order TEST\. Could you check the number\?/);
	});
});
