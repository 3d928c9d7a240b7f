#!/usr/bin/env node
// `npm run demo`: the package in a real n8n against the platform sandbox, ready to click through.
//
// Builds the package, starts the sandbox with human-paced calls (a call state every 3 s), installs
// n8n into the cache if needed (first time about 5 minutes), starts n8n with this package, a
// credential for the sandbox (classic) and one for its Platform 2.0 mode (an API key, the origin and
// a webhook signing secret), the example workflows (classic and 2.0: examples/platform2-*.json use the
// 2.0 credential), points the sandbox's 2.0 workspace webhook at the 2.0 routing example, creates the
// owner account and prints the editor URL and login. Ctrl-C stops everything and removes the
// temporary n8n folder.
//
//   DEMO_PORT=5678          n8n port (default 5678, or a free one if taken)
//   DEMO_SANDBOX_PORT=4010  sandbox port (default 4010, or a free one)
//   DEMO_STEP_MS=3000       time between simulated call states
//   DEMO_SKIP_BUILD=1       use dist/ as it is
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { ensureN8n } from './n8n-cache.mjs';
import { OWNER, preferPort } from './lib/n8n.mjs';
import { ROOT, node24Env } from './lib/paths.mjs';
import { cleanupAll, onCleanup } from './lib/proc.mjs';
import { formatSeconds } from './lib/progress.mjs';
import { loadSandboxModule } from './lib/sandbox.mjs';
import { EXAMPLE_CREDENTIAL, readWorkflows, startStack } from './lib/stack.mjs';

/** The Platform 2.0 credential beside the classic one: workspace A's full user key at the sandbox origin (examples/platform2-*.json use it). */
const PLATFORM2_CREDENTIAL = { id: 'vaSandboxP2A0001', name: 'Famulor Platform 2.0 (sandbox)', type: 'voiceAssistantPlatform2Api' };
/** The signing secret the sandbox's "dashboard" shows for the workspace webhook, put into the credential as a person would. */
const DEMO_SIGNING_SECRET = 'whsec_demo_sandbox_signing_secret';
/** examples/platform2-route-finished-calls.json: its trigger's webhook, the sandbox's workspace webhook endpoint. */
const ROUTE_EXAMPLE = 'vaExP2RouteCall1';

/** Whether the built package defines the 2.0 credential type (n8n cannot open a credential of an unknown type). */
function hasPlatform2Credential() {
	const require = createRequire(import.meta.url);
	const files = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).n8n?.credentials ?? [];
	return files.some((file) => {
		const built = path.join(ROOT, file);
		if (!existsSync(built)) return false;
		return Object.values(require(built)).some((Type) => typeof Type === 'function' && new Type().name === PLATFORM2_CREDENTIAL.type);
	});
}

const started = Date.now();
const log = (line) => console.log(line);

function build() {
	if (process.env.DEMO_SKIP_BUILD === '1') return;
	log('[demo] building the package (npm run build) ...');
	const t = Date.now();
	// The build's own output (spinners) only matters when it fails.
	const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', env: node24Env() });
	if (res.status !== 0) {
		process.stderr.write(`${res.stdout}\n${res.stderr}\n`);
		throw new Error('npm run build failed');
	}
	log(`[demo] built in ${formatSeconds(Date.now() - t)}`);
}

/** Prints what happens on the platform: API requests from n8n, and calls changing state. */
function watchSandbox(sandbox) {
	let last = sandbox.requests.at(-1);
	const stateOf = (call) =>
		`${call.status}${call.webhook_response ? ` (post-call webhook → ${call.webhook_response.status ?? 'no answer'})` : ''}`;
	const states = new Map(sandbox.store.calls.map((c) => [c.id, stateOf(c)]));
	const timer = setInterval(() => {
		// The log is capped (old entries dropped), so find the last one printed rather than count.
		const from = last ? sandbox.requests.lastIndexOf(last) + 1 : 0;
		for (const r of sandbox.requests.slice(from)) log(`  platform  ${r.method} ${r.path} → ${r.status}`);
		last = sandbox.requests.at(-1) ?? last;
		for (const call of sandbox.store.calls) {
			const state = stateOf(call);
			if (states.get(call.id) === state) continue;
			states.set(call.id, state);
			log(`  call ${call.id}  ${call.client_phone_number}  ${state}`);
		}
	}, 500);
	timer.unref();
	return () => clearInterval(timer);
}

async function main() {
	build();
	await ensureN8n({ log });

	const { DOCUMENTED_LIMITS } = loadSandboxModule();
	const stepMs = Number(process.env.DEMO_STEP_MS ?? 3000);
	const sandboxPort = await preferPort(Number(process.env.DEMO_SANDBOX_PORT ?? 4010));
	const port = await preferPort(Number(process.env.DEMO_PORT ?? 5678));
	const platform2 = hasPlatform2Credential();
	log(`[demo] starting the sandbox and n8n (about 30 s) ...`);
	const stack = await startStack({
		stepMs,
		sandbox: { port: sandboxPort, rateLimit: { ...DOCUMENTED_LIMITS } },
		workflows: readWorkflows(),
		server: true,
		port,
		log,
		extraCredentials: (sb) =>
			platform2 ? [{ ...PLATFORM2_CREDENTIAL, data: { apiKey: sb.platform2.keys.full, origin: sb.origin, webhookSigningSecret: DEMO_SIGNING_SECRET } }] : [],
	});
	onCleanup(() => stack.stop());
	const { sandbox, n8n } = stack;
	const origin = n8n.server.origin;
	const routeUrl = platform2 ? workspaceWebhookUrl(stack.workflows, origin) : undefined;
	if (routeUrl) await configureWorkspaceWebhook(sandbox, routeUrl);

	n8n.server.child.exited.then(({ code, signal }) => {
		if (stopping) return;
		console.error(`[demo] n8n stopped unexpectedly (${signal ?? code}). Its last output:\n${n8n.server.child.output.split('\n').slice(-30).join('\n')}`);
		cleanupAll().finally(() => process.exit(1));
	});

	const lines = [
		'',
		`n8n ${n8n.install.version} with n8n-nodes-voice-assistant is running (ready in ${formatSeconds(Date.now() - started)}).`,
		'',
		`  Editor:    ${origin}`,
		`  Login:     ${OWNER.email} / ${OWNER.password}`,
		'',
		`  Platform sandbox (what the nodes talk to): ${sandbox.baseUrl}`,
		`  Credential "${EXAMPLE_CREDENTIAL.name}": token ${sandbox.tokens.alice} (user Alice)`,
		platform2
			? `  Credential "${PLATFORM2_CREDENTIAL.name}": key ${sandbox.platform2.keys.full} (workspace A), origin ${sandbox.origin}`
			: `  Platform 2.0: ${sandbox.origin}/api/v1, key ${sandbox.platform2.keys.full} (no credential: the package has no ${PLATFORM2_CREDENTIAL.type} yet)`,
		`  Simulated calls move one state every ${stepMs / 1000} s; rate limit ${DOCUMENTED_LIMITS.perMinute}/min.`,
		'',
		'  Example workflows:',
		// "Voice Assistant: …" → "…", "Voice Assistant 2.0: …" → "2.0: …"
		...stack.workflows.map((w) => `    ${w.name.replace(/^Voice Assistant( 2\.0)?: /, (_, p2) => (p2 ? '2.0: ' : '')).padEnd(62)} ${origin}/workflow/${w.id}`),
		'',
		'  Try: open "call a number and SMS a follow-up" and click Execute workflow; publish',
		'  "when a call ends, ..." and watch its executions as calls finish.',
		...(routeUrl
			? [
					'  Platform 2.0: execute "bulk leads from a sheet ..." and "call and wait ..." (each item says what became of it);',
					'  publish "signed workspace webhook ..." (the sandbox sends it call.completed, signed, at',
					`  ${routeUrl}), then: curl -X POST ${sandbox.origin}/sandbox/platform2/deliver -H 'content-type: application/json' -d '{"event":"call.completed"}'`,
					'  publish "opt-outs from your CRM ..." and POST {"phone": "+4915112345678"} to its webhook.',
				]
			: []),
		'',
		'Press Ctrl-C to stop (the demo n8n folder is temporary).',
		'',
	];
	log(lines.join('\n'));
	watchSandbox(sandbox);
}

/** The Production URL of the 2.0 routing example's trigger, as a person copies it into the dashboard. */
function workspaceWebhookUrl(workflows, origin) {
	const trigger = workflows.find((w) => w.id === ROUTE_EXAMPLE)?.nodes.find((node) => node.webhookId);
	return trigger ? `${origin}/webhook/${trigger.webhookId}/webhook` : undefined;
}

/** The sandbox's dashboard step (Settings → Webhooks): the endpoint and the secret the credential holds. */
async function configureWorkspaceWebhook(sandbox, url) {
	const res = await fetch(`${sandbox.origin}/sandbox/platform2/webhooks`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ url, secret: DEMO_SIGNING_SECRET, events: ['call.completed'] }),
		signal: AbortSignal.timeout(10_000),
	});
	if (!res.ok) throw new Error(`the sandbox's workspace webhook could not be set (${res.status}: ${await res.text()})`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.prependListener(signal, () => {
	if (!stopping) log('\n[demo] stopping n8n and the sandbox ...');
	stopping = true;
});

main().catch(async (error) => {
	console.error(`[demo] ${error.stack ?? error.message}`);
	await cleanupAll();
	process.exit(1);
});
