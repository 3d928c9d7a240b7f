// Installs a Debian package when a program it provides is missing (CI runs as root on Debian).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

import { systemBinary } from './binaries.mjs';

/** dpkg, which apt-get runs, wants the sbin folders on PATH (ldconfig, start-stop-daemon). */
const SBIN_PATH = [process.env.PATH, '/usr/local/sbin', '/usr/sbin', '/sbin'].filter(Boolean).join(':');

function run(cmd, args) {
	const res = spawnSync(systemBinary(cmd), args, { stdio: 'inherit', env: { ...process.env, PATH: SBIN_PATH, DEBIAN_FRONTEND: 'noninteractive' } });
	if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status})`);
}

let updated = false;

/**
 * Returns `program` (an absolute path) once it exists, installing Debian's `pkg` with apt-get first
 * when it does not. Uses `sudo -n` when not root.
 */
export function ensureDebianPackage(pkg, program, { log = console.log } = {}) {
	if (existsSync(program)) return program;
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const apt = (args) => (isRoot ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]));
	log(`[apt] ${program} missing, installing Debian package "${pkg}" ...`);
	const started = Date.now();
	try {
		apt(['install', '-y', '--no-install-recommends', pkg]);
	} catch (error) {
		if (updated) throw error;
		// A clean machine may have no package lists yet.
		updated = true;
		apt(['update']);
		apt(['install', '-y', '--no-install-recommends', pkg]);
	}
	if (!existsSync(program)) throw new Error(`apt-get installed ${pkg} but ${program} does not exist`);
	log(`[apt] ${pkg} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	return program;
}
