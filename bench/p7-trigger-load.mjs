// P7 — the trigger under load in a real n8n (`n8n start`, from scripts/n8n-cache.mjs): deliveries
// per second and p50 latency of Voice Assistant Trigger version 2 (the default), version 1, and
// n8n's own Webhook node, each in its own one-node workflow, in the same run. Clients take turns
// (rounds), every delivery a distinct call. Then forged (wrong secret) and malformed (not a JSON
// object) deliveries to the trigger. Counted in n8n's execution list: 0 lost, 0 duplicated, 0 forged
// or malformed executed.
//
//   BENCH_P7_COUNT (200)   deliveries per client and round
//   BENCH_P7_CONCURRENCY (20)
//   BENCH_P7_ROUNDS (5)    so 1,000 deliveries per client, in turns: on a busy machine one long turn
//                          per client measured the machine's moment more than the client
//   N8N_EXPRESSION_ENGINE=legacy  (passed on to n8n) shows what n8n's expression isolate costs
import { randomUUID } from 'node:crypto';

import { CREDENTIAL_TYPE, TRIGGER_TYPE, waitFor } from '../scripts/lib/n8n.mjs';
import { EXAMPLE_CREDENTIAL, startStack } from '../scripts/lib/stack.mjs';

const COUNT = Number(process.env.BENCH_P7_COUNT ?? 200);
const CONCURRENCY = Number(process.env.BENCH_P7_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.BENCH_P7_ROUNDS ?? 5);
const WARM_UP = 100;
const BAD = 100;
const log = (line) => process.stderr.write(`${line}\n`);

function triggerWorkflow(id, typeVersion, assistantId) {
	return {
		id,
		name: `P7 Voice Assistant Trigger v${typeVersion}`,
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: [
			{
				id: randomUUID(),
				name: 'Call ended',
				type: TRIGGER_TYPE,
				typeVersion,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: {
					event: 'callEnded',
					assistantId: { __rl: true, mode: 'id', value: String(assistantId) },
					responseMode: 'onReceived',
					simplify: false,
					options: {},
				},
				credentials: { [CREDENTIAL_TYPE]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } },
			},
		],
	};
}

function webhookWorkflow(id, path) {
	return {
		id,
		name: "P7 n8n's Webhook node",
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
			},
		],
	};
}

/** POSTs `bodies` with `concurrency` in flight; returns per-request { status, ms } and the wall time. */
async function fire(url, bodies, concurrency, contentType = 'application/json') {
	const results = new Array(bodies.length);
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: Math.min(concurrency, bodies.length) }, async () => {
			while (next < bodies.length) {
				const index = next++;
				const t0 = performance.now();
				try {
					const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body: bodies[index] });
					const text = await res.text();
					results[index] = { status: res.status, ms: performance.now() - t0, text };
				} catch (error) {
					results[index] = { status: 0, ms: performance.now() - t0, text: String(error) };
				}
			}
		}),
	);
	return { results, ms: performance.now() - started };
}

function percentile(values, p) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const median = (values) => percentile(values, 50);
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

async function executionCount(n8n, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const res = await n8n.rest.get(`/executions?filter=${filter}&limit=1`);
	return { count: res.count ?? 0, running: (res.results ?? []).some((e) => ['new', 'running'].includes(e.status)) };
}

async function main() {
	const ids = { v2: 'p7VoiceTriggerV2', v1: 'p7VoiceTriggerV1', webhook: 'p7N8nWebhookNode' };
	const stack = await startStack({
		server: true,
		stepMs: 3_600_000,
		workflows: [triggerWorkflow(ids.v2, 2, 1), triggerWorkflow(ids.v1, 1, 2), webhookWorkflow(ids.webhook, 'p7-webhook')],
		log,
	});
	const { sandbox, n8n } = stack;
	try {
		for (const id of Object.values(ids)) await n8n.rest.activateWorkflow(id);
		const urlOf = (assistantId) => sandbox.store.assistants.find((a) => a.id === assistantId)?.webhook_url;
		await waitFor(() => urlOf(1)?.includes('secret=') && urlOf(2)?.includes('secret='), { timeoutMs: 60_000, what: 'both triggers registered' });
		const clients = [
			{ key: 'v2', name: 'Voice Assistant Trigger v2 (default)', url: urlOf(1), assistantId: 1 },
			{ key: 'webhook', name: "n8n's Webhook node 2.1", url: `${n8n.server.origin}/webhook/p7-webhook`, assistantId: 1 },
			{ key: 'v1', name: 'Voice Assistant Trigger v1', url: urlOf(2), assistantId: 2 },
		];
		// Warm-up (not counted below: executions are counted as a difference).
		const before = {};
		for (const client of clients) {
			const warm = Array.from({ length: WARM_UP }, (_, i) => JSON.stringify({ id: 9_000_000 + i, status: 'completed', assistant_id: client.assistantId }));
			await fire(client.url, warm, CONCURRENCY);
		}
		await new Promise((resolve) => setTimeout(resolve, 2000));
		for (const client of clients) before[client.key] = (await executionCount(n8n, ids[client.key])).count;

		const samples = Object.fromEntries(clients.map((c) => [c.key, { rates: [], latencies: [], ok: 0, other: {} }]));
		let callId = 1;
		for (let round_ = 0; round_ < ROUNDS; round_++) {
			// Each round starts with another client, so no one always meets the freshest n8n.
			for (const client of clients.map((_, i) => clients[(i + round_) % clients.length])) {
				const bodies = Array.from({ length: COUNT }, () =>
					JSON.stringify({ id: callId++, status: 'completed', assistant_id: client.assistantId, customer_phone: '+4917612345670', duration: 42 }),
				);
				const { results, ms } = await fire(client.url, bodies, CONCURRENCY);
				const s = samples[client.key];
				s.rates.push((COUNT / ms) * 1000);
				s.latencies.push(...results.map((r) => r.ms));
				for (const r of results) {
					if (r.status === 200) s.ok++;
					else s.other[r.status] = (s.other[r.status] ?? 0) + 1;
				}
				s.answer ??= results.find((r) => r.status === 200)?.text;
				log(`P7 round ${round_ + 1} ${client.name}: ${((COUNT / ms) * 1000).toFixed(1)} deliveries/s, p50 ${median(results.map((r) => r.ms)).toFixed(1)} ms`);
			}
		}

		// Forged and malformed deliveries to the default trigger.
		const v2 = clients[0];
		const forgedUrl = v2.url.replace(/secret=[0-9a-f]+/, `secret=${'f'.repeat(64)}`);
		const forged = await fire(forgedUrl, Array.from({ length: BAD }, (_, i) => JSON.stringify({ id: 8_000_000 + i, status: 'completed' })), CONCURRENCY);
		const malformedBodies = [
			['text/plain', 'call ended'],
			['application/json', '[{"id": 1}]'],
			['application/json', '"completed"'],
			['application/json', ''],
			['application/json', '{}'],
			['application/octet-stream', '{"id": 7000001, "status": "completed"}'],
		];
		const malformed = [];
		for (const [type, body] of malformedBodies) {
			const { results } = await fire(v2.url, Array.from({ length: Math.ceil(BAD / malformedBodies.length) }, () => body), CONCURRENCY, type);
			malformed.push(...results.map((r) => ({ ...r, type })));
		}

		// Wait until n8n has recorded every execution it started, then count.
		const expected = { v2: ROUNDS * COUNT, v1: ROUNDS * COUNT, webhook: ROUNDS * COUNT };
		const counts = {};
		const deadline = Date.now() + 120_000;
		for (const client of clients) {
			for (;;) {
				const { count, running } = await executionCount(n8n, ids[client.key]);
				counts[client.key] = count - before[client.key];
				if ((counts[client.key] >= expected[client.key] && !running) || Date.now() > deadline) break;
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		}
		await new Promise((resolve) => setTimeout(resolve, 1500));
		for (const client of clients) counts[client.key] = (await executionCount(n8n, ids[client.key])).count - before[client.key];

		const rate = (key) => median(samples[key].rates);
		const p50 = (key) => median(samples[key].latencies);
		const rows = clients.map((client) => ({
			client: client.name,
			'deliveries/s': round(rate(client.key), 1),
			'p50 ms': round(p50(client.key), 1),
			'p95 ms': round(percentile(samples[client.key].latencies, 95), 1),
			'÷ Webhook node (rate)': round(rate(client.key) / rate('webhook'), 2),
			'200s': samples[client.key].ok,
			executions: counts[client.key],
			answer: String(samples[client.key].answer ?? '').slice(0, 40),
		}));
		const v2Lost = Math.max(0, samples.v2.ok - counts.v2);
		const v2Duplicated = Math.max(0, counts.v2 - samples.v2.ok);
		const forgedRefused = forged.results.filter((r) => r.status === 401).length;
		const malformedRefused = malformed.filter((r) => r.status === 400).length;
		const vsWebhook = rate('v2') / rate('webhook');
		const latencyVsWebhook = p50('v2') / p50('webhook');
		const pass = vsWebhook >= 0.9 && v2Lost === 0 && v2Duplicated === 0 && forgedRefused === forged.results.length && malformedRefused === malformed.length;
		process.stdout.write(
			`BENCH_RESULT ${JSON.stringify({
				figure: 'P7',
				title: `trigger load in n8n ${n8n.install.version ?? ''}: ${COUNT} deliveries × ${ROUNDS} round(s) at concurrency ${CONCURRENCY}`.replace('  ', ' '),
				columns: ['deliveries/s', 'p50 ms', 'p95 ms', '÷ Webhook node (rate)', '200s', 'executions', 'answer'],
				rows,
				summary: `P7 ${pass ? 'PASS' : 'FAIL'}: trigger v2 ${round(rate('v2'), 1)} deliveries/s = ${round(vsWebhook, 2)}× n8n's Webhook node (target ≥ 0.9), p50 ${round(p50('v2'), 1)} ms vs ${round(p50('webhook'), 1)} ms (${round(latencyVsWebhook, 2)}×); v1 ${round(rate('v1') / rate('webhook'), 2)}×; ${v2Lost} lost, ${v2Duplicated} duplicated; forged ${forged.results.length - forgedRefused} and malformed ${malformed.length - malformedRefused} executed (of ${forged.results.length} and ${malformed.length})`,
				pass,
				notes: [
					`One n8n (\`n8n start\`, SQLite, expression engine ${process.env.N8N_EXPRESSION_ENGINE ?? 'default (vm)'}) with three active one-node workflows; clients take turns; each delivery a distinct call id.`,
					`Forged: wrong secret (answered ${[...new Set(forged.results.map((r) => r.status))].join('/')}). Malformed: ${malformedBodies.map(([t, b]) => `${t} ${JSON.stringify(b)}`).join(', ')} (answered ${[...new Set(malformed.map((r) => r.status))].join('/')}).`,
					`Executions counted in n8n's list after the run: v2 ${counts.v2} for ${samples.v2.ok} accepted (+ 0 expected from forged/malformed); v1 ${counts.v1}; Webhook node ${counts.webhook}.`,
				],
			})}\n`,
		);
	} finally {
		await stack.stop();
	}
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P7 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
