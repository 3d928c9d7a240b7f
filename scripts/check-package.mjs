#!/usr/bin/env node
/**
 * Checks the package as it would be published: `npm pack`, unpack, then
 *  1. package.json has no runtime dependencies;
 *  2. the files n8n's community-package scanner lints (every .js/.json in the tarball) pass the same
 *     rules it applies (@n8n/eslint-plugin-community-nodes recommended + no-console + the
 *     n8n-nodes-base community rules on package.json), with inline eslint-disable comments ignored;
 *  3. every node and credential listed in package.json loads in plain Node with only n8n-workflow
 *     installed beside it.
 * Prints the tarball size. Exit code 1 on any failure.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const failures = [];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'va-pack-'));
const packed = JSON.parse(
	execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
)[0];
const tarball = path.join(work, packed.filename);
const pkgDir = path.join(work, 'package');
execFileSync('tar', ['-xzf', tarball, '-C', work]);
console.log(`packed ${packed.filename}: ${(packed.size / 1024).toFixed(1)} KB packed, ${(packed.unpackedSize / 1024).toFixed(1)} KB unpacked, ${packed.entryCount} files`);

// 1. no runtime dependencies
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
if (pkg.dependencies && Object.keys(pkg.dependencies).length > 0) {
	failures.push(`package.json has runtime dependencies: ${Object.keys(pkg.dependencies).join(', ')}`);
}

// 2. the scanner's lint of the tarball
const { ESLint } = require('eslint');
const { n8nCommunityNodesPlugin } = require('@n8n/eslint-plugin-community-nodes');
const nodesBase = require('eslint-plugin-n8n-nodes-base');
// typescript-eslint comes with @n8n/node-cli (nested), as the parser n8n's lint uses for JSON.
const fromNodeCli = createRequire(path.join(root, 'node_modules/@n8n/node-cli/package.json'));
const { parser } = fromNodeCli('typescript-eslint');
const eslint = new ESLint({
	cwd: pkgDir,
	allowInlineConfig: false,
	overrideConfigFile: true,
	overrideConfig: [
		n8nCommunityNodesPlugin.configs.recommended,
		{ rules: { 'no-console': 'error' } },
		{ plugins: { 'n8n-nodes-base': nodesBase } },
		{ files: ['package.json'], rules: { ...nodesBase.configs.community.rules } },
		{ files: ['**/*.json'], languageOptions: { parser } },
	],
});
const files = listFiles(pkgDir).filter((f) => f.endsWith('.js') || f.endsWith('.json'));
const results = await eslint.lintFiles(files);
const errors = results.filter((r) => r.errorCount > 0);
if (errors.length > 0) {
	const formatter = await eslint.loadFormatter('stylish');
	console.log(await formatter.format(errors));
	failures.push(`${errors.length} file(s) in the tarball fail the community-package lint`);
} else {
	console.log(`community-package lint: ${files.length} files clean`);
}

// 3. load every node and credential with only n8n-workflow available
fs.mkdirSync(path.join(work, 'node_modules'), { recursive: true });
fs.symlinkSync(path.dirname(require.resolve('n8n-workflow/package.json')), path.join(work, 'node_modules', 'n8n-workflow'));
for (const entry of [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])]) {
	const file = path.join(pkgDir, entry);
	try {
		execFileSync(process.execPath, ['-e', `const m = require(${JSON.stringify(file)}); const C = Object.values(m)[0]; new C();`], {
			cwd: work,
			env: { ...process.env, NODE_PATH: '' },
			stdio: ['ignore', 'ignore', 'pipe'],
		});
		console.log(`loads: ${entry}`);
	} catch (error) {
		failures.push(`${entry} does not load: ${String(error.stderr ?? error.message).split('\n').slice(0, 4).join(' ')}`);
	}
}

fs.rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
	console.error(`\npackage check FAILED:\n- ${failures.join('\n- ')}`);
	process.exit(1);
}
console.log('package check passed');

function listFiles(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const full = path.join(dir, e.name);
		return e.isDirectory() ? listFiles(full) : [full];
	});
}
