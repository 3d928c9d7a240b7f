// The polling trigger on Platform 2.0 in a running n8n (`n8n start`): a workflow with the Voice
// Assistant Polling Trigger (version 3, Account Kind Platform 2.0, Call Completed) is activated; the
// test makes calls start and finish on the sandbox's 2.0 mode through its control route
// (POST /sandbox/platform2/records, the platform's clock = real time). Each finished call starts the
// workflow exactly once: calls that finish out of order, more than one page of calls finishing
// between two polls, across a deactivate/activate cycle and a restart of n8n; a call that had ended
// before the first activation never does. Poll Times every 5 s as in polling.e2e.mjs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { sleep, waitFor } from '../../scripts/lib/n8n.mjs';
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

describe('n8n start: Voice Assistant Polling Trigger on Platform 2.0', { timeout: 600_000 }, () => {
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

	async function assertEachOnce(what) {
		await waitFor(async () => new Set(await emittedIds()).size >= expected.size, { timeoutMs: 90_000, intervalMs: 1000, what });
		await sleep(2 * POLL_EVERY_S * 1000 + 1000);
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
		await sleep(1100);
	});

	after(async () => {
		await stack?.stop();
	});

	test('activated: calls finishing out of order, and more than a page of them between two polls, start the workflow once each', async () => {
		const before = requestsTo(sandbox, 'GET', '/api/v1/calls').length;
		assert.equal((await n8n.rest.activateWorkflow(WORKFLOW_ID)).active, true);
		await waitFor(() => requestsTo(sandbox, 'GET', '/api/v1/calls').length > before, { timeoutMs: 30_000, what: 'the activation poll' });
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
		const before = requestsTo(sandbox, 'GET', '/api/v1/calls').length;
		await sleep(4 * POLL_EVERY_S * 1000);
		const polls = requestsTo(sandbox, 'GET', '/api/v1/calls').slice(before);
		console.log(`# ${polls.length} list requests in ${4 * POLL_EVERY_S} s with nothing new`);
		assert.ok(polls.length >= 2 && polls.every((r) => r.query.offset === '0'), 'each idle poll read only its first page');
	});
});
