// The polling trigger on Platform 2.0 in a running n8n (`n8n start`): a workflow with the Voice
// Assistant Polling Trigger (version 3, Account Kind Platform 2.0, Call Completed) is activated; the
// test makes calls start and finish on the sandbox's 2.0 mode through its control route
// (POST /sandbox/platform2/records, the platform's clock = real time). Each finished call starts the
// workflow exactly once: calls that finish out of order, more than one page of calls finishing
// between two polls, across a deactivate/activate cycle and a restart of n8n; a call that had ended
// before the first activation never does. Poll Times every 5 s as in polling.e2e.mjs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, sleep, waitFor } from '../../scripts/lib/n8n.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { requestsTo } from './helpers.mjs';

const WORKFLOW_ID = 'vaE2ePollingP2Call';
const NODE_NAME = 'Call completed (2.0, polling)';
const CREDENTIAL = { id: 'vaSandboxP2Full01', name: 'Voice Assistant 2.0 (sandbox)' };
const POLL_EVERY_S = 5;

const workflow = {
	id: WORKFLOW_ID,
	name: 'E2E: Platform 2.0 calls that completed, found by polling',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'e2e00000-0000-4000-8000-000000000901',
			name: NODE_NAME,
			type: 'n8n-nodes-voice-assistant.voiceAssistantPollingTrigger',
			typeVersion: 3,
			position: [0, 0],
			parameters: {
				pollTimes: { item: Array.from({ length: 60 / POLL_EVERY_S }, (_, i) => ({ mode: 'custom', cronExpression: `${i * POLL_EVERY_S} * * * * *` })) },
				accountKind: 'platform2',
				event2: 'callCompleted',
			},
			credentials: { voiceAssistantPlatform2Api: CREDENTIAL },
		},
	],
	connections: {},
};

describe('n8n start: Voice Assistant Polling Trigger on Platform 2.0', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let history;
	let heldOpen;
	const expected = new Set();

	/** A call written through the control route at the platform's now; fields as given. */
	async function write(body) {
		const res = await fetch(`${sandbox.origin}/sandbox/platform2/records`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ collection: '/calls', at: Date.now(), ...body }),
		});
		const answer = await res.json();
		assert.equal(res.status, 200, JSON.stringify(answer));
		return answer.data;
	}
	const start = async () => (await write({ fields: { status: 'in_progress', direction: 'inbound', ended_at: null } })).id;
	const finish = async (id) => void (await write({ id, fields: { status: 'completed', ended_at: new Date().toISOString() } }));

	async function emittedIds() {
		const ids = [];
		for (const summary of await n8n.rest.listExecutions(WORKFLOW_ID)) {
			const execution = await n8n.rest.getExecution(summary.id);
			for (const item of execution.data.resultData.runData[NODE_NAME][0].data.main[0]) ids.push(item.json.id);
		}
		return ids;
	}

	/** Waits until n8n has sent `count` more list requests (the sandbox's log); returns them. */
	async function morePolls(count, what) {
		const seen = requestsTo(sandbox, 'GET', '/api/v1/calls').length;
		await waitFor(() => requestsTo(sandbox, 'GET', '/api/v1/calls').length, { what: `${what}: n8n to poll ${count} more time(s) (after request ${seen})`, until: (n) => n >= seen + count });
		return requestsTo(sandbox, 'GET', '/api/v1/calls').slice(seen);
	}

	/**
	 * Waits until every expected call was emitted, then until n8n has polled twice more and reports no
	 * unfinished run of the workflow (a call emitted again would show by then), and checks: each once.
	 */
	async function assertEachOnce(what) {
		await waitFor(async () => new Set(await emittedIds()).size, { what: `${what}: n8n to have run the workflow for all ${expected.size} calls`, until: (n) => n >= expected.size });
		await morePolls(2, what);
		await waitFor(() => n8n.rest.listExecutions(WORKFLOW_ID), {
			what: `${what}: every run of ${WORKFLOW_ID} to have finished`,
			until: (list) => list.every((e) => !['new', 'running', 'waiting'].includes(e.status)),
			seen: (list) => JSON.stringify(list?.map((e) => ({ id: e.id, status: e.status }))),
		});
		const ids = await emittedIds();
		assert.deepEqual([...ids].sort(), [...expected].sort(), `${what}: each call exactly once (got ${ids.length})`);
		assert.ok(!ids.includes(history), 'the call that ended before the first activation never starts the workflow');
	}

	before(async () => {
		stack = await startStack({
			server: true,
			sandbox: { rateLimit: { perMinute: 100, burst: 20, burstWindowSeconds: 10 } },
			workflows: [workflow],
			extraCredentials: (sb) => [{ ...CREDENTIAL, type: 'voiceAssistantPlatform2Api', data: { apiKey: sb.platform2.keys.full, origin: sb.origin } }],
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		history = await start();
		await finish(history);
		heldOpen = await start();
		await sleep(1100); // shapes the scenario (the next record is more than a second younger); waits for nothing
	});

	after(async () => {
		await stack?.stop();
	});

	test('activated: calls finishing out of order, and more than a page of them between two polls, start the workflow once each', async () => {
		const before = requestsTo(sandbox, 'GET', '/api/v1/calls').length;
		assert.equal((await n8n.rest.activateWorkflow(WORKFLOW_ID)).active, true);
		await waitFor(() => requestsTo(sandbox, 'GET', '/api/v1/calls').length, { what: 'the activation poll', until: (n) => n > before });
		// the pauses shape the scenario (records more than a second apart); they wait for nothing
		const early = await start();
		await sleep(1100);
		const late = await start();
		await sleep(1100);
		await finish(late);
		expected.add(late);
		await assertEachOnce('the later call finished first');
		await finish(early);
		await finish(heldOpen);
		expected.add(early).add(heldOpen);
		// 60 calls finish between two polls: more than the first page (the records changed last time + 20)
		for (let i = 0; i < 60; i++) {
			const id = await start();
			await finish(id);
			expected.add(id);
		}
		await assertEachOnce('after a burst');
		const pages = requestsTo(sandbox, 'GET', '/api/v1/calls').slice(before).filter((r) => r.query.offset !== '0');
		assert.ok(pages.length > 0, 'the burst took more than one page');
	});

	test('deactivated while calls finish, then activated: those calls start the workflow once each', async () => {
		await n8n.rest.deactivateWorkflow(WORKFLOW_ID);
		for (let i = 0; i < 3; i++) {
			const id = await start();
			await finish(id);
			expected.add(id);
		}
		await n8n.rest.activateWorkflow(WORKFLOW_ID);
		await assertEachOnce('after re-activation');
	});

	test('n8n restarts while calls finish: they start the workflow once each, nothing earlier again', async () => {
		await n8n.stopServer();
		for (let i = 0; i < 3; i++) {
			const id = await start();
			await finish(id);
			expected.add(id);
		}
		await n8n.start();
		await n8n.rest.ensureOwner();
		await assertEachOnce('after the restart');
	});

	test('a poll with nothing new is one request', async () => {
		const started = Date.now();
		const polls = await morePolls(3, 'nothing new');
		console.log(`# ${polls.length} list requests in ${((Date.now() - started) / 1000).toFixed(0)} s with nothing new`);
		assert.deepEqual(polls.map((r) => r.query.offset), ['0', '0', '0'], 'each idle poll read only its first page');
	});
});
