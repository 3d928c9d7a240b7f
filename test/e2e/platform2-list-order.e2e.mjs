// The polling trigger on Platform 2.0 in a running n8n (`n8n start`) with the platform's lists answered
// newest first and then oldest first (issue #47: the catalogue states no order, so the trigger reads it
// from the rows). For each order, two fresh workflows, New Suppression Entry and New Knowledge Base, on
// lists of 250 records from before their activation: 3 records added after it start each workflow once
// each, nothing else runs, no poll fails (n8n keeps a failed poll as a failed execution), and an idle
// poll reads 1 page newest first, 2 oldest first (the total and the order, then the end). Poll Times every 5 s.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, sleep, waitFor } from '../../scripts/lib/n8n.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { platform2PollingWorkflow, requestsTo } from './helpers.mjs';

const POLL_EVERY_S = 5;
const OLD = 250;
const ORDERS = ['newest', 'oldest'];
const LISTS = [
	{ event2: 'newSuppressionEntry', collection: '/suppression-list', fields: (i) => ({ value: `+4915170${String(i).padStart(6, '0')}`, channel: 'voice' }) },
	{ event2: 'newKnowledgeBase', collection: '/knowledge-bases', fields: (i) => ({ name: `Knowledge ${i}` }) },
];

/** One workflow per list and order, each with a key of its own (its requests told apart in the sandbox's log). */
const FLOWS = ORDERS.flatMap((order, o) =>
	LISTS.map((list, l) => ({
		...list,
		order,
		id: `vaE2eListOrder${o}${l}`,
		node: `${list.event2} (2.0, lists ${order} first)`,
		credential: { id: `vaSandboxP2Order${o}${l}`, name: `Voice Assistant 2.0 (sandbox, ${list.event2}, ${order} first)` },
	})),
);

const workflowOf = (flow, index) =>
	platform2PollingWorkflow({
		id: flow.id,
		name: `E2E: Platform 2.0 ${flow.event2}, lists ${flow.order} first`,
		nodeId: `e2e00000-0000-4000-8000-00000000091${index}`,
		nodeName: flow.node,
		event2: flow.event2,
		credential: flow.credential,
		pollEverySeconds: POLL_EVERY_S,
	});

describe('n8n start: Voice Assistant Polling Trigger on Platform 2.0, lists answered newest first and oldest first', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	const lines = [];

	/** Records written through the control route, all in one request, at the platform's now (or the times given). */
	async function write(changes) {
		const res = await fetch(`${sandbox.origin}/sandbox/platform2/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(changes) });
		const answer = await res.json();
		assert.equal(res.status, 200, JSON.stringify(answer));
		return answer.data.map((record) => record.id);
	}

	const requestsOf = (flow) => requestsTo(sandbox, 'GET', `/api/v1${flow.collection}`).filter((r) => r.key === flow.keyId);
	const pollsOf = (flow) => requestsOf(flow).filter((r) => (r.query.offset ?? '0') === '0');

	async function emittedIds(flow) {
		const ids = [];
		for (const summary of await n8n.rest.listExecutions(flow.id)) {
			const execution = await n8n.rest.getExecution(summary.id);
			assert.notEqual(execution.status, 'error', `${flow.node}: a failed poll (execution ${summary.id})`);
			for (const item of execution.data.resultData.runData[flow.node][0].data.main[0]) ids.push(item.json.id);
		}
		return ids;
	}

	before(async () => {
		stack = await startStack({
			server: true,
			sandbox: { rateLimit: { perMinute: 100, burst: 20, burstWindowSeconds: 10 } },
			workflows: FLOWS.map(workflowOf),
			extraCredentials: (sb) =>
				FLOWS.map((flow) => {
					const key = sb.platform2.keyRing.mint({ name: `${flow.event2} ${flow.order}` });
					flow.keyId = key.id;
					return { ...flow.credential, type: 'voiceAssistantPlatform2Api', data: { apiKey: key.secret, origin: sb.origin } };
				}),
			onN8nLine: (line) => lines.push(line),
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		// 250 records in each list before any activation, a second apart (the seed's few are older still)
		const start = Date.now() - (OLD + 10) * 1000;
		for (const list of LISTS) {
			const have = sandbox.platform2.list('A', list.collection).length;
			await write(Array.from({ length: OLD - have }, (_, i) => ({ collection: list.collection, at: start + i * 1000, fields: list.fields(i) })));
			assert.equal(sandbox.platform2.list('A', list.collection).length, OLD);
		}
	});

	after(async () => {
		await stack?.stop();
	});

	for (const order of ORDERS) {
		test(`lists ${order} first: 3 records added after activation start each workflow once each, nothing else, no failed poll; an idle poll reads ${order === 'newest' ? 1 : 2} page(s)`, async () => {
			sandbox.platform2.setListOrder(order);
			const flows = FLOWS.filter((flow) => flow.order === order);
			for (const flow of flows) {
				const before = requestsOf(flow).length;
				assert.equal((await n8n.rest.activateWorkflow(flow.id)).active, true);
				await waitFor(() => requestsOf(flow).length, { what: `the activation poll of ${flow.node}`, until: (n) => n > before });
			}
			// two idle polls each: pages an idle poll reads, on a list of 250
			const seen = flows.map((flow) => ({ polls: pollsOf(flow).length, requests: requestsOf(flow).length }));
			for (const [i, flow] of flows.entries()) await waitFor(() => pollsOf(flow).length, { what: `${flow.node} to poll twice`, until: (n) => n >= seen[i].polls + 3 });
			for (const [i, flow] of flows.entries()) {
				const requests = requestsOf(flow).slice(seen[i].requests);
				const polls = requests.filter((r) => (r.query.offset ?? '0') === '0').length;
				// (the last poll counted may still be reading its end page)
				assert.ok(requests.length <= polls * (order === 'newest' ? 1 : 2), `${flow.node}: ${requests.length} requests in ${polls} idle polls (${JSON.stringify(requests.map((r) => r.query))})`);
				assert.ok(requests.length >= polls, `${flow.node}: every idle poll read a page`);
			}
			const started = Date.now();
			for (const flow of flows) {
				flow.expected = [];
				for (let i = 0; i < 3; i++) {
					flow.expected.push(...(await write([{ collection: flow.collection, at: Date.now(), fields: flow.fields(1000 + ORDERS.indexOf(order) * 10 + i) }])));
					await sleep(1100); // shapes the scenario (records a second apart); waits for nothing
				}
			}
			for (const flow of flows) {
				await waitFor(async () => (await emittedIds(flow)).length, { what: `${flow.node} to have run for all 3 records`, until: (n) => n >= 3 });
			}
			console.log(`# lists ${order} first: the 3 records of each list ran within ${((Date.now() - started) / 1000).toFixed(1)} s of the first write`);
			// two more polls each, then: each record exactly once, nothing from before the activation, no failed poll
			const now = flows.map((flow) => pollsOf(flow).length);
			for (const [i, flow] of flows.entries()) await waitFor(() => pollsOf(flow).length, { what: `${flow.node} to poll twice more`, until: (n) => n >= now[i] + 2 });
			for (const flow of flows) {
				await waitFor(() => n8n.rest.listExecutions(flow.id), {
					what: `every run of ${flow.node} to have finished`,
					until: (list) => list.every((e) => !['new', 'running', 'waiting'].includes(e.status)),
				});
				const ids = await emittedIds(flow);
				assert.deepEqual([...ids].sort(), [...flow.expected].sort(), `${flow.node}: each new record exactly once`);
				await n8n.rest.deactivateWorkflow(flow.id);
			}
			assert.deepEqual(lines.filter((line) => /Polling Trigger: reading|not ordered|neither newest/.test(line)), [], 'no poll stopped or failed on the order');
			// the next order starts from lists of 250 again
			for (const flow of flows) {
				for (const id of flow.expected) {
					const record = sandbox.platform2.list('A', flow.collection).find((r) => r.id === id);
					sandbox.platform2.records.remove(sandbox.platform2.workspaces.A, flow.collection, [], record);
				}
			}
		});
	}
});
