// The package as n8n installs it from npm, for the real-n8n tests: the `npm pack` tarball unpacked into
// <user folder>/.n8n/nodes/node_modules/<name>, its package.json stripped of devDependencies,
// peerDependencies and optionalDependencies (what n8n's community package service does before its own
// `npm install`; the package has no runtime dependencies, so that install adds nothing). Its requires
// then resolve to n8n's own n8n-workflow, as on a user's n8n, never to this repository's dev copy.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { PACKAGE_NAME, ROOT, cacheBase } from './paths.mjs';

/** What the tarball is made of: package.json, README and dist/ (their sizes and times). */
function buildKey() {
	const hash = createHash('sha256');
	const walk = (dir) => {
		for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else {
				const { size, mtimeMs } = statSync(full);
				hash.update(`${path.relative(ROOT, full)}:${size}:${mtimeMs}\n`);
			}
		}
	};
	walk(path.join(ROOT, 'dist'));
	for (const file of ['package.json', 'README.md']) hash.update(readFileSync(path.join(ROOT, file)));
	return hash.digest('hex').slice(0, 16);
}

/** The tarball of the current build, packed once per build (lanes share it). */
export function packedTarball() {
	const dir = path.join(cacheBase(), 'packed');
	const tarball = path.join(dir, `${PACKAGE_NAME}-${buildKey()}.tgz`);
	if (existsSync(tarball)) return tarball;
	const staging = path.join(dir, `staging-${process.pid}`);
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	const pack = spawnSync('npm', ['pack', ROOT, '--pack-destination', staging, '--silent', '--ignore-scripts'], { encoding: 'utf8' });
	const made = readdirSync(staging).find((file) => file.endsWith('.tgz'));
	if (pack.status !== 0 || !made) throw new Error(`npm pack failed: ${pack.stderr}`);
	// older tarballs of other builds go: one per build is enough
	for (const old of readdirSync(dir).filter((file) => file.endsWith('.tgz'))) rmSync(path.join(dir, old), { force: true });
	renameSync(path.join(staging, made), tarball);
	rmSync(staging, { recursive: true, force: true });
	return tarball;
}

/** Unpacks the tarball where n8n keeps an installed community package, as n8n leaves it. */
export function installPacked(nodesDir) {
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	mkdirSync(target, { recursive: true });
	const untar = spawnSync('tar', ['-xzf', packedTarball(), '-C', target, '--strip-components=1'], { encoding: 'utf8' });
	if (untar.status !== 0) throw new Error(`unpacking the package failed: ${untar.stderr}`);
	const manifest = path.join(target, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...kept } = JSON.parse(readFileSync(manifest, 'utf8'));
	writeFileSync(manifest, JSON.stringify(kept, null, 2));
	return target;
}
