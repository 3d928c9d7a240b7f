// Each delivery runs once in n8n's queue mode with two `n8n webhook` processes behind one address
// (main, a worker, PostgreSQL, Redis), for a Platform 2.0 signed delivery and a WhatsApp read receipt
// (Respond: Immediately) and a classic Call Ended (Respond: When Last Node Finishes, which n8n answers
// and saves after the execution): the same delivery sent to one process and then to the other runs once; sent
// again after every n8n process restarted it runs nothing; 100 distinct deliveries spread over both
// processes run 100 times. Also measured, not asserted (docs/deliveries.md): how far apart the same
// delivery must reach the two processes for the second to be caught, and how many of a burst's entries
// a concurrent write dropped.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { CREDENTIAL_TYPE, FILE_TIMEOUT_MS, OWNER, TRIGGER_TYPE, sleep, waitFor } from '../../scripts/lib/n8n.mjs';
import { startQueueCluster } from '../../scripts/lib/queue.mjs';
import { startSandbox } from '../../scripts/lib/sandbox.mjs';

const P2_SECRET = 'e2e-webhook-processes-workspace-secret';
const RECEIPT_SECRET = 'e2e-webhook-processes-receipt-secret';
const CLASSIC = { id: 'vaWhpClassic0001', name: 'Voice Assistant (sandbox)' };
const P2 = { id: 'vaWhpPlatform201', name: 'Voice Assistant 2.0 (sandbox)' };
const HOOKS = { p2: '5d1c0a7e-0001-4c3b-9a10-7f2e00000001', callEnded: '5d1c0a7e-0001-4c3b-9a10-7f2e00000002', receipts: '5d1c0a7e-0001-4c3b-9a10-7f2e00000003' };
const IDS = { p2: 'vaWhpWorkspace01', callEnded: 'vaWhpCallEnded01', receipts: 'vaWhpReceipts001' };
const BURST = 100;

const triggerWorkflow = (id, webhookId, parameters, credentials) => ({
	id,
	name: `Webhook processes: ${id}`,
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [{ id: `${webhookId.slice(0, 30)}ff`, name: 'Trigger', type: TRIGGER_TYPE, typeVersion: 6, position: [0, 0], webhookId, parameters, credentials }],
	connections: {},
});

const hmac = (raw, secret) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('n8n queue mode with two webhook processes: each delivery runs once', { timeout: FILE_TIMEOUT_MS }, () => {
	let sandbox;
	let cluster;
	let classicSecret;

	/** Deliveries n8n answered with an error (its database busy) and the platform's retry then ran. */
	const retried = [];
	/**
	 * Posts raw bytes to one process (`origin`) or the address in front of both; the answer's JSON.
	 * Answers as the platform meets them on a busy machine, and what it does about them:
	 * - 503 "Database is not ready!": n8n's own database ping timed out before it routed the request;
	 *   nothing ran. Sent again each second, for up to a minute.
	 * - another 5xx (n8n gave up waiting for a database connection, 20 s by default with a pool of 2):
	 *   the platform sends the delivery again after 30, 60 and 120 s, and so does this. The retry must
	 *   run (the trigger held the delivery as in flight only until then) and run once (asserted by the
	 *   tests' execution counts).
	 */
	async function post(origin, webhookId, raw, { headers = {}, query = '' } = {}) {
		const attempt = async () => {
			const res = await fetch(`${origin}/webhook/${webhookId}/webhook${query}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: raw });
			return { status: res.status, text: await res.text() };
		};
		let answer = await attempt();
		for (let tries = 1; answer.status === 503 && /Database is not ready/.test(answer.text) && tries < 60; tries++) {
			await sleep(1000);
			answer = await attempt();
		}
		for (const seconds of [30, 60, 120]) {
			if (answer.status < 500) break;
			console.log(`# ${origin} answered ${answer.status} ${answer.text.slice(0, 120)}; the platform's retry follows in ${seconds} s`);
			await sleep(seconds * 1000);
			answer = await attempt();
			if (answer.status === 200) retried.push(raw);
		}
		assert.equal(answer.status, 200, `${origin}: ${answer.status} ${answer.text.slice(0, 300)}`);
		return JSON.parse(answer.text);
	}
	const ran = (answer) => answer.executed !== false;

	/** The three deliveries of this file: how each is posted. */
	const kinds = {
		p2: (subject) => {
			const raw = JSON.stringify({ event: 'call.completed', data: { id: subject, status: 'completed', assistant_id: 'a-1' } });
			return { webhookId: HOOKS.p2, raw, headers: { 'X-Famulor-Signature': hmac(raw, P2_SECRET) } };
		},
		callEnded: (subject) => ({ webhookId: HOOKS.callEnded, raw: JSON.stringify({ id: subject, status: 'completed', duration: 42 }), query: `?secret=${classicSecret}` }),
		receipts: (subject) => {
			const raw = JSON.stringify({ event: 'message_status', whatsapp_message_id: subject, status: 'delivered', to: '+4917612345670' });
			return { webhookId: HOOKS.receipts, raw, headers: { 'X-Signature-256': hmac(raw, RECEIPT_SECRET) } };
		},
	};
	const send = (origin, delivery) => post(origin, delivery.webhookId, delivery.raw, delivery);
	/** Executions n8n recorded for the workflow (its database: the REST list pages by 50). */
	const executions = async (workflowId) => Number(await cluster.postgres.query(`select count(*) from execution_entity where "workflowId" = '${workflowId}'`));
	/**
	 * The executions once at least `expected` are on record (n8n 1.x may answer before it has recorded
	 * one), and a second later, so one recorded late is counted too.
	 */
	async function settledExecutions(workflowId, expected) {
		await waitFor(() => executions(workflowId), { what: `${expected} executions of ${workflowId}`, until: (count) => count >= expected });
		await sleep(1000);
		return await executions(workflowId);
	}

	before(async () => {
		sandbox = await startSandbox({ callTiming: { stepMs: 20 } });
		cluster = await startQueueCluster({
			workers: 1,
			webhookProcesses: 2,
			log: (l) => console.log(`# ${l}`),
			prepare: async (n8n) => {
				await n8n.importCredentials([
					{ ...CLASSIC, type: CREDENTIAL_TYPE, data: { apiToken: sandbox.tokens.alice, baseUrl: sandbox.baseUrl, whatsappSigningSecret: RECEIPT_SECRET } },
					{ ...P2, type: 'voiceAssistantPlatform2Api', data: { apiKey: sandbox.platform2.keys.full, origin: sandbox.origin, webhookSigningSecret: P2_SECRET } },
				]);
				const classic = { [CREDENTIAL_TYPE]: CLASSIC };
				await n8n.importWorkflows([
					triggerWorkflow(IDS.p2, HOOKS.p2, { accountKind: 'platform2', platform2Event: 'workspaceEvents', responseMode: 'onReceived', platform2Options: {} }, { voiceAssistantPlatform2Api: P2 }),
					triggerWorkflow(IDS.callEnded, HOOKS.callEnded, { event: 'callEnded', assistantId: { __rl: true, mode: 'id', value: '1' }, responseMode: 'lastNode', simplify: false, options: {} }, classic),
					triggerWorkflow(IDS.receipts, HOOKS.receipts, { event: 'whatsappMessageStatus', responseMode: 'onReceived', simplify: false, options: {} }, classic),
				]);
			},
		});
		await cluster.main.rest.ensureOwner(OWNER);
		for (const id of Object.values(IDS)) assert.equal((await cluster.main.rest.activateWorkflow(id)).active, true);
		// the classic trigger gave the assistant the address in front of the webhook processes, with its secret
		const url = new URL(String(sandbox.store.assistants.find((a) => a.id === 1).webhook_url));
		assert.equal(url.origin, cluster.webhookOrigin);
		classicSecret = url.searchParams.get('secret');
		for (const hook of cluster.webhooks) {
			for (const webhookId of Object.values(HOOKS)) await cluster.main.waitForWebhook(`${webhookId}/webhook`, { origin: hook.origin });
		}
	});

	after(async () => {
		console.log(`# deliveries n8n answered with an error that ran on the platform's retry: ${retried.length}`);
		await cluster?.stop();
		await sandbox?.stop();
	});

	const [first, second] = [0, 1];
	const captured = {};

	for (const kind of Object.keys(kinds)) {
		test(`${kind}: sent to one webhook process and then to the other, it runs once`, async () => {
			const delivery = kinds[kind](`${kind}-once-1`);
			captured[kind] = delivery;
			assert.equal(ran(await send(cluster.webhooks[first].origin, delivery)), true);
			const again = await send(cluster.webhooks[second].origin, delivery);
			assert.deepEqual(again, { received: true, executed: false, reason: 'duplicate' });
			assert.equal(await settledExecutions(IDS[kind], 1), 1);
		});
	}

	test('after every n8n process restarted, the same three deliveries run nothing on either process', async () => {
		const started = Date.now();
		await cluster.restart();
		await cluster.main.rest.ensureOwner(OWNER);
		for (const hook of cluster.webhooks) {
			for (const webhookId of Object.values(HOOKS)) await cluster.main.waitForWebhook(`${webhookId}/webhook`, { origin: hook.origin });
		}
		console.log(`# restart of main, worker and both webhook processes: ${((Date.now() - started) / 1000).toFixed(0)} s`);
		for (const kind of Object.keys(kinds)) {
			for (const hook of cluster.webhooks) assert.equal(ran(await send(hook.origin, captured[kind])), false, `${kind} on webhook ${hook.index}`);
			assert.equal(await settledExecutions(IDS[kind], 1), 1, kind);
		}
	});

	/** How many deliveries the trigger's memory in n8n's database holds (what every process and a restart see). */
	async function remembered(workflowId) {
		const text = await cluster.postgres.query(`select "staticData"::text from workflow_entity where id = '${workflowId}'`);
		const entries = JSON.parse(text || '{}')?.['node:Trigger']?.acceptedDeliveries;
		return Array.isArray(entries) ? entries.length : 0;
	}

	test(`${BURST} distinct deliveries of each kind through the address in front of both processes run ${BURST} times each; every one is remembered`, async () => {
		for (const kind of Object.keys(kinds)) {
			const before = await executions(IDS[kind]);
			const keptBefore = await remembered(IDS[kind]);
			const deliveries = Array.from({ length: BURST }, (_, i) => kinds[kind](kind === 'receipts' ? 10_000 + i : `${kind}-burst-${i}`));
			// ten at a time, as a busy platform sends them
			const answers = [];
			for (let i = 0; i < BURST; i += 10) answers.push(...(await Promise.all(deliveries.slice(i, i + 10).map((d) => send(cluster.webhookOrigin, d)))));
			assert.deepEqual(answers.filter((a) => !ran(a)), [], `${kind}: every distinct delivery runs`);
			assert.equal((await settledExecutions(IDS[kind], before + BURST)) - before, BURST, kind);
			// n8n writes the whole static data after each answer: of two answered at once, the later write
			// drops the other's entry, until that process writes again with what it keeps itself
			const keys = kind === 'p2' ? 2 : 1; // a 2.0 call.completed is kept by its bytes and by its call
			const afterBurst = (await remembered(IDS[kind])) - keptBefore;
			for (const [index, hook] of cluster.webhooks.entries()) assert.equal(ran(await send(hook.origin, kinds[kind](kind === 'receipts' ? 20_000 + index : `${kind}-settle-${index}`))), true);
			const settled = (await remembered(IDS[kind])) - keptBefore;
			console.log(`# ${kind}: ${BURST} deliveries ran ${BURST} times; n8n's database held ${afterBurst / keys} of them after the burst, ${settled / keys - cluster.webhooks.length} once each process had answered one more`);
			assert.equal(settled, (BURST + cluster.webhooks.length) * keys, `${kind}: every delivery is in the shared memory`);
			// so a replay reaching either process runs nothing: each delivery sent again, to the two in turn
			const replays = [];
			const processOf = (i) => cluster.webhooks[i % cluster.webhooks.length].origin;
			for (let i = 0; i < BURST; i += 10) replays.push(...(await Promise.all(deliveries.slice(i, i + 10).map((d, j) => send(processOf(i + j), d)))));
			assert.equal(replays.filter(ran).length, 0, `${kind}: replays`);
			assert.equal((await settledExecutions(IDS[kind], before + BURST + cluster.webhooks.length)) - before, BURST + cluster.webhooks.length, kind);
		}
	});

	test('measured: how far apart the same delivery may reach the two processes and both run it', async () => {
		const gaps = [0, 10, 25, 50, 100, 200];
		const trials = 8;
		const lines = [];
		for (const gap of gaps) {
			let both = 0;
			for (let t = 0; t < trials; t++) {
				const delivery = kinds.p2(`race-${gap}-${t}`);
				const one = send(cluster.webhooks[first].origin, delivery);
				await sleep(gap);
				const two = send(cluster.webhooks[second].origin, delivery);
				const answers = await Promise.all([one, two]);
				if (answers.every(ran)) both++;
			}
			lines.push(`${gap} ms apart: ${both}/${trials} ran twice`);
		}
		// and once the first process has answered (how long that takes depends on the machine's load)
		let afterAnswer = 0;
		for (let t = 0; t < trials; t++) {
			const delivery = kinds.p2(`race-answered-${t}`);
			const one = await send(cluster.webhooks[first].origin, delivery);
			if (ran(one) && ran(await send(cluster.webhooks[second].origin, delivery))) afterAnswer++;
		}
		lines.push(`after the first answer: ${afterAnswer}/${trials} ran twice`);
		console.log(`# same delivery to both processes: ${lines.join('; ')}`);
		// the figures go into docs/deliveries.md; what is asserted holds on any machine: once answered, caught
		assert.equal(afterAnswer, 0);
	});
});
