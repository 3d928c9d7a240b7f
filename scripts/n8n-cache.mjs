#!/usr/bin/env node
// Installs the real n8n (pinned version) into a cache folder outside the package, once.
//
//   node scripts/n8n-cache.mjs            install if needed, print the folder
//   node scripts/n8n-cache.mjs --force    reinstall
//   node scripts/n8n-cache.mjs --all      install every tested version (scripts/lib/versions.mjs) if needed
//   node scripts/n8n-cache.mjs --prefetch the same in a detached process (npm test starts with it)
//
// Folder: $N8N_CACHE_DIR, else ${XDG_CACHE_HOME:-~/.cache}/n8n-voice-assistant/n8n-<version>.
// The install goes to a staging folder and is renamed into place only after it was verified, then a
// marker file is written, so an interrupted install is never taken for a complete one.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { TESTED_VERSIONS } from './lib/versions.mjs';
import { N8N_VERSION, cacheBase, n8nCacheDir, node24Bin, node24Env, node24HeadersDir, node24Version } from './lib/paths.mjs';
import { formatSeconds, startTicker } from './lib/progress.mjs';

const MARKER = '.install-complete.json';

function run(cmd, args, { cwd, env, log }) {
	return new Promise((resolve, reject) => {
		log(`[n8n-cache] $ ${cmd} ${args.join(' ')}`);
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
		child.on('error', reject);
		child.on('exit', (code, signal) =>
			code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
		);
	});
}

function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

function readMarker(dir) {
	try {
		return JSON.parse(readFileSync(path.join(dir, MARKER), 'utf8'));
	} catch {
		return null;
	}
}

/** Paths of an installed n8n: `run(args)` needs Node 24, so callers use `node` + `bin`. */
export function n8nPaths(dir) {
	return { dir, bin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), node: node24Bin() };
}

const major = (v) => String(v ?? '').split('.')[0];

/**
 * The 1.x line takes SheetJS (xlsx) from its own CDN, which only the npm registry can stand in for
 * here: the same release republished there (@e965/xlsx, the package n8n 2.x itself depends on).
 */
function registryStandIns(version) {
	return major(version) === '1' ? { overrides: { xlsx: 'npm:@e965/xlsx@0.20.3' } } : {};
}

// sqlite3 was built for one Node major (ABI): a cache from another major is not reused.
export function isInstalled({ version = N8N_VERSION, dir = n8nCacheDir(version) } = {}) {
	const marker = readMarker(dir);
	return Boolean(
		marker &&
			marker.version === version &&
			major(marker.nodeVersion) === major(node24Version()) &&
			existsSync(n8nPaths(dir).bin),
	);
}

// One installer at a time per cache folder (e2e and demo may start together).
async function withLock(dir, log, fn) {
	const lock = `${dir}.lock`;
	mkdirSync(path.dirname(dir), { recursive: true });
	let waitingSince = 0;
	for (;;) {
		try {
			mkdirSync(lock);
			writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			const pid = Number(readFileSafe(path.join(lock, 'pid')));
			if (pid && !isAlive(pid)) {
				rmSync(lock, { recursive: true, force: true });
				continue;
			}
			if (!waitingSince) {
				waitingSince = Date.now();
				log(`[n8n-cache] another process (pid ${pid || '?'}) is installing n8n, waiting ...`);
			}
			await new Promise((r) => setTimeout(r, 2000));
		}
	}
	try {
		return await fn();
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

function readFileSafe(file) {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

function removeStale(dir, log) {
	const parent = path.dirname(dir);
	const base = path.basename(dir);
	for (const name of existsSync(parent) ? readdirSync(parent) : []) {
		const match = name.startsWith(`${base}.partial-`) && /\.partial-(\d+)$/.exec(name);
		if (match && !isAlive(Number(match[1]))) {
			log(`[n8n-cache] removing interrupted install ${name}`);
			rmSync(path.join(parent, name), { recursive: true, force: true });
		}
	}
	if (existsSync(dir)) {
		log(`[n8n-cache] ${dir} is incomplete or for another Node version, removing it`);
		rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * Installs n8n if the cache folder is not complete. Returns { dir, bin, node, version, installed, ms }.
 * `installed` is false when an earlier complete install was reused.
 */
export async function ensureN8n({ version = N8N_VERSION, dir = n8nCacheDir(version), force = false, log = console.log } = {}) {
	const started = Date.now();
	if (!force && isInstalled({ version, dir })) {
		return { ...n8nPaths(dir), version, installed: false, ms: Date.now() - started };
	}
	return withLock(dir, log, async () => {
		// Someone else may have finished while we waited for the lock.
		if (!force && isInstalled({ version, dir })) {
			return { ...n8nPaths(dir), version, installed: false, ms: Date.now() - started };
		}
		if (force && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
		removeStale(dir, log);

		const staging = `${dir}.partial-${process.pid}`;
		rmSync(staging, { recursive: true, force: true });
		mkdirSync(staging, { recursive: true });
		// Own package.json, so npm installs here and not into some parent project.
		writeFileSync(
			path.join(staging, 'package.json'),
			JSON.stringify({ name: 'n8n-cache', private: true, description: `n8n ${version} for e2e/demo`, ...registryStandIns(version) }, null, 2),
		);
		const env = node24Env({
			npm_config_nodedir: node24HeadersDir({ log }),
			npm_config_update_notifier: 'false',
			npm_config_fund: 'false',
			npm_config_audit: 'false',
		});
		// npm_config_* from an outer `npm run` (e.g. prefix or global) must not steer this install.
		for (const key of Object.keys(env)) {
			if (/^npm_config_(prefix|global|location|workspaces?|include_workspace_root)$/i.test(key)) delete env[key];
		}
		log(`[n8n-cache] installing n8n@${version} into ${dir} (first time only; about 6 minutes) ...`);
		const timings = {};
		const countPackages = () => {
			try {
				return `${readdirSync(path.join(staging, 'node_modules')).length} top-level packages`;
			} catch {
				return 'resolving';
			}
		};

		// --ignore-scripts: an optional Kafka client's install script tries to download sources.
		let stop = startTicker('[n8n-cache] npm install', { log, describe: countPackages });
		try {
			await run('npm', ['install', `n8n@${version}`, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, env, log });
		} finally {
			timings.installMs = stop();
		}
		log(`[n8n-cache] npm install done in ${formatSeconds(timings.installMs)}`);

		// sqlite3 is the one native module n8n needs to start (its database); built against Node 24's
		// headers from the node package, so no download is needed. isolated-vm ships a prebuild.
		stop = startTicker('[n8n-cache] npm rebuild sqlite3', { log });
		try {
			await run('npm', ['rebuild', 'sqlite3', '--loglevel=error'], { cwd: staging, env, log });
		} finally {
			timings.rebuildMs = stop();
		}
		log(`[n8n-cache] sqlite3 rebuilt in ${formatSeconds(timings.rebuildMs)}`);

		// Prove it before calling it complete: the native modules load and the CLI answers.
		await run(
			node24Bin(),
			['-e', "require('sqlite3'); require('isolated-vm'); console.log('[n8n-cache] native modules load')"],
			{ cwd: staging, env, log },
		);
		await run(node24Bin(), [n8nPaths(staging).bin, '--version'], { cwd: staging, env, log });

		renameSync(staging, dir);
		const marker = {
			version,
			node: node24Bin(),
			nodeVersion: node24Version(),
			completedAt: new Date().toISOString(),
			...timings,
			totalMs: Date.now() - started,
		};
		writeFileSync(path.join(dir, MARKER), JSON.stringify(marker, null, 2));
		log(`[n8n-cache] n8n@${version} ready in ${formatSeconds(marker.totalMs)}: ${dir}`);
		return { ...n8nPaths(dir), version, installed: true, ms: marker.totalMs };
	});
}

/**
 * `--prefetch`: the tested versions not in the cache yet are installed by a detached process, one after
 * the other, while the caller goes on (npm test: build, lint and the unit tests run meanwhile; the
 * end-to-end tests then wait on each version's lock). Its output: <cache>/prefetch.log.
 */
function prefetch() {
	const missing = TESTED_VERSIONS.filter((version) => !isInstalled({ version }));
	if (missing.length === 0) return console.log(`[n8n-cache] n8n ${TESTED_VERSIONS.join(' and ')} already cached`);
	mkdirSync(cacheBase(), { recursive: true });
	const out = openSync(path.join(cacheBase(), 'prefetch.log'), 'a');
	const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--all'], { detached: true, stdio: ['ignore', out, out], env: process.env });
	child.unref();
	console.log(`[n8n-cache] installing n8n ${missing.join(' and ')} in the background (pid ${child.pid}; log ${path.join(cacheBase(), 'prefetch.log')})`);
}

async function installAll() {
	for (const version of TESTED_VERSIONS) {
		const res = await ensureN8n({ version });
		console.log(`[n8n-cache] n8n@${version}: ${res.installed ? `installed in ${formatSeconds(res.ms)}` : 'cached'}`);
	}
}

const report = (res) => {
	console.log(res.installed ? `[n8n-cache] installed n8n@${res.version} in ${formatSeconds(res.ms)}` : `[n8n-cache] reusing n8n@${res.version} from ${res.dir}`);
	console.log(res.dir);
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const fail = (error) => {
		console.error(`[n8n-cache] FAILED: ${error.message}`);
		process.exit(1);
	};
	if (process.argv.includes('--prefetch')) prefetch();
	else if (process.argv.includes('--all')) installAll().catch(fail);
	else ensureN8n({ force: process.argv.includes('--force') }).then(report, fail);
}
