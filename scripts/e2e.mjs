#!/usr/bin/env node
// End-to-end tests in a real n8n (`npm run test:e2e`).
//
//   node scripts/e2e.mjs                    all of test/e2e/*.e2e.mjs
//   node scripts/e2e.mjs cli server         only the files whose name contains one of the words
//   E2E_KEEP=1 node scripts/e2e.mjs         keep the n8n user folders (paths are printed) for a look
//   node scripts/e2e.mjs --update-docs      also write the browser screenshots to docs/*.png
//
// 1. makes sure the package is built (dist/ as listed in package.json "n8n"), building it if not;
// 2. installs or reuses the cached n8n (scripts/n8n-cache.mjs) and, for the browser test, Chromium;
// 3. runs the test files with Node's test runner on the project's Node 24, one file at a time
//    (each starts its own n8n), and prints a pass/fail summary. Exit code 1 on any failure.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ensureN8n } from './n8n-cache.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ROOT, node24Bin, node24Env } from './lib/paths.mjs';
import { formatSeconds } from './lib/progress.mjs';

const started = Date.now();
const log = (line) => console.log(line);

function distMissing() {
	const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const files = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	return files.filter((file) => !existsSync(path.join(ROOT, file)));
}

function run(cmd, args, opts = {}) {
	return new Promise((resolve) => {
		const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
		const forward = (signal) => child.kill(signal);
		process.on('SIGINT', forward);
		process.on('SIGTERM', forward);
		child.on('exit', (code, signal) => {
			process.off('SIGINT', forward);
			process.off('SIGTERM', forward);
			resolve(code ?? (signal ? 1 : 0));
		});
	});
}

async function main() {
	const words = process.argv.slice(2).filter((a) => !a.startsWith('-'));
	if (process.argv.includes('--update-docs')) process.env.E2E_UPDATE_DOCS = '1';
	const dir = path.join(ROOT, 'test', 'e2e');
	const files = readdirSync(dir)
		.filter((f) => f.endsWith('.e2e.mjs'))
		.filter((f) => !words.length || words.some((w) => f.includes(w)))
		.sort()
		.map((f) => path.join('test', 'e2e', f));
	if (!files.length) {
		console.error(`[e2e] no test files match ${words.join(', ')}`);
		return 1;
	}

	const missing = distMissing();
	if (missing.length) {
		log(`[e2e] the package is not built (${missing[0]} missing), running npm run build ...`);
		const code = await run('npm', ['run', 'build'], { env: node24Env() });
		if (code !== 0) return code;
	}

	const n8n = await ensureN8n({ log });
	log(`[e2e] n8n ${n8n.version}: ${n8n.installed ? `installed in ${formatSeconds(n8n.ms)}` : 'cached'} (${n8n.dir})`);
	if (files.some((f) => f.includes('browser'))) log(`[e2e] chromium: ${ensureChromium({ log })}`);

	log(`[e2e] running ${files.length} file(s): ${files.map((f) => path.basename(f)).join(', ')}`);
	const testStarted = Date.now();
	const code = await run(
		node24Bin(),
		['--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
		{ env: node24Env() },
	);
	const verdict = code === 0 ? 'PASSED' : 'FAILED';
	log(
		`\n[e2e] ${verdict}: ${files.length} file(s) in ${formatSeconds(Date.now() - testStarted)} ` +
			`(total ${formatSeconds(Date.now() - started)} including setup)`,
	);
	return code === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(`[e2e] FAILED before the tests ran: ${error.stack ?? error.message}`);
		process.exit(1);
	},
);
