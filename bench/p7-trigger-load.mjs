// P7 — the trigger under load in a real n8n (`n8n start`, from scripts/n8n-cache.mjs): deliveries
// per second and p50 latency of Voice Assistant Trigger version 2 (the default), version 1,
// version 5 on a Platform 2.0 account (Workspace Webhook, each delivery a distinct `call.completed`
// signed with `X-Famulor-Signature`), and n8n's own Webhook node, each in its own one-node workflow,
// in the same run. Clients take turns (rounds), every delivery a distinct call. Then forged (wrong
// secret) and malformed (not a JSON object) deliveries to the classic trigger, and forged (signed with
// another secret) and replayed (the same bytes again; the same call re-sent with other bytes)
// deliveries to the 2.0 trigger. Counted in n8n's execution list: 0 lost, 0 duplicated, 0 forged,
// malformed or replayed executed.
//
//   BENCH_P7_COUNT (200)   deliveries per client and round
//   BENCH_P7_CONCURRENCY (20)
//   BENCH_P7_ROUNDS (5)    so 1,000 deliveries per client, in turns: on a busy machine one long turn
//                          per client measured the machine's moment more than the client
//   BENCH_P7_WARM_UP (100) deliveries per client before the rounds (not measured)
//   N8N_EXPRESSION_ENGINE=legacy  (passed on to n8n) shows what n8n's expression isolate costs
import { createHmac, randomUUID } from 'node:crypto';

import { CREDENTIAL_TYPE, TRIGGER_TYPE, waitFor } from '../scripts/lib/n8n.mjs';
import { EXAMPLE_CREDENTIAL, startStack } from '../scripts/lib/stack.mjs';

const COUNT = Number(process.env.BENCH_P7_COUNT ?? 200);
const CONCURRENCY = Number(process.env.BENCH_P7_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.BENCH_P7_ROUNDS ?? 5);
const WARM_UP = Number(process.env.BENCH_P7_WARM_UP ?? 100);
const BAD = 100;
// Platform 2.0: the credential with the workspace webhook's signing secret, and the v5 trigger's URL.
const P2_SECRET = 'p7-platform2-workspace-signing-secret-4d9e';
const P2_CREDENTIAL = { id: 'p7SandboxP2Cred1', name: 'P7 Voice Assistant 2.0 (sandbox)' };
const P2_WEBHOOK_ID = '5e1d7c3a-2b4f-4a90-8c6e-7d1f0a9b3c27';
const P2_ASSISTANT = '3f0c9a7e-5b2d-4c81-9e6f-0a1b2c3d4e5f';
const sign = (body, secret = P2_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
/** A distinct 2.0 `call.completed` as the workspace webhook sends it. */
const p2Body = (callId, extra = {}) =>
	JSON.stringify({
		event: 'call.completed',
		data: {
			id: `p7-call-${callId}`,
			assistant_id: P2_ASSISTANT,
			status: 'completed',
			direction: 'outbound',
			from_number: '+4940555020202',
			to_number: '+4917612345670',
			duration_sec: 42,
			summary: 'The customer asked for a callback.',
			ended_at: '2026-07-01T09:00:00.000Z',
			...extra,
		},
	});
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

function platform2Workflow(id) {
	return {
		id,
		name: 'P7 Voice Assistant Trigger v5 (Platform 2.0, Workspace Webhook)',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: [
			{
				id: randomUUID(),
				name: 'Workspace events',
				type: TRIGGER_TYPE,
				typeVersion: 5,
				position: [0, 0],
				webhookId: P2_WEBHOOK_ID,
				parameters: { accountKind: 'platform2', platform2Event: 'workspaceEvents', responseMode: 'onReceived', platform2Options: {} },
				credentials: { voiceAssistantPlatform2Api: P2_CREDENTIAL },
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

/**
 * POSTs `bodies` with `concurrency` in flight; returns per-request { status, ms } and the wall time.
 * `headersOf(body)` adds headers (the 2.0 signature); computed before the clock starts for a request.
 */
async function fire(url, bodies, concurrency, contentType = 'application/json', headersOf = () => ({})) {
	const results = new Array(bodies.length);
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: Math.min(concurrency, bodies.length) }, async () => {
			while (next < bodies.length) {
				const index = next++;
				const headers = { 'content-type': contentType, ...headersOf(bodies[index]) };
				const t0 = performance.now();
				try {
					const res = await fetch(url, { method: 'POST', headers, body: bodies[index] });
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
	const ids = { v2: 'p7VoiceTriggerV2', v1: 'p7VoiceTriggerV1', webhook: 'p7N8nWebhookNode', p2: 'p7VoiceTriggerP2' };
	const stack = await startStack({
		server: true,
		stepMs: 3_600_000,
		workflows: [triggerWorkflow(ids.v2, 2, 1), triggerWorkflow(ids.v1, 1, 2), webhookWorkflow(ids.webhook, 'p7-webhook'), platform2Workflow(ids.p2)],
		extraCredentials: (sb) => [{ ...P2_CREDENTIAL, type: 'voiceAssistantPlatform2Api', data: { apiKey: sb.platform2.keys.full, origin: sb.origin, webhookSigningSecret: P2_SECRET } }],
		log,
	});
	const { sandbox, n8n } = stack;
	try {
		for (const id of Object.values(ids)) await n8n.rest.activateWorkflow(id);
		const urlOf = (assistantId) => sandbox.store.assistants.find((a) => a.id === assistantId)?.webhook_url;
		await waitFor(() => urlOf(1)?.includes('secret=') && urlOf(2)?.includes('secret='), { timeoutMs: 60_000, what: 'both triggers registered' });
		// The workspace webhook registers nothing: n8n serves its URL shortly after activation (an unsigned probe: 401, never run).
		const p2Url = `${n8n.server.origin}/webhook/${P2_WEBHOOK_ID}/webhook`;
		await waitFor(async () => (await fetch(p2Url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status === 401, {
			timeoutMs: 60_000,
			what: 'n8n to serve the 2.0 workspace webhook URL',
		});
		const signed = (body) => ({ 'x-famulor-signature': sign(body) });
		// body(callId) makes one distinct delivery; headersOf signs it (2.0)
		const classicBody = (assistantId) => (id) => JSON.stringify({ id, status: 'completed', assistant_id: assistantId, customer_phone: '+4917612345670', duration: 42 });
		const clients = [
			{ key: 'v2', name: 'Voice Assistant Trigger v2 (default)', url: urlOf(1), body: classicBody(1) },
			{ key: 'webhook', name: "n8n's Webhook node 2.1", url: `${n8n.server.origin}/webhook/p7-webhook`, body: classicBody(1) },
			{ key: 'v1', name: 'Voice Assistant Trigger v1', url: urlOf(2), body: classicBody(2) },
			{ key: 'p2', name: 'Voice Assistant Trigger v5, Platform 2.0', url: p2Url, body: (id) => p2Body(id), headersOf: signed },
		];
		// Warm-up (not counted below: executions are counted as a difference).
		const before = {};
		for (const client of clients) {
			const warm = Array.from({ length: WARM_UP }, (_, i) => client.body(9_000_000 + i));
			await fire(client.url, warm, CONCURRENCY, 'application/json', client.headersOf);
		}
		await new Promise((resolve) => setTimeout(resolve, 2000));
		for (const client of clients) before[client.key] = (await executionCount(n8n, ids[client.key])).count;

		const samples = Object.fromEntries(clients.map((c) => [c.key, { rates: [], latencies: [], ok: 0, skipped: 0, other: {}, sent: [] }]));
		let callId = 1;
		for (let round_ = 0; round_ < ROUNDS; round_++) {
			// Each round starts with another client, so no one always meets the freshest n8n.
			for (const client of clients.map((_, i) => clients[(i + round_) % clients.length])) {
				const bodies = Array.from({ length: COUNT }, () => client.body(callId++));
				const { results, ms } = await fire(client.url, bodies, CONCURRENCY, 'application/json', client.headersOf);
				const s = samples[client.key];
				s.rates.push((COUNT / ms) * 1000);
				s.latencies.push(...results.map((r) => r.ms));
				for (const r of results) {
					// the 2.0 trigger acknowledges a delivery it drops (a duplicate) with 200 `"executed":false`
					if (r.status === 200 && r.text.includes('"executed":false')) s.skipped++;
					else if (r.status === 200) s.ok++;
					else s.other[r.status] = (s.other[r.status] ?? 0) + 1;
				}
				if (client.key === 'p2') s.sent = bodies; // the newest accepted ones, replayed below
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
		const expected = { v2: ROUNDS * COUNT, v1: ROUNDS * COUNT, webhook: ROUNDS * COUNT, p2: ROUNDS * COUNT };
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

		// Forged and replayed deliveries to the 2.0 trigger, once the rounds' executions are counted, each
		// kind counted apart: new calls signed with another secret; then accepted deliveries of the last
		// round again (the same bytes and signature), and the same calls re-sent with other bytes (another
		// ended_at), correctly signed: a call completes once.
		const p2 = clients.find((c) => c.key === 'p2');
		const p2Forged = await fire(p2.url, Array.from({ length: BAD }, (_, i) => p2Body(8_000_000 + i)), CONCURRENCY, 'application/json', (body) => ({
			'x-famulor-signature': sign(body, 'another-workspace-secret'),
		}));
		const lastSent = samples.p2.sent.slice(-BAD);
		const half = Math.ceil(lastSent.length / 2);
		const replays = [
			...lastSent.slice(0, half),
			...lastSent.slice(half).map((raw) => p2Body(JSON.parse(raw).data.id.slice('p7-call-'.length), { ended_at: '2026-07-01T09:05:00.000Z' })),
		];
		const settled = async () => {
			await new Promise((resolve) => setTimeout(resolve, 1500));
			await waitFor(async () => !(await executionCount(n8n, ids.p2)).running, { timeoutMs: 60_000, what: '2.0 executions to finish' });
			return (await executionCount(n8n, ids.p2)).count - before.p2;
		};
		const p2ForgedExecuted = (await settled()) - counts.p2;
		const p2Replayed = await fire(p2.url, replays, CONCURRENCY, 'application/json', signed);
		const p2ReplayedExecuted = (await settled()) - counts.p2 - p2ForgedExecuted;

		const rate = (key) => median(samples[key].rates);
		const p50 = (key) => median(samples[key].latencies);
		const rows = clients.map((client) => ({
			client: client.name,
			'deliveries/s': round(rate(client.key), 1),
			'p50 ms': round(p50(client.key), 1),
			'p95 ms': round(percentile(samples[client.key].latencies, 95), 1),
			'÷ Webhook node (rate)': round(rate(client.key) / rate('webhook'), 2),
			'200s': samples[client.key].ok + samples[client.key].skipped,
			executions: counts[client.key],
			answer: String(samples[client.key].answer ?? '').slice(0, 40),
		}));
		// Lost: sent but not executed (an error answer, or accepted and not run); duplicated: run more than once.
		const lost = (key) => Math.max(0, COUNT * ROUNDS - counts[key]);
		const duplicated = (key) => Math.max(0, counts[key] - samples[key].ok);
		const v2Lost = lost('v2');
		const v2Duplicated = duplicated('v2');
		const forgedRefused = forged.results.filter((r) => r.status === 401).length;
		const malformedRefused = malformed.filter((r) => r.status === 400).length;
		const p2Lost = lost('p2');
		const p2ForgedRefused = p2Forged.results.filter((r) => r.status === 401).length;
		const p2ReplaysDropped = p2Replayed.results.filter((r) => r.status === 200 && r.text.includes('"executed":false')).length;
		const vsWebhook = rate('v2') / rate('webhook');
		const latencyVsWebhook = p50('v2') / p50('webhook');
		const p2Correct = p2Lost === 0 && duplicated('p2') === 0 && p2ForgedExecuted === 0 && p2ReplayedExecuted === 0 && p2ForgedRefused === BAD && p2ReplaysDropped === replays.length;
		const pass = vsWebhook >= 0.9 && v2Lost === 0 && v2Duplicated === 0 && forgedRefused === forged.results.length && malformedRefused === malformed.length && p2Correct;
		process.stdout.write(
			`BENCH_RESULT ${JSON.stringify({
				figure: 'P7',
				title: `trigger load in n8n ${n8n.install.version ?? ''}: ${COUNT} deliveries × ${ROUNDS} round(s) at concurrency ${CONCURRENCY}`.replace('  ', ' '),
				columns: ['deliveries/s', 'p50 ms', 'p95 ms', '÷ Webhook node (rate)', '200s', 'executions', 'answer'],
				rows,
				summary: `P7 ${pass ? 'PASS' : 'FAIL'}: trigger v2 ${round(rate('v2'), 1)} deliveries/s = ${round(vsWebhook, 2)}× n8n's Webhook node (target ≥ 0.9), p50 ${round(p50('v2'), 1)} ms vs ${round(p50('webhook'), 1)} ms (${round(latencyVsWebhook, 2)}×); v1 ${round(rate('v1') / rate('webhook'), 2)}×; ${v2Lost} lost, ${v2Duplicated} duplicated; forged ${forged.results.length - forgedRefused} and malformed ${malformed.length - malformedRefused} executed (of ${forged.results.length} and ${malformed.length}). Platform 2.0 v5 (signed workspace webhook) ${round(rate('p2'), 1)} deliveries/s = ${round(rate('p2') / rate('webhook'), 2)}× the Webhook node, ${round(rate('p2') / rate('v2'), 2)}× classic v2, p50 ${round(p50('p2'), 1)} ms; ${p2Lost} lost, ${duplicated('p2')} duplicated; forged ${p2ForgedExecuted} and replayed ${p2ReplayedExecuted} executed (of ${BAD} and ${replays.length}; ${p2ForgedRefused} answered 401, ${p2ReplaysDropped} answered executed:false)`,
				pass,
				notes: [
					`One n8n (\`n8n start\`, SQLite, expression engine ${process.env.N8N_EXPRESSION_ENGINE ?? 'default (vm)'}) with four active one-node workflows; clients take turns; each delivery a distinct call id. The 2.0 client signs each body (HMAC-SHA256, X-Famulor-Signature) before its clock starts.`,
					`Forged: wrong secret (answered ${[...new Set(forged.results.map((r) => r.status))].join('/')}). Malformed: ${malformedBodies.map(([t, b]) => `${t} ${JSON.stringify(b)}`).join(', ')} (answered ${[...new Set(malformed.map((r) => r.status))].join('/')}).`,
					`Platform 2.0: ${BAD} forged (signed with another secret, answered ${[...new Set(p2Forged.results.map((r) => r.status))].join('/')}); ${replays.length} replayed: ${half} the same bytes and signature, ${replays.length - half} the same call re-sent with other bytes, correctly signed (answered ${[...new Set(p2Replayed.results.map((r) => `${r.status}${r.text.includes('"executed":false') ? ' executed:false' : ''}`))].join('/')}).`,
					`Executions counted in n8n's list after the run: v2 ${counts.v2} for ${samples.v2.ok} accepted (+ 0 expected from forged/malformed); v1 ${counts.v1}; Webhook node ${counts.webhook}; 2.0 v5 ${counts.p2} for ${samples.p2.ok} accepted of ${COUNT * ROUNDS} sent (before the forged and replayed ones, which added ${p2ForgedExecuted} and ${p2ReplayedExecuted}).`,
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
