// The polling trigger in a running n8n (`n8n start`), with nothing reaching n8n from outside: a
// workflow with the Voice Assistant Polling Trigger is activated; the sandbox (documented rate
// limits) finishes calls; each finished call starts the workflow exactly once, across a
// deactivate/activate cycle and a restart of n8n; a call that had ended before the first activation
// never does. n8n refuses Poll Times under a minute, but accepts several custom cron entries of one
// fixed second each: twelve of them (second 0, 5, …, 55) make it poll every 5 seconds.
// "Fetch Test Event" in the editor is not exercised here (a browser test would add little to the
// manual-mode jest test in test/polling/output.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, sleep, waitFor } from '../../scripts/lib/n8n.mjs';
import { EXAMPLE_CREDENTIAL, startStack } from '../../scripts/lib/stack.mjs';
import { requestsTo } from './helpers.mjs';

const WORKFLOW_ID = 'vaE2ePollingCall';
const NODE_NAME = 'Call ended (polling)';
const ASSISTANT_ID = 1;
const POLL_EVERY_S = 5;

const workflow = {
	id: WORKFLOW_ID,
	name: 'E2E: calls that ended, found by polling (no public URL)',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'e2e00000-0000-4000-8000-000000000801',
			name: NODE_NAME,
			type: 'n8n-nodes-voice-assistant.voiceAssistantPollingTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				pollTimes: { item: Array.from({ length: 60 / POLL_EVERY_S }, (_, i) => ({ mode: 'custom', cronExpression: `${i * POLL_EVERY_S} * * * * *` })) },
				event: 'callEnded',
				assistantId: { __rl: true, mode: 'id', value: String(ASSISTANT_ID) },
				simplify: true,
				options: {},
			},
			credentials: { voiceAssistantApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } },
		},
	],
	connections: {},
};

describe('n8n start: Voice Assistant Polling Trigger', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let history;
	let heldOpen;
	const expected = new Set();

	/** Places a call of assistant 1 through the API; the sandbox ends it a few seconds later. */
	async function placeCall(phone) {
		const res = await fetch(`${sandbox.baseUrl}/user/make_call`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sandbox.tokens.alice}`, 'content-type': 'application/json' },
			body: JSON.stringify({ phone_number: phone, assistant_id: ASSISTANT_ID, variables: { customer_name: 'E2E' } }),
		});
		const body = await res.json();
		assert.equal(res.status, 200, JSON.stringify(body));
		return body.call_id;
	}

	const ended = (id) => ['completed', 'busy', 'no-answer', 'failed', 'ended_by_customer', 'ended_by_assistant'].includes(sandbox.store.calls.find((c) => c.id === id)?.status);

	/** Every call id the workflow's executions started with (one execution may carry several calls). */
	async function emittedCallIds() {
		const list = await n8n.rest.listExecutions(WORKFLOW_ID);
		const ids = [];
		for (const summary of list) {
			const execution = await n8n.rest.getExecution(summary.id);
			for (const item of execution.data.resultData.runData[NODE_NAME][0].data.main[0]) ids.push(item.json.call_id);
		}
		return ids;
	}

	/**
	 * n8n has sent two more list requests (the sandbox's log) and reports no unfinished run of the
	 * workflow: a call emitted twice would show by then (a poll's run is on record long before the
	 * poll after next starts).
	 */
	async function pollsAndRunsSettled(what) {
		const polls = () => requestsTo(sandbox, 'GET', '/api/user/calls').length;
		const seen = polls();
		await waitFor(polls, { what: `${what}: n8n to poll twice more (after request ${seen})`, until: (n) => n >= seen + 2 });
		await waitFor(() => n8n.rest.listExecutions(WORKFLOW_ID), {
			what: `${what}: every run of ${WORKFLOW_ID} to have finished`,
			until: (list) => list.every((e) => !['new', 'running', 'waiting'].includes(e.status)),
			seen: (list) => JSON.stringify(list?.map((e) => ({ id: e.id, status: e.status }))),
		});
	}

	/**
	 * Waits until every expected call was emitted, then until n8n has polled twice more and has no run
	 * of the workflow unfinished, and checks: each call once, nothing else.
	 */
	async function assertEachOnce(what) {
		await waitFor(async () => new Set(await emittedCallIds()).size, { what: `${what}: n8n to have run the workflow for all ${expected.size} calls`, until: (n) => n >= expected.size });
		await pollsAndRunsSettled(what);
		const ids = await emittedCallIds();
		assert.deepEqual([...ids].sort(), [...expected].sort(), `${what}: each call exactly once (got ${ids.join(', ')})`);
		assert.ok(!ids.includes(history), 'the call that ended before the first activation never starts the workflow');
	}

	before(async () => {
		stack = await startStack({
			stepMs: 600,
			server: true,
			sandbox: { rateLimit: { perMinute: 100, burst: 20, burstWindowSeconds: 10 } },
			workflows: [workflow],
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		history = await placeCall('+4917612345670');
		await waitFor(() => ended(history), { what: `call ${history} to end` });
		// A call in progress at activation, held open until the test ends it.
		heldOpen = sandbox.store.nextId('call');
		const now = Date.now();
		const template = sandbox.store.calls.find((c) => c.id === history);
		sandbox.store.calls.push({ ...structuredClone(template), id: heldOpen, status: 'in-progress', recording_url: null, created_at: now, updated_at: now, finished_at: null });
	});

	after(async () => {
		await stack?.stop();
	});

	test('activated: calls that end (one was in progress at activation) start the workflow once each', async () => {
		const pollsBefore = requestsTo(sandbox, 'GET', '/api/user/calls').length;
		const activatedAt = Date.now();
		const activated = await n8n.rest.activateWorkflow(WORKFLOW_ID);
		assert.equal(activated.active, true);
		for (const phone of ['+4917612345671', '+4917612345672', '+4917612345673', '+4917612345677', '+4917612345678']) {
			expected.add(await placeCall(phone));
			await sleep(700); // shapes the scenario (the calls end at different moments); waits for nothing
		}
		Object.assign(sandbox.store.calls.find((c) => c.id === heldOpen), { status: 'completed', duration: 42, updated_at: Date.now(), finished_at: Date.now() });
		expected.add(heldOpen);
		await assertEachOnce('after activation');
		// Poll Times every 5 s would be 12 polls a minute and 2 per 10 s; the 10 % share allows 10 and 2
		// (the activation's first page always goes, so one more).
		const polls = requestsTo(sandbox, 'GET', '/api/user/calls').slice(pollsBefore).map((r) => r.at);
		const peak = (ms) => Math.max(...polls.map((at) => polls.filter((t) => t >= at && t < at + ms).length));
		const seconds = (Date.now() - activatedAt) / 1000;
		console.log(`# ${polls.length} list requests in ${seconds.toFixed(0)} s from activation, Poll Times every ${POLL_EVERY_S} s; most in any 10 s: ${peak(10_000)}, in any minute: ${peak(60_000)}`);
		assert.ok(peak(10_000) <= 2 + 1 && peak(60_000) <= 10 + 1, 'polling stays within its share of the rate limit');
	});

	test('deactivated while calls end, then activated: those calls start the workflow once each', async () => {
		await n8n.rest.deactivateWorkflow(WORKFLOW_ID);
		const whileOff = [await placeCall('+4917612345674'), await placeCall('+4917612345675')];
		await waitFor(() => whileOff.every(ended), { what: 'the calls placed while deactivated to end' });
		for (const id of whileOff) expected.add(id);
		await n8n.rest.activateWorkflow(WORKFLOW_ID);
		await assertEachOnce('after re-activation');
	});

	test('n8n restarts while calls end: they start the workflow once each, nothing earlier again', async () => {
		await n8n.stopServer();
		const whileDown = [await placeCall('+4917612345676'), await placeCall('+4917612345679')];
		await waitFor(() => whileDown.every(ended), { what: 'the calls placed while n8n was down to end' });
		for (const id of whileDown) expected.add(id);
		await n8n.start();
		await n8n.rest.ensureOwner();
		await assertEachOnce('after the restart');
	});

	test('over the whole run (three activations, one restart), polling kept to its share of the rate limit', () => {
		const polls = requestsTo(sandbox, 'GET', '/api/user/calls').map((r) => r.at);
		const peak = (ms) => Math.max(...polls.map((at) => polls.filter((t) => t >= at && t < at + ms).length));
		const seconds = (polls.at(-1) - polls[0]) / 1000;
		console.log(`# whole run: ${polls.length} list requests in ${seconds.toFixed(0)} s at Poll Times every ${POLL_EVERY_S} s; most in any 10 s: ${peak(10_000)}, in any minute: ${peak(60_000)} (share: 2 and 10, plus the first page of an activation)`);
		assert.ok(peak(10_000) <= 3, 'at most 2 per 10 s, plus an activation page');
		assert.ok(peak(60_000) <= 12, 'at most 10 a minute, plus up to two activation pages');
	});
});
