// Drives a real n8n (from the cache, see scripts/n8n-cache.mjs): a throw-away user folder with our
// package installed (packed.mjs) or linked in, the CLI (import, execute), and `n8n start` with its REST API.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureN8n } from '../n8n-cache.mjs';
import { seedMigratedDatabase } from './migratedDatabase.mjs';
import { installPacked } from './packed.mjs';
import { N8N_VERSION, PACKAGE_NAME, ROOT, node24Env } from './paths.mjs';
import { onCleanup, runProcess, startProcess, stopProcess } from './proc.mjs';
import { OWNER, restClient } from './n8nRest.mjs';
import { WAIT_MS, waitFor } from './wait.mjs';

// The one waiting helper (scripts/lib/wait.mjs), also for the test files that import it from here.
export { FILE_TIMEOUT_MS, WAIT_MS, sleep, waitFor } from './wait.mjs';
export { OWNER, restClient } from './n8nRest.mjs';

export const NODE_TYPE = `${PACKAGE_NAME}.voiceAssistant`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.voiceAssistantTrigger`;
export const CREDENTIAL_TYPE = 'voiceAssistantApi';

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

/** `preferred` when nothing listens there, else a free port. */
export function preferPort(preferred) {
	return new Promise((resolve) => {
		const server = createServer();
		server.unref();
		server.once('error', () => freePort().then(resolve));
		server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(preferred)));
	});
}

/** n8n ids are 16 alphanumeric characters. */
export function n8nId() {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Creates a throw-away N8N_USER_FOLDER with this package where n8n keeps installed community packages
 * (`.n8n/nodes/node_modules/<name>`), so its node types are `<name>.<node>`: installed from its packed
 * tarball as n8n installs it (packed.mjs; the default for the tests), or linked to the repository
 * (`E2E_INSTALL=link`, and the demo: a rebuild shows at the next start).
 */
export function createUserFolder({ linkPackage = true, install = process.env.E2E_INSTALL === 'link' ? 'link' : 'tarball', parent = tmpdir(), keep = false } = {}) {
	const dir = mkdtempSync(path.join(parent, 'n8n-e2e-'));
	const nodesDir = path.join(dir, '.n8n', 'nodes');
	mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });
	// The package.json n8n writes here when it installs community packages itself.
	writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: '*' } }, null, 2),
	);
	if (linkPackage && install === 'link') symlinkSync(ROOT, path.join(nodesDir, 'node_modules', PACKAGE_NAME), 'dir');
	else if (linkPackage) installPacked(nodesDir);
	const remove = () => {
		if (!keep) rmSync(dir, { recursive: true, force: true });
	};
	return { dir, remove };
}

/** The environment for every n8n process: its own folder, no telemetry, no banners, quiet logs. */
export function n8nEnv(userFolder, extra = {}, version = N8N_VERSION) {
	const env = node24Env({
		N8N_USER_FOLDER: userFolder,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_PYTHON_ENABLED: 'false',
		N8N_LOG_LEVEL: 'warn',
		N8N_LOG_OUTPUT: 'console',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		DB_TYPE: 'sqlite',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		// The MCP server registry is fetched from api.n8n.io at start; there is no internet here. (The
		// 1.x line has no such module, and refuses to start when told to disable an unknown one.)
		...(Number(version.split('.')[0]) >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		...extra,
	});
	// Hooks of the calling process (ts-node, test runner) must not leak into n8n.
	delete env.NODE_OPTIONS;
	delete env.NODE_TEST_CONTEXT;
	delete env.TS_NODE_PROJECT;
	return env;
}

/**
 * One n8n installation + one user folder. All CLI commands and the server share the folder
 * (database, encryption key), so credentials imported by the CLI are usable by the server.
 */
export async function createN8n({ log = () => {}, keepFolder = process.env.E2E_KEEP === '1', env: extraEnv = {} } = {}) {
	const install = await ensureN8n({ log: (line) => log(line) });
	const folder = createUserFolder({ keep: keepFolder });
	// A free broker port per instance: two n8n processes (e2e + demo) must not collide on 5679.
	const brokerPort = await freePort();
	const env = n8nEnv(folder.dir, { N8N_RUNNERS_BROKER_PORT: String(brokerPort), ...extraEnv }, install.version);
	const unregister = onCleanup(() => folder.remove());
	if (env.DB_TYPE === 'sqlite') await seedMigratedDatabase({ install, env, userDir: folder.dir, log });

	const ctx = {
		install,
		userFolder: folder.dir,
		env,
		server: null,

		/** Runs `n8n <args>`; resolves { code, stdout, stderr, ms }. */
		cli(args, { timeoutMs = WAIT_MS, env: more = {} } = {}) {
			return runProcess(install.node, [install.bin, ...args], { cwd: folder.dir, env: { ...env, ...more }, timeoutMs });
		},

		async cliOk(args, opts) {
			const res = await ctx.cli(args, opts);
			if (res.code !== 0) {
				throw new Error(`n8n ${args.join(' ')} failed (exit ${res.code}${res.timedOut ? ', timed out' : ''}):\n${tail(res.stdout + res.stderr)}`);
			}
			return res;
		},

		/** Imports credentials ({ id?, name, type, data }) with plain data; n8n encrypts them. */
		async importCredentials(credentials) {
			const list = credentials.map((c) => ({ id: c.id ?? n8nId(), name: c.name, type: c.type, data: c.data }));
			const file = path.join(folder.dir, `credentials-${n8nId()}.json`);
			writeFileSync(file, JSON.stringify(list, null, 2));
			await ctx.cliOk(['import:credentials', `--input=${file}`]);
			return list;
		},

		/** Imports workflows (each needs an id; one is given when missing). Returns them with ids. */
		async importWorkflows(workflows) {
			const list = workflows.map((w) => ({ ...w, id: w.id ?? n8nId() }));
			const file = path.join(folder.dir, `workflows-${n8nId()}.json`);
			writeFileSync(file, JSON.stringify(list, null, 2));
			await ctx.cliOk(['import:workflow', `--input=${file}`]);
			return list;
		},

		/**
		 * `n8n execute --id` and its result. n8n prints the whole run as JSON, both on success and
		 * (at info log level) on failure. Resolves { ok, code, run, output(nodeName), error, stdout, stderr }.
		 */
		async execute(workflowId, { timeoutMs = WAIT_MS } = {}) {
			const res = await ctx.cli(['execute', `--id=${workflowId}`], {
				timeoutMs,
				env: { N8N_LOG_LEVEL: 'info' },
			});
			const run = parseExecuteOutput(res.stdout);
			const error = run?.data?.resultData?.error ?? null;
			// Under load, n8n 2.41's execute process has been seen ending by a signal (exit code null) after it
			// printed the whole, successful run: the run is what the tests judge, so that counts, said aloud.
			const endedBySignalAfterRun = res.code === null && !res.timedOut && Boolean(run) && !error && run.finished !== false;
			if (endedBySignalAfterRun) console.log(`# n8n execute --id=${workflowId} ended by ${res.signal} after printing its complete run`);
			return {
				ok: (res.code === 0 || endedBySignalAfterRun) && Boolean(run) && !error,
				code: res.code,
				signal: res.signal,
				ms: res.ms,
				run,
				error,
				stdout: res.stdout,
				stderr: res.stderr,
				output: (nodeName, outputIndex = 0) => nodeOutput(run, nodeName, outputIndex),
				runData: () => run?.data?.resultData?.runData ?? {},
			};
		},

		/**
		 * Starts `n8n start` on a free port and waits until n8n says it is ready: /healthz/readiness
		 * answers OK (the database is up) and it has printed "Editor is now accessible". n8n 2.41 prints
		 * that before it has set up the active workflows: ask rest.waitForPublication / waitForWebhook.
		 * `webhookUrl`: the origin the platform is given (default: this process's own).
		 */
		async start({ port, timeoutMs = WAIT_MS, onLine, webhookUrl } = {}) {
			port ??= await freePort();
			const origin = `http://127.0.0.1:${port}`;
			const child = startProcess(install.node, [install.bin, 'start'], {
				cwd: folder.dir,
				env: {
					...env,
					N8N_PORT: String(port),
					N8N_LISTEN_ADDRESS: '127.0.0.1',
					N8N_HOST: '127.0.0.1',
					N8N_PROTOCOL: 'http',
					N8N_EDITOR_BASE_URL: `${origin}/`,
					// Webhook URLs the trigger registers with the platform must point here (or at the
					// address in front of the webhook processes, in queue mode: balancer.mjs).
					N8N_WEBHOOK_URL: `${webhookUrl ?? origin}/`,
					// n8n 1.x's name for it
					WEBHOOK_URL: `${webhookUrl ?? origin}/`,
					N8N_LOG_LEVEL: env.N8N_LOG_LEVEL === 'warn' ? 'info' : env.N8N_LOG_LEVEL,
				},
				onLine,
			});
			ctx.server = { child, port, origin };
			const started = Date.now();
			try {
				await waitFor(
					async () => {
						const res = await fetch(`${origin}/healthz/readiness`, { signal: AbortSignal.timeout(30_000) });
						const editor = child.output.includes('Editor is now accessible');
						return { readiness: res.status, editor };
					},
					{
						what: `n8n start on port ${port} to be ready (/healthz/readiness 200 and "Editor is now accessible")`,
						until: (s) => s?.readiness === 200 && s.editor,
						timeoutMs,
						failFast: () => exitedReason(child, 'n8n start'),
					},
				);
			} catch (error) {
				await stopProcess(child);
				ctx.server = null;
				throw new Error(`${error.message}\n--- n8n output (tail)\n${tail(child.output)}`);
			}
			ctx.server.readyMs = Date.now() - started;
			ctx.rest = restClient(origin, { flattedParse: loadFlatted(install.dir), serverExited: () => exitedReason(child, 'n8n start') });
			return ctx.server;
		},

		/**
		 * Waits until the running n8n serves a production webhook (`/webhook/<path>`) registered for
		 * `method`, without running its workflow: a request with another method is answered 404 "This
		 * webhook is not registered for GET requests. Did you mean to make a POST request?" once the
		 * path is registered, and 404 "The requested webhook ... is not registered" until then.
		 */
		async waitForWebhook(webhookPath, { method = 'POST', origin = ctx.server?.origin } = {}) {
			const probeMethod = method === 'GET' ? 'POST' : 'GET';
			const url = `${origin}/webhook/${webhookPath}`;
			return waitFor(
				async () => {
					const res = await fetch(url, { method: probeMethod, signal: AbortSignal.timeout(30_000) });
					return `${res.status} ${(await res.text()).slice(0, 300)}`;
				},
				{
					what: `n8n to have registered the production webhook ${method} /webhook/${webhookPath} (asked with ${probeMethod})`,
					until: (answer) => answer?.includes(`Did you mean to make a ${method} request`),
					failFast: () => ctx.server && exitedReason(ctx.server.child, 'n8n start'),
				},
			);
		},

		async stopServer() {
			if (ctx.server) await stopProcess(ctx.server.child);
			ctx.server = null;
		},

		/** Stops the server (if any) and removes the user folder. */
		async dispose() {
			await ctx.stopServer();
			unregister();
			folder.remove();
		},
	};
	return ctx;
}

/** n8n's own `flatted` (the format of stored execution data), from the n8n install. */
function loadFlatted(installDir) {
	const requireFromN8n = createRequire(path.join(installDir, 'node_modules', 'n8n', 'package.json'));
	return requireFromN8n('flatted').parse;
}

/** Everything between the first line that is `{` and the last line that is `}`. */
export function parseExecuteOutput(stdout) {
	const lines = stdout.split('\n');
	const first = lines.findIndex((l) => l === '{');
	const last = lines.findLastIndex((l) => l === '}');
	if (first < 0 || last < first) return null;
	try {
		return JSON.parse(lines.slice(first, last + 1).join('\n'));
	} catch {
		return null;
	}
}

/** The items (their `json`) a node produced on its last run, at one output. */
export function nodeOutput(run, nodeName, outputIndex = 0) {
	const runs = run?.data?.resultData?.runData?.[nodeName];
	if (!runs?.length) return undefined;
	const last = runs[runs.length - 1];
	if (last.error) return { error: last.error };
	return (last.data?.main?.[outputIndex] ?? []).map((item) => item.json);
}

/** Why a started process can no longer answer (it exited), or undefined while it runs. */
export function exitedReason(child, name) {
	if (child.exitCode === null && child.signalCode === null) return undefined;
	return `${name} exited (${child.exitCode ?? child.signalCode}):\n${tail(child.output, 30)}`;
}

export function tail(text, lines = 60) {
	return String(text ?? '').split('\n').slice(-lines).join('\n');
}

/** Points every node that uses `credentialType` at the given credential. */
export function useCredential(workflow, credential, credentialType = CREDENTIAL_TYPE) {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.credentials?.[credentialType] || node.type.startsWith(`${PACKAGE_NAME}.`)
				? { ...node, credentials: { ...node.credentials, [credentialType]: { id: credential.id, name: credential.name } } }
				: node,
		),
	};
}
