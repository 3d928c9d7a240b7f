// Platform 2.0's everyday loop (issue #31) in a running n8n (`n8n start`, one process for every test),
// against the sandbox's /api/v1 with a `voiceAssistantPlatform2Api` credential:
//   - Leads → Add Leads: 2,500 leads from a list (a Webhook body split into one item per lead) go out
//     in exactly 3 requests (1,000 / 1,000 / 500) and come back as 2,500 items, one per lead, the
//     suppressed one `dnc_flagged` and the refused one `invalid` with the platform's reason;
//   - Add Leads with Mapping Mode "Map Automatically": a sheet's rows go as they are, in one request;
//   - Calls → Create Call with Wait for Call to End returns the finished call; the same batch run again
//     under Skip If Called Within places 0 calls; a number on the workspace suppression list is never
//     called (neither run);
//   - Calls → Get Call with Download Recording: the recording is a file in the execution (binary data,
//     its bytes downloadable from n8n), and the recording host saw no Authorization header.
// Workflows start at a Webhook node; their run data is read back through n8n's REST API.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, NODE_TYPE, WAIT_MS } from '../../scripts/lib/n8n.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { loadSandboxModule } from '../../scripts/lib/sandbox.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';

const P2_TYPE = 'voiceAssistantPlatform2Api';
const FULL = { id: 'vaE2eP2LoopKey01', name: 'Famulor Platform 2.0 (loop)' };
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

function p2Node(name, parameters, position) {
	return {
		id: nodeId(),
		name,
		type: NODE_TYPE,
		typeVersion: 2,
		position,
		parameters: { accountKind: 'platform2', ...parameters },
		credentials: { [P2_TYPE]: { id: FULL.id, name: FULL.name } },
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

describe('n8n start: Platform 2.0 everyday loop (leads in bulk, call and wait, calling rules, recording)', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let campaignId;
	let assistantId;
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
			extraCredentials: (sb) => [{ ...FULL, type: P2_TYPE, data: { apiKey: sb.platform2.keys.full, origin: sb.origin } }],
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
			chain(RECORDING_WF.id, 'E2E 2.0 loop: a call with its recording', RECORDING_WF.path, [
				p2Node('Get Call', {
					resource: 'calls',
					operation: 'getCall',
					id: byId('={{ $json.body.callId }}'),
					options: { downloadRecording: true },
				}, [220, 0]),
			]),
		];
		await n8n.importWorkflows(workflows);
		for (const workflow of workflows) {
			await n8n.rest.activateWorkflow(workflow.id);
			await n8n.waitForWebhook(workflow.nodes[0].parameters.path);
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
		assert.deepEqual(sent[0].body[0], { phone_number: '+4915120000000', name: 'Lead 0' }, 'sent in E.164 with its name');
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
		assert.equal(suppressed.phone_number, SUPPRESSED);
		assert.equal(typeof suppressed.lead_id, 'string');
		assert.equal(invalid.status, 'invalid');
		assert.equal(invalid.phone_number, '+19002345678');
		assert.match(invalid.reason, /premium-rate/);
		assert.match(invalid.message, /^Refused by the platform: phone_number is a premium-rate number/);
		const statuses = {};
		for (const { json } of items) statuses[json.status] = (statuses[json.status] ?? 0) + 1;
		assert.deepEqual(statuses, { created: LEADS - 2, dnc_flagged: 1, invalid: 1 });
		assert.deepEqual(items[2499].json.request, { leads: 500, position: 499, created: 499, dnc_flagged: 0, invalid: 1 });
		assert.equal(sandbox.platform2.list('A', '/campaigns/{}/leads', [campaignId]).length - before_, LEADS - 1, 'every lead the platform took, once');
	});

	test('a sheet\'s rows as they are (Map Automatically): one request, the columns under their names, the others as variables', async () => {
		const rows = [
			{ phone_number: '0151 23450001', name: 'Ada', email: 'ada@example.com', customer_name: 'Ada L.' },
			{ phone_number: '+49 151 23450002', name: 'Grace', customer_name: 'Grace H.' },
		];
		sandbox.clearRequests();
		const run = await runWebhook(SHEET_WF, { rows });
		const sent = p2Requests('POST', `/campaigns/${campaignId}/leads`);
		assert.deepEqual(
			sent.map((r) => r.body),
			[
				[
					{ phone_number: '+4915123450001', name: 'Ada', email: 'ada@example.com', variables: { customer_name: 'Ada L.' } },
					{ phone_number: '+4915123450002', name: 'Grace', variables: { customer_name: 'Grace H.' } },
				],
			],
			'one request; numbers in E.164; the other column sent as a variable',
		);
		const items = run.items('Add Leads');
		assert.deepEqual(items.map((item) => [item.json.status, item.json.phone_number]), [
			['created', '+4915123450001'],
			['created', '+4915123450002'],
		]);
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
});
