// P14 — a mid-call tool's round trip in a real n8n (from scripts/n8n-cache.mjs): Voice Assistant
// Trigger v6 "Tool Called During a Call" → Edit Fields, beside the anchor n8n offers for the same job,
// its Webhook node → the same Edit Fields → Respond to Webhook. Both workflows in one n8n, in the same
// run; each tool call a POST as the platform sends it (flat JSON values, the secret header) with a
// distinct order number, at concurrency 1 and 20, the clients taking turns in rounds (as P7). Round
// trip p50/p95, lost calls (not 200 or not exactly the answer for that order number) and executions
// counted in n8n's list (more than calls sent: a call run twice). Then the same in queue mode (main +
// workers, PostgreSQL, Redis: the main process answers with the worker's result). n8n's output is
// searched for ERR_HTTP_HEADERS_SENT: the trigger guards the response object n8n hands it, and a
// second write would show there.
//
//   BENCH_P14_COUNT (100)        calls per client, round and concurrency
//   BENCH_P14_ROUNDS (3)
//   BENCH_P14_WARM_UP (20)       calls per client before the rounds (not measured)
//   BENCH_P14_CONCURRENCY (1,20)
//   BENCH_P14_QUEUE_COUNT, BENCH_P14_QUEUE_ROUNDS (as above)   queue mode's sizes
//   BENCH_P14_QUEUE_WORKERS (2)
//   N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED (passed on to n8n; its default 0 removes a finished job
//                                at once, and main, which answers "When Last Node Finishes" once it sees
//                                the job finished, sometimes looks too late and never answers: docs/tool-calls.md)
import { CREDENTIAL_TYPE, OWNER, waitFor } from '../scripts/lib/n8n.mjs';
import { startQueueCluster } from '../scripts/lib/queue.mjs';
import { startSandbox } from '../scripts/lib/sandbox.mjs';
import { EXAMPLE_CREDENTIAL, startStack } from '../scripts/lib/stack.mjs';
import { ANCHOR_PATH, TOOL_NAME, WORKFLOW_IDS, anchorWorkflow, measureMode, triggerWorkflow } from './toolCallLoad.mjs';

const numberFrom = (name, fallback) => (process.env[name] === undefined ? fallback : Number(process.env[name]));
const COUNT = numberFrom('BENCH_P14_COUNT', 100);
const ROUNDS = numberFrom('BENCH_P14_ROUNDS', 3);
const WARM_UP = numberFrom('BENCH_P14_WARM_UP', 20);
const CONCURRENCIES = (process.env.BENCH_P14_CONCURRENCY ?? '1,20').split(',').map(Number);
const QUEUE_COUNT = numberFrom('BENCH_P14_QUEUE_COUNT', COUNT);
const QUEUE_ROUNDS = numberFrom('BENCH_P14_QUEUE_ROUNDS', ROUNDS);
const QUEUE_WORKERS = numberFrom('BENCH_P14_QUEUE_WORKERS', 2);
/** The shortest timeout a tool may have (1 s): a tool call's answer should come well inside it. */
const SHORTEST_TIMEOUT_MS = 1000;
const RATIO_GOAL = 1.1;
/** What Node and express say when a response is written after it was sent. */
const HEADERS_SENT = /ERR_HTTP_HEADERS_SENT|Cannot set headers after they are sent|Cannot write headers after they are sent/;
// No simulated call is placed: an hour per call state keeps the sandbox from working on its own during the run (as P7).
const STEP_MS = 3_600_000;

const log = (line) => process.stderr.write(`${line}\n`);

/** Collects the n8n output lines (main and workers) that tell of a second write to a response. */
function headersSentWatch() {
	const lines = [];
	return {
		lines,
		onLine: (line) => {
			if (HEADERS_SENT.test(line)) lines.push(line.slice(0, 200));
		},
	};
}

/**
 * Both workflows active and served, and the two clients: the tool's URL and secret as the trigger
 * registered them with the sandbox (what the platform would call), and the Webhook node's URL.
 */
async function activateAndAddress(n8n, sandbox) {
	for (const id of Object.values(WORKFLOW_IDS)) await n8n.rest.activateWorkflow(id);
	const tool = await waitFor(() => sandbox.store.catalog.toolsOf(1).find((t) => t.name === TOOL_NAME), { what: `the trigger to register the tool ${TOOL_NAME}` });
	const secret = tool.headers.find((h) => h.name.toLowerCase() === 'x-voice-assistant-secret')?.value ?? tool.headers[0].value;
	// n8n serves a production URL shortly after the publication: a call without the secret is 401 and runs nothing.
	await waitFor(async () => (await fetch(tool.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status === 401, {
		what: "n8n to serve the tool's URL",
	});
	await n8n.waitForWebhook(ANCHOR_PATH);
	return [
		{ key: 'trigger', name: 'Voice Assistant Trigger v6, Tool Called', workflowId: WORKFLOW_IDS.trigger, url: tool.endpoint, headers: { 'X-Voice-Assistant-Secret': secret } },
		{ key: 'anchor', name: "n8n's Webhook + Respond to Webhook", workflowId: WORKFLOW_IDS.anchor, url: `${n8n.server.origin}/webhook/${ANCHOR_PATH}`, headers: {} },
	];
}

/** `n8n start` with SQLite: the webhook and the execution in one process. */
async function regularMode() {
	const started = Date.now();
	const watch = headersSentWatch();
	const stack = await startStack({
		server: true,
		stepMs: STEP_MS,
		sandbox: { generation: '2026' },
		workflows: [triggerWorkflow(), anchorWorkflow()],
		onN8nLine: watch.onLine,
		log,
	});
	try {
		const clients = await activateAndAddress(stack.n8n, stack.sandbox);
		const measuring = Date.now();
		const rows = await measureMode({ mode: 'regular', clients, rest: stack.n8n.rest, count: COUNT, rounds: ROUNDS, warmUp: WARM_UP, concurrencies: CONCURRENCIES, log });
		return { rows, headersSent: watch.lines, version: stack.n8n.install.version, startS: (measuring - started) / 1000, measureS: (Date.now() - measuring) / 1000 };
	} finally {
		await stack.stop();
	}
}

/** Queue mode (scripts/lib/queue.mjs): main receives the call and answers, a worker runs the workflow. */
async function queueMode() {
	const started = Date.now();
	const watch = headersSentWatch();
	const sandbox = await startSandbox({ callTiming: { stepMs: STEP_MS }, generation: '2026' });
	let cluster;
	try {
		cluster = await startQueueCluster({
			workers: QUEUE_WORKERS,
			// what the environment says, else n8n's own default (the figure measures it)
			keepLastCompleted: process.env.N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED ?? null,
			log,
			onLine: watch.onLine,
			prepare: async (n8n) => {
				await n8n.importCredentials([{ ...EXAMPLE_CREDENTIAL, type: CREDENTIAL_TYPE, data: { apiToken: sandbox.tokens.alice, baseUrl: sandbox.baseUrl } }]);
				await n8n.importWorkflows([triggerWorkflow(), anchorWorkflow()]);
			},
		});
		const { main } = cluster;
		await main.rest.ensureOwner(OWNER);
		const clients = await activateAndAddress(main, sandbox);
		const measuring = Date.now();
		const rows = await measureMode({ mode: 'queue', clients, rest: main.rest, count: QUEUE_COUNT, rounds: QUEUE_ROUNDS, warmUp: WARM_UP, concurrencies: CONCURRENCIES, log });
		const byWorker = [...cluster.executionsRunBy().values()].reduce((acc, w) => ({ ...acc, [w]: (acc[w] ?? 0) + 1 }), {});
		return { rows, headersSent: watch.lines, byWorker, startS: (measuring - started) / 1000, measureS: (Date.now() - measuring) / 1000 };
	} finally {
		await cluster?.stop();
		await sandbox.stop();
	}
}

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

async function main() {
	const regular = await regularMode();
	let queue;
	try {
		queue = await queueMode();
	} catch (error) {
		// The regular rows stand on their own; the queue row says why it has no figures.
		log(`P14 queue mode failed: ${error instanceof Error ? error.stack : String(error)}`);
		queue = { failed: String(error?.message ?? error).split('\n')[0].slice(0, 200), rows: [], headersSent: [] };
	}
	const rows = [...regular.rows, ...queue.rows];
	if (queue.failed) rows.push({ client: 'queue mode', mode: 'queue', calls: 0, wrong: [`failed: ${queue.failed}`] });

	const at = (mode, key, concurrency) => rows.find((r) => r.mode === mode && r.key === key && r.concurrency === concurrency);
	const triggerRows = rows.filter((r) => r.key === 'trigger');
	const lost = rows.reduce((sum, r) => sum + (r.lost ?? 0), 0);
	const twice = rows.reduce((sum, r) => sum + (r['executed twice'] ?? 0), 0);
	const notRun = rows.reduce((sum, r) => sum + Math.max(0, (r.calls ?? 0) - (r.executions ?? 0) - (r.lost ?? 0)), 0);
	const headersSent = regular.headersSent.length + queue.headersSent.length;
	const ratiosMet = triggerRows.every((r) => r['÷ anchor (p50)'] <= RATIO_GOAL);
	const p95Met = triggerRows.every((r) => r['p95 ms'] < SHORTEST_TIMEOUT_MS);
	const pass = !queue.failed && ratiosMet && p95Met && lost === 0 && twice === 0 && notRun === 0 && headersSent === 0;
	const modeSummary = (mode) =>
		CONCURRENCIES.map((c) => {
			const t = at(mode, 'trigger', c);
			const a = at(mode, 'anchor', c);
			return t && a ? `c${c} p50 ${ms(t['p50 ms'])} = ${t['÷ anchor (p50)']}× (anchor ${ms(a['p50 ms'])}), p95 ${ms(t['p95 ms'])} (anchor ${ms(a['p95 ms'])})` : `c${c} no figures`;
		}).join('; ');
	const sizes = (count, rounds) => `${count} calls × ${rounds} round(s) per client and concurrency`;

	process.stdout.write(
		`BENCH_RESULT ${JSON.stringify({
			figure: 'P14',
			title: `a tool call's round trip in n8n ${regular.version ?? ''}: trigger v6 (Tool Called) vs Webhook + Respond to Webhook, ${sizes(COUNT, ROUNDS)}, concurrency ${CONCURRENCIES.join(' and ')}`,
			columns: ['mode', 'concurrency', 'calls', 'p50 ms', 'p95 ms', '÷ anchor (p50)', 'lost', 'executions', 'executed twice'],
			rows: rows.map(({ key, wrong, lostAfterMs, ...row }) => row),
			summary:
				`P14 ${pass ? 'PASS' : 'FAIL'}: a tool call through the trigger, regular ${modeSummary('regular')}; ` +
				`queue ${queue.failed ? `failed (${queue.failed})` : modeSummary('queue')} ` +
				`(goal ≤ ${RATIO_GOAL}× the anchor at p50, p95 < ${ms(SHORTEST_TIMEOUT_MS)}); ${lost} lost, ${twice} executed twice, ${notRun} answered but not in the list, ${headersSent} ERR_HTTP_HEADERS_SENT in n8n's output`,
			pass,
			notes: [
				`Expression engine ${process.env.N8N_EXPRESSION_ENGINE ?? 'default (vm)'}. Regular: one \`n8n start\` (SQLite) with both workflows active; started in ${regular.startS.toFixed(0)} s, measured in ${regular.measureS.toFixed(0)} s. Queue: main + ${QUEUE_WORKERS} workers (PostgreSQL, Redis; N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED ${process.env.N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED ?? 'default (0)'}), ${sizes(QUEUE_COUNT, QUEUE_ROUNDS)}${queue.failed ? '' : `; started in ${queue.startS.toFixed(0)} s, measured in ${queue.measureS.toFixed(0)} s; executions started per worker (their logs): ${JSON.stringify(queue.byWorker)}`}.`,
				`Each call a POST with {"order_number": "A-…"} (distinct) and, for the trigger, the X-Voice-Assistant-Secret the trigger registered with the sandbox's tool; answered right: 200 and exactly {"answer": "Order A-… ships tomorrow."}. Warm-up ${WARM_UP} calls per client and mode, not measured. The one node both run: Edit Fields.`,
				...rows
					.filter((r) => r.wrong?.length)
					.map((r) => `${r.client}, ${r.mode}${r.concurrency ? ` c${r.concurrency}` : ''}: ${r.lostAfterMs ? `${r.lost} lost, answered after ${r.lostAfterMs.map((v) => v.toLocaleString('en-US')).join('–')} ms: ` : ''}${r.wrong.join(' | ')}`),
				...[...regular.headersSent, ...queue.headersSent].slice(0, 3).map((line) => `n8n said: ${line}`),
			],
		})}\n`,
	);
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P14 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
