// End-to-end tests in a real n8n (`npm run test:e2e`).
//
//   node scripts/e2e.mjs                    all of test/e2e/*.e2e.mjs on the n8n the package is built
//                                           against, and the range checks on the other ends of the range
//   node scripts/e2e.mjs cli server         only the files whose name contains one of the words (a word
//                                           that is a whole name, e.g. polling, picks that file alone)
//   N8N_VERSION=1.123.81 node scripts/e2e.mjs   every file on that n8n alone
//   E2E_LANES=1 node scripts/e2e.mjs        one file at a time (default: 3 at a time)
//   E2E_KEEP=1 node scripts/e2e.mjs         keep the n8n user folders (paths are printed) for a look
//   node scripts/e2e.mjs --update-docs      also write the browser screenshots to docs/*.png
//
// 1. makes sure the package is built (dist/ as listed in package.json "n8n"), building it if not;
// 2. installs or reuses each cached n8n (scripts/n8n-cache.mjs) and, for the browser tests, Chromium;
// 3. runs each test file with Node's test runner on the project's Node 24, in lanes (each file starts its
//    own n8n on free ports), longest first; a file's output is printed when it ends, with its time.
//    Exit code 1 on any failure.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ensureN8n } from './n8n-cache.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ROOT, node24Bin, node24Env } from './lib/paths.mjs';
import { formatSeconds } from './lib/progress.mjs';
import { BUILT_AGAINST, OTHER_ENDS, RANGE_CHECKS } from './lib/versions.mjs';

/** Seconds each file took in a clean-clone CI run (for the order only: the longest start first). */
const USUAL_SECONDS = {
	'webhook-processes': 320,
	'platform2-campaign-status': 250,
	browser: 230,
	'platform2-polling': 220,
	'platform2-list-order': 180,
	'platform2-browser': 150,
	polling: 130,
	queue: 125,
	cli: 110,
	security: 92,
	'platform2-loop': 72,
	'tool-calls': 72,
	inbound: 70,
	'platform2-guard': 70,
	'platform2-trigger': 64,
	'mcp-server': 50,
	'queue-failures': 37,
};

const started = Date.now();
const log = (line) => console.log(line);

function distMissing() {
	const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const files = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	return files.filter((file) => !existsSync(path.join(ROOT, file)));
}

/** Ctrl-C and a stop reach the child too; resolves with its exit when it ends. */
function exitOf(child) {
	const forward = (signal) => child.kill(signal);
	process.on('SIGINT', forward);
	process.on('SIGTERM', forward);
	return new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			process.off('SIGINT', forward);
			process.off('SIGTERM', forward);
			resolve({ code, signal });
		});
	});
}

async function run(cmd, args, opts = {}) {
	const { code, signal } = await exitOf(spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts }));
	return code ?? (signal ? 1 : 0);
}

/**
 * One file on one n8n. Its output is kept and printed when it ends (two lanes would interleave it), and
 * written as it comes to test-results/e2e/<file>@<version>.log, to follow a long file while it runs.
 */
function runJob({ file, version }) {
	return new Promise((resolve) => {
		const started = Date.now();
		const child = spawn(node24Bin(), ['--test', '--test-reporter=spec', file], {
			cwd: ROOT,
			env: { ...node24Env(), N8N_VERSION: version },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		mkdirSync(LOG_DIR, { recursive: true });
		const logFile = createWriteStream(path.join(LOG_DIR, `${nameOf(file)}@${version}.log`));
		const output = [];
		const keep = (chunk) => {
			output.push(chunk);
			logFile.write(chunk);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		exitOf(child).then(({ code, signal }) => {
			logFile.end();
			resolve({ file, version, passed: code === 0 && !signal, ms: Date.now() - started, output: Buffer.concat(output).toString('utf8') });
		});
	});
}

/** The jobs in `lanes` lanes, longest first; each result printed as it ends. */
async function runLanes(jobs, lanes) {
	const queue = [...jobs].sort((a, b) => weight(b) - weight(a));
	const results = [];
	const lane = async () => {
		for (let job = queue.shift(); job; job = queue.shift()) {
			log(`[e2e] start ${label(job)}`);
			const result = await runJob(job);
			process.stdout.write(result.output);
			log(`[e2e] ${result.passed ? 'passed' : 'FAILED'}: ${label(job)} in ${formatSeconds(result.ms)}\n`);
			results.push(result);
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
	return results;
}

/**
 * What a failed file's reporter said at its end (each failing test, hook or suite and its error), without
 * stack frames and at most 80 lines: the last lines of a CI log then say why, not only which file.
 */
function failureSummary(output) {
	const at = output.lastIndexOf('✖ failing tests:');
	const part = at >= 0 ? output.slice(at) : output.split('\n').slice(-40).join('\n');
	const lines = part.split('\n').filter((line) => !/^\s+at /.test(line));
	return (lines.length > 80 ? [...lines.slice(0, 80), `[e2e] ... ${lines.length - 80} more line(s) in ${LOG_DIR}`] : lines).join('\n');
}

const LOG_DIR = path.join(ROOT, 'test-results', 'e2e');
const nameOf = (file) => path.basename(file, '.e2e.mjs');
const weight = (job) => USUAL_SECONDS[nameOf(job.file)] ?? 40;
const label = (job) => `${nameOf(job.file)} on n8n ${job.version}`;

async function main() {
	const words = process.argv.slice(2).filter((a) => !a.startsWith('-'));
	if (process.argv.includes('--update-docs')) process.env.E2E_UPDATE_DOCS = '1';
	const dir = path.join(ROOT, 'test', 'e2e');
	const allNames = readdirSync(dir).filter((f) => f.endsWith('.e2e.mjs')).map(nameOf);
	const files = readdirSync(dir)
		.filter((f) => f.endsWith('.e2e.mjs'))
		// a word that is a file's whole name picks that file alone ("polling", not "platform2-polling")
		.filter((f) => !words.length || words.some((w) => nameOf(f) === w || (!allNames.includes(w) && f.includes(w))))
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

	// N8N_VERSION: that n8n alone, every file; else the built-against n8n every file, the other ends the range checks
	const chosen = process.env.N8N_VERSION;
	const jobs = chosen
		? files.map((file) => ({ file, version: chosen }))
		: [
				...files.map((file) => ({ file, version: BUILT_AGAINST })),
				...OTHER_ENDS.flatMap((version) => files.filter((file) => RANGE_CHECKS.includes(nameOf(file))).map((file) => ({ file, version }))),
			];
	for (const version of new Set(jobs.map((job) => job.version))) {
		const n8n = await ensureN8n({ version, log });
		log(`[e2e] n8n ${n8n.version}: ${n8n.installed ? `installed in ${formatSeconds(n8n.ms)}` : 'cached'} (${n8n.dir})`);
	}
	if (files.some((f) => f.includes('browser'))) log(`[e2e] chromium: ${ensureChromium({ log })}`);

	// Three at a time on two cores: a file spends much of its time waiting for n8n (polls, restarts, a
	// worker), so two lanes kept the CPUs 74% busy (sampled every 30 s in a CI run), three 91%; three
	// took 21 min 51 s where two took 26 min 49 s, every file passing (docs/e2e.md).
	const lanes = Number(process.env.E2E_LANES ?? 3);
	log(`[e2e] running ${jobs.length} file run(s) in ${lanes} lane(s): ${jobs.map(label).join(', ')}`);
	const testStarted = Date.now();
	const results = await runLanes(jobs, lanes);
	const failed = results.filter((result) => !result.passed);
	log('\n[e2e] each file\'s time:');
	for (const result of [...results].sort((a, b) => b.ms - a.ms)) log(`[e2e]   ${result.passed ? 'ok    ' : 'FAILED'} ${formatSeconds(result.ms).padStart(11)}  ${label(result)}`);
	for (const version of new Set(results.map((result) => result.version))) {
		const mine = results.filter((result) => result.version === version);
		log(`[e2e] n8n ${version}: ${mine.filter((r) => r.passed).length}/${mine.length} file(s) passed`);
	}
	for (const result of failed) log(`\n[e2e] why ${label(result)} failed:\n${failureSummary(result.output)}`);
	log(
		`\n[e2e] ${failed.length === 0 ? 'PASSED' : `FAILED (${failed.map(label).join(', ')})`}: ${results.length} file run(s) in ${formatSeconds(Date.now() - testStarted)} ` +
			`(total ${formatSeconds(Date.now() - started)} including setup)`,
	);
	return failed.length === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(`[e2e] FAILED before the tests ran: ${error.stack ?? error.message}`);
		process.exit(1);
	},
);
