// A throw-away PostgreSQL for n8n's queue mode: Debian's server (installed when missing), a fresh
// cluster in its own folder on a free port, trust authentication for the user `n8n`, database `n8n`.
// Runs in the foreground in its own process group, so proc.mjs stops it with everything else.
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureDebianPackage } from './apt.mjs';
import { systemBinary } from './binaries.mjs';
import { exitedReason, freePort, tail } from './n8n.mjs';
import { onCleanup, runProcess, startProcess, stopProcess } from './proc.mjs';
import { WAIT_MS, waitFor } from './wait.mjs';

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, installing Debian's `postgresql` when there is none. */
export function postgresBin({ log = console.log } = {}) {
	const find = () => {
		if (!existsSync(PG_ROOT)) return undefined;
		const versions = readdirSync(PG_ROOT)
			.filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'postgres')))
			.sort((a, b) => Number(b) - Number(a));
		return versions.length ? path.join(PG_ROOT, versions[0], 'bin') : undefined;
	};
	const found = find();
	if (found) return found;
	// The metapackage pulls the distribution's current server; `pg_ctlcluster` is not used.
	ensureDebianPackage('postgresql', '/usr/bin/psql', { log });
	const installed = find();
	if (!installed) throw new Error(`apt-get installed postgresql but no server is under ${PG_ROOT}`);
	return installed;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, the server must run as an unprivileged user: Debian's package creates `postgres`. */
function asServerUser(cmd, args) {
	return isRoot() ? [systemBinary('runuser'), ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

/** `extraArgs`: more server arguments (a test forces a failed start with a setting postgres refuses). */
export async function startPostgres({ log = () => {}, extraArgs = [] } = {}) {
	const bin = postgresBin({ log });
	const dir = mkdtempSync(path.join(tmpdir(), 'e2e-postgres-'));
	const remove = () => rmSync(dir, { recursive: true, force: true });
	const unregister = onCleanup(remove);
	if (isRoot()) {
		const uid = Number(spawnSync(systemBinary('id'), ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
		const gid = Number(spawnSync(systemBinary('id'), ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
		chownSync(dir, uid, gid);
	}
	const data = path.join(dir, 'data');
	const started = Date.now();
	const init = await runProcess(...asServerUser(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'n8n', '-E', 'UTF8', '--no-sync']), {
		timeoutMs: WAIT_MS,
	});
	if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}):\n${tail(init.stdout + init.stderr)}`);
	const port = await freePort();
	const child = startProcess(
		...asServerUser(path.join(bin, 'postgres'), [
			'-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
			// A test database: speed over durability.
			'-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
			...extraArgs,
		]),
	);
	const psql = (sql) =>
		runProcess(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
			timeoutMs: WAIT_MS,
		});
	try {
		await waitFor(() => runProcess(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { timeoutMs: 30_000 }), {
			what: `postgres on port ${port} to accept connections (pg_isready exit 0)`,
			until: (ready) => ready?.code === 0,
			seen: (ready) => `pg_isready exit ${ready?.code}: ${(ready?.stdout ?? '').trim()}`,
			failFast: () => exitedReason(child, 'postgres'),
		});
	} catch (error) {
		await stopProcess(child);
		throw new Error(`${error.message}\n${tail(child.output)}`);
	}
	const created = await psql('create database n8n');
	if (created.code !== 0) throw new Error(`create database failed:\n${created.stderr}`);
	log(`[postgres] ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (${Date.now() - started} ms)`);
	return {
		host: '127.0.0.1',
		port,
		database: 'n8n',
		user: 'n8n',
		/** What the server printed (its log). */
		output: () => child.output,
		/** Runs SQL against the n8n database; resolves psql's output (unaligned, tuples only). */
		async query(sql) {
			const res = await runProcess(
				path.join(bin, 'psql'),
				['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', '-d', 'n8n', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql],
				{ timeoutMs: WAIT_MS },
			);
			if (res.code !== 0) throw new Error(`psql failed: ${res.stderr}`);
			return res.stdout.trim();
		},
		async stop() {
			// SIGTERM to the group; backends and the postmaster end. Then the folder goes.
			await stopProcess(child, { graceMs: 10000 });
			unregister();
			remove();
		},
	};
}
