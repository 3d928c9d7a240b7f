// n8n in queue mode: PostgreSQL + Redis (throw-away, see postgres.mjs / redis.mjs), one main
// instance (`n8n start`: editor, REST API, webhooks, triggers) and workers (`n8n worker`) that run
// the executions. Every process has its own user folder with this package linked in, its own ports,
// and the same database, Redis and encryption key.
import { randomBytes } from 'node:crypto';

import { createN8n, exitedReason, freePort, tail } from './n8n.mjs';
import { startPostgres } from './postgres.mjs';
import { startProcess, stopProcess } from './proc.mjs';
import { startRedis } from './redis.mjs';
import { waitFor } from './wait.mjs';

/** Worker lines n8n 2.41 prints at log level info. */
const WORKER_READY = /n8n worker is now ready/i;
const WORKER_STARTED = /Worker started execution (\d+)/g;

/**
 * Starts PostgreSQL and Redis, prepares main and `workers` worker folders, and calls `prepare(main)`
 * (import credentials and workflows with the CLI: they land in the shared database) before any n8n
 * process starts. `keepLastCompleted`: n8n's N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED (default '1000'; null: n8n's own).
 * Returns { main, workers, postgres, redis, executionsRunBy(), stop() }.
 */
export async function startQueueCluster({ workers: workerCount = 2, concurrency = 5, keepLastCompleted = '1000', prepare = async () => {}, log = () => {}, onLine } = {}) {
	const started = Date.now();
	const parts = { nodes: [], workerProcs: [] };
	const stop = async () => {
		await Promise.all(parts.workerProcs.map((w) => stopProcess(w.child)));
		await Promise.all(parts.nodes.map((n) => n.dispose().catch(() => {})));
		await Promise.all([parts.postgres?.stop(), parts.redis?.stop()].map((p) => p?.catch(() => {})));
	};
	try {
		// Each part is kept as soon as it runs, so a part that fails to start leaves none behind: the
		// other is stopped with everything else below, instead of living on while the test waits.
		const servers = await Promise.allSettled([startPostgres({ log }).then((pg) => (parts.postgres = pg)), startRedis({ log }).then((redis) => (parts.redis = redis))]);
		const failed = servers.find((server) => server.status === 'rejected');
		if (failed) throw failed.reason;
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
		};
		const main = await createN8n({ log, env: shared });
		parts.nodes.push(main);
		// The first CLI command creates the schema; importing goes through main's folder.
		await prepare(main);
		const workerNodes = [];
		for (let i = 0; i < workerCount; i++) {
			const node = await createN8n({ log, env: shared });
			parts.nodes.push(node);
			workerNodes.push(node);
		}
		const workerStarts = workerNodes.map(async (node, index) => {
			const healthPort = await freePort();
			const child = startProcess(node.install.node, [node.install.bin, 'worker', `--concurrency=${concurrency}`], {
				cwd: node.userFolder,
				env: {
					...node.env,
					N8N_LOG_LEVEL: 'info',
					QUEUE_HEALTH_CHECK_PORT: String(healthPort),
					N8N_WORKER_SERVER_PORT: String(healthPort),
				},
				onLine: onLine && ((line) => onLine(`[worker ${index + 1}] ${line}`)),
			});
			const worker = { index: index + 1, child, node };
			parts.workerProcs.push(worker);
			await waitForLine(child, WORKER_READY, `worker ${index + 1}`);
			return worker;
		});
		const [workerList] = await Promise.all([
			Promise.all(workerStarts),
			main.start({ onLine: onLine && ((line) => onLine(`[main] ${line}`)) }),
		]);
		log(`[queue] main + ${workerCount} workers ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
		return {
			main,
			workers: workerList,
			postgres: parts.postgres,
			redis: parts.redis,
			/** execution id → worker number, from the workers' "Worker started execution N" lines. */
			executionsRunBy() {
				const map = new Map();
				for (const worker of workerList) {
					for (const match of worker.child.output.matchAll(WORKER_STARTED)) map.set(match[1], worker.index);
				}
				return map;
			},
			/** What the main instance and the workers printed (for failure messages). */
			output() {
				return [`--- main\n${tail(main.server?.child.output)}`, ...workerList.map((w) => `--- worker ${w.index}\n${tail(w.child.output)}`)].join('\n');
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Waits until a process has printed a line matching `pattern` (how an n8n worker says it is ready). */
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
