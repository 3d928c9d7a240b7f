// The queue-mode harness (scripts/lib/queue.mjs) when a part cannot start: PostgreSQL refusing a
// setting, Redis refusing an option, a worker that cannot reach Redis. Each start fails within a
// minute with a message that names the part, and leaves no process of its own running (the parts
// that did start, main included, are stopped at once).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { FILE_TIMEOUT_MS, waitFor } from '../../scripts/lib/n8n.mjs';
import { runningSince, startedCount } from '../../scripts/lib/proc.mjs';
import { startQueueCluster } from '../../scripts/lib/queue.mjs';

const MINUTE = 60_000;

async function failedStart(options) {
	const mark = startedCount();
	const started = Date.now();
	const error = await startQueueCluster({ workers: 1, log: (l) => console.log(`# ${l}`), ...options }).then(
		async (cluster) => {
			await cluster.stop();
			return undefined;
		},
		(reason) => reason,
	);
	const ms = Date.now() - started;
	assert.ok(error instanceof Error, 'the cluster must not start');
	console.log(`# failed after ${(ms / 1000).toFixed(1)} s: ${error.message.split('\n')[0]}`);
	// a killed group's last processes may take a moment to be reaped by the system
	const running = await waitFor(() => runningSince(mark), { what: 'every process the failed start began to end', until: (left) => left.length === 0, timeoutMs: 15_000 }).catch(() => runningSince(mark));
	return { error, ms, running };
}

describe('queue-mode harness: a part that fails to start', { timeout: FILE_TIMEOUT_MS }, () => {
	test('PostgreSQL refusing a setting: fails at once, naming postgres; Redis already running is stopped', async () => {
		const { error, ms, running } = await failedStart({ serverArgs: { postgres: ['-c', 'no_such_setting=1'] } });
		assert.match(error.message, /postgres/i);
		assert.ok(ms < MINUTE, `took ${ms} ms`);
		assert.deepEqual(running.map((child) => child.spawnargs.join(' ')), []);
	});

	test('Redis refusing an option: fails at once, naming redis-server; PostgreSQL already running is stopped', async () => {
		const { error, ms, running } = await failedStart({ serverArgs: { redis: ['--no-such-option', 'yes'] } });
		assert.match(error.message, /redis/i);
		assert.ok(ms < MINUTE, `took ${ms} ms`);
		assert.deepEqual(running.map((child) => child.spawnargs.join(' ')), []);
	});

	test('a worker that cannot reach Redis: fails when it exits, naming the worker; main, PostgreSQL and Redis are stopped', async () => {
		// port 9 (discard) is closed here: n8n gives up on Redis after 10 s and exits
		const { error, ms, running } = await failedStart({ workerEnv: { QUEUE_BULL_REDIS_PORT: '9' } });
		assert.match(error.message, /worker 1/);
		assert.match(error.message, /Redis/);
		assert.ok(ms < MINUTE, `took ${ms} ms`);
		assert.deepEqual(running.map((child) => child.spawnargs.join(' ')), []);
	});
});
