// n8n in queue mode: PostgreSQL + Redis (throw-away, see postgres.mjs / redis.mjs), one main
// instance (`n8n start`: editor, REST API, triggers; webhooks too unless webhook processes take them),
// workers (`n8n worker`) that run the executions, and optionally `n8n webhook` processes behind one
// address (balancer.mjs), n8n's way to scale webhooks. Every process has its own user folder with this
// package linked in, its own ports, and the same database, Redis and encryption key.
import { randomBytes } from 'node:crypto';

import { startBalancer } from './balancer.mjs';
import { createN8n, exitedReason, freePort, tail } from './n8n.mjs';
import { startPostgres } from './postgres.mjs';
import { startProcess, stopProcess } from './proc.mjs';
import { startRedis } from './redis.mjs';
import { waitFor } from './wait.mjs';

/** Lines n8n 2.41 prints at log level info. */
const WORKER_READY = /n8n worker is now ready/i;
const WORKER_STARTED = /Worker started execution (\d+)/g;
const WEBHOOK_READY = /Webhook listener waiting for requests/i;

/**
 * Starts PostgreSQL and Redis, prepares main, `workers` worker folders and `webhookProcesses` webhook
 * process folders, and calls `prepare(main)` (import credentials and workflows with the CLI: they land
 * in the shared database) before any n8n process starts. `keepLastCompleted`: n8n's
 * N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED (default '1000'; null: n8n's own). `serverArgs`: extra
 * arguments for `postgres` or `redis`, `workerEnv`: more environment for the workers (tests force a
 * failed start with them).
 * Returns { main, workers, webhooks, webhookOrigin, postgres, redis, executionsRunBy(), restart(), stop() }.
 */
export async function startQueueCluster({
	workers: workerCount = 2,
	webhookProcesses = 0,
	concurrency = 5,
	keepLastCompleted = '1000',
	serverArgs = {},
	workerEnv = {},
	prepare = async () => {},
	log = () => {},
	onLine,
} = {}) {
	const started = Date.now();
	const parts = { nodes: [], workerProcs: [], webhookProcs: [] };
	const stopN8n = async () => {
		await Promise.all([...parts.workerProcs, ...parts.webhookProcs].map((p) => stopProcess(p.child)));
		await Promise.all(parts.nodes.map((n) => n.stopServer().catch(() => {})));
	};
	const stop = async () => {
		await stopN8n();
		await Promise.all(parts.nodes.map((n) => n.dispose().catch(() => {})));
		await Promise.all([parts.postgres?.stop(), parts.redis?.stop(), parts.balancer?.stop()].map((p) => p?.catch(() => {})));
	};
	try {
		// Each part is kept as soon as it runs, so a part that fails to start leaves none behind: the
		// other is stopped with everything else below, instead of living on while the test waits.
		const servers = await Promise.allSettled([
			startPostgres({ log, extraArgs: serverArgs.postgres }).then((pg) => (parts.postgres = pg)),
			startRedis({ log, extraArgs: serverArgs.redis }).then((redis) => (parts.redis = redis)),
		]);
		const failed = servers.find((server) => server.status === 'rejected');
		if (failed) throw failed.reason;
		if (webhookProcesses > 0) parts.balancer = await startBalancer();
		const shared = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: parts.postgres.host,
			DB_POSTGRESDB_PORT: String(parts.postgres.port),
			DB_POSTGRESDB_DATABASE: parts.postgres.database,
			DB_POSTGRESDB_USER: parts.postgres.user,
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: parts.redis.host,
			QUEUE_BULL_REDIS_PORT: String(parts.redis.port),
			N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
			// n8n's default 0 drops a finished job before main may have asked for it, and then main never
			// answers a "When Last Node Finishes" webhook (bench P14, docs/tool-calls.md): 1000 as our docs
			// advise, unless the caller measures n8n's default (keepLastCompleted: null).
			...(keepLastCompleted === null ? {} : { N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: String(keepLastCompleted) }),
			// With webhook processes, production webhooks are theirs alone (n8n's queue-mode advice).
			...(webhookProcesses > 0 ? { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' } : {}),
		};
		const main = await createN8n({ log, env: shared });
		parts.nodes.push(main);
		// The first CLI command creates the schema; importing goes through main's folder.
		await prepare(main);
		const folders = async (count) => {
			const nodes = [];
			for (let i = 0; i < count; i++) nodes.push(await createN8n({ log, env: shared }));
			parts.nodes.push(...nodes);
			return nodes;
		};
		const workerNodes = await folders(workerCount);
		const webhookNodes = await folders(webhookProcesses);
		const webhookPorts = await Promise.all(webhookNodes.map(() => freePort()));
		const mainPort = await freePort();
		const label = (what) => onLine && ((line) => onLine(`[${what}] ${line}`));

		const startAll = async () => {
			parts.workerProcs = [];
			parts.webhookProcs = [];
			const workerStarts = workerNodes.map(async (node, index) => {
				const healthPort = await freePort();
				const worker = { index: index + 1, node };
				worker.child = startProcess(node.install.node, [node.install.bin, 'worker', `--concurrency=${concurrency}`], {
					cwd: node.userFolder,
					env: { ...node.env, N8N_LOG_LEVEL: 'info', QUEUE_HEALTH_CHECK_PORT: String(healthPort), N8N_WORKER_SERVER_PORT: String(healthPort), ...workerEnv },
					onLine: label(`worker ${index + 1}`),
				});
				parts.workerProcs.push(worker);
				await waitForLine(worker.child, WORKER_READY, `worker ${index + 1}`);
				return worker;
			});
			const webhookStarts = webhookNodes.map(async (node, index) => {
				const port = webhookPorts[index];
				const hook = { index: index + 1, node, port, origin: `http://127.0.0.1:${port}` };
				hook.child = startProcess(node.install.node, [node.install.bin, 'webhook'], {
					cwd: node.userFolder,
					env: { ...node.env, N8N_LOG_LEVEL: 'info', N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_WEBHOOK_URL: `${parts.balancer.origin}/`, WEBHOOK_URL: `${parts.balancer.origin}/` },
					onLine: label(`webhook ${index + 1}`),
				});
				parts.webhookProcs.push(hook);
				await waitForLine(hook.child, WEBHOOK_READY, `webhook process ${index + 1}`);
				return hook;
			});
			const [workerList, webhookList] = await Promise.all([
				Promise.all(workerStarts),
				Promise.all(webhookStarts),
				main.start({ port: mainPort, webhookUrl: parts.balancer?.origin, onLine: label('main') }),
			]);
			parts.balancer?.setTargets(webhookList.map((hook) => hook.origin));
			return { workerList, webhookList };
		};
		let { workerList, webhookList } = await startAll();
		log(`[queue] main + ${workerCount} workers${webhookProcesses ? ` + ${webhookProcesses} webhook processes` : ''} ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
		const cluster = {
			main,
			workers: workerList,
			/** the webhook processes: { index, port, origin, child } (their origins stay the same over a restart) */
			webhooks: webhookList,
			/** the one address in front of the webhook processes (what the platform is given), if any */
			webhookOrigin: parts.balancer?.origin,
			postgres: parts.postgres,
			redis: parts.redis,
			/** execution id → worker number, from the workers' "Worker started execution N" lines. */
			executionsRunBy() {
				const map = new Map();
				for (const worker of cluster.workers) {
					for (const match of worker.child.output.matchAll(WORKER_STARTED)) map.set(match[1], worker.index);
				}
				return map;
			},
			/** Stops every n8n process and starts them again on the same ports, database and Redis. */
			async restart() {
				await stopN8n();
				({ workerList, webhookList } = await startAll());
				Object.assign(cluster, { workers: workerList, webhooks: webhookList });
			},
			/** What the n8n processes printed (for failure messages). */
			output() {
				return [
					`--- main\n${tail(main.server?.child.output)}`,
					...cluster.workers.map((w) => `--- worker ${w.index}\n${tail(w.child.output)}`),
					...cluster.webhooks.map((w) => `--- webhook ${w.index}\n${tail(w.child.output)}`),
				].join('\n');
			},
			stop,
		};
		return cluster;
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Waits until a process has printed a line matching `pattern` (how an n8n worker or webhook process says it is ready). */
async function waitForLine(child, pattern, what) {
	try {
		await waitFor(() => pattern.test(child.output), {
			what: `${what} to print ${pattern}`,
			seen: () => `its last lines: ${JSON.stringify(tail(child.output, 5))}`,
			failFast: () => exitedReason(child, what),
		});
	} catch (error) {
		throw new Error(`${error.message}\n${tail(child.output)}`);
	}
}
