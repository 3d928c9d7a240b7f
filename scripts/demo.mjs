#!/usr/bin/env node
// `npm run demo`: the package in a real n8n against the platform sandbox, ready to click through.
//
// Builds the package, starts the sandbox with human-paced calls (a call state every 3 s), installs
// n8n into the cache if needed (first time about 5 minutes), starts n8n with this package, a
// credential for the sandbox and the example workflows, creates the owner account and prints the
// editor URL and login. Ctrl-C stops everything and removes the temporary n8n folder.
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

/** The Platform 2.0 credential beside the classic one: workspace A's full user key at the sandbox origin. */
const PLATFORM2_CREDENTIAL = { id: 'vaSandboxP2A0001', name: 'Famulor Platform 2.0 (sandbox)', type: 'voiceAssistantPlatform2Api' };

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
			platform2 ? [{ ...PLATFORM2_CREDENTIAL, data: { apiKey: sb.platform2.keys.full, origin: sb.origin } }] : [],
	});
	onCleanup(() => stack.stop());
	const { sandbox, n8n } = stack;
	const origin = n8n.server.origin;

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
		...stack.workflows.map((w) => `    ${w.name.replace(/^Voice Assistant: /, '').padEnd(62)} ${origin}/workflow/${w.id}`),
		'',
		'  Try: open "call a number and SMS a follow-up" and click Execute workflow; publish',
		'  "when a call ends, ..." and watch its executions as calls finish.',
		'',
		'Press Ctrl-C to stop (the demo n8n folder is temporary).',
		'',
	];
	log(lines.join('\n'));
	watchSandbox(sandbox);
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
