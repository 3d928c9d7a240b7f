// A throw-away Redis for n8n's queue mode: Debian's redis-server (installed when missing), on a free
// port, no persistence, its own folder; stopped (and the folder removed) by stop() or on exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureDebianPackage } from './apt.mjs';
import { exitedReason, freePort, tail } from './n8n.mjs';
import { onCleanup, runProcess, startProcess, stopProcess } from './proc.mjs';
import { waitFor } from './wait.mjs';

export const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';
const REDIS_CLI = path.join(path.dirname(REDIS_SERVER), 'redis-cli');

/** `extraArgs`: more server arguments (a test forces a failed start with an option redis refuses). */
export async function startRedis({ log = () => {}, extraArgs = [] } = {}) {
	ensureDebianPackage('redis-server', REDIS_SERVER, { log });
	const dir = mkdtempSync(path.join(tmpdir(), 'e2e-redis-'));
	const remove = () => rmSync(dir, { recursive: true, force: true });
	const unregister = onCleanup(remove);
	const port = await freePort();
	// In the foreground, in its own process group: proc.mjs stops it with everything else.
	const child = startProcess(REDIS_SERVER, [
		'--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'no', ...extraArgs,
	]);
	const started = Date.now();
	try {
		await waitFor(() => runProcess(REDIS_CLI, ['-p', String(port), 'ping'], { timeoutMs: 30_000 }), {
			what: `redis-server on port ${port} to answer PING`,
			until: (ping) => ping?.stdout.trim() === 'PONG',
			seen: (ping) => JSON.stringify((ping?.stdout + ping?.stderr).trim()),
			failFast: () => exitedReason(child, 'redis-server'),
		});
	} catch (error) {
		await stopProcess(child);
		throw new Error(`${error.message}\n${tail(child.output)}`);
	}
	log(`[redis] listening on 127.0.0.1:${port} (${Date.now() - started} ms)`);
	return {
		host: '127.0.0.1',
		port,
		async stop() {
			await stopProcess(child, { graceMs: 5000 });
			unregister();
			remove();
		},
	};
}
