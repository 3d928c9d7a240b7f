#!/usr/bin/env node
// Benchmarks (not a test: nothing here fails a build). Each figure runs as its own program on Node 24
// with the sandbox in the same process, so the clients it compares share one machine:
//
//   npm run bench                   all figures (about 27 minutes; P1 ~1 minute, P1b ~4, P6 ~1.5, P7 ~7.5, P8 ~2, P10 ~1.5, P12 ~0.7, P14 ~4)
//   npm run bench -- p1 p1b         only these (P1b: three processes sharing one token)
//   npm run bench -- p10            Platform 2.0 Return All over 10,000 records (~30 s)
//   npm run bench -- p11            1,000 leads into a campaign, beside n8n's HTTP Request and Edit Fields nodes (~75 s)
//   npm run bench -- p12            the wait's polling share, one 5-minute call on 2.0 beside classic (~35 s)
//   npm run bench -- p13            the 2.0 polling trigger's events on 10,000 records beside a whole-list rescan
//   npm run bench -- p14            a mid-call tool's round trip through the trigger v6 beside n8n's Webhook +
//                                   Respond to Webhook, in one real n8n and then in queue mode (~4 min; --quick ~1.5)
//   npm run bench -- --quick        smaller runs, for a quick look (numbers are not the reported ones)
//   npm run bench -- --no-build     P4, P7 and P14 without rebuilding dist/ first
//
// P7 starts a real n8n (`n8n start`) with this package's dist/ and the trigger in three workflows
// (classic v2 and v1, v5 on a Platform 2.0 account) beside n8n's Webhook node; P14 does so for a
// tool call, then again in queue mode.
// P1 and P2 compare with n8n's HTTP Request node from the real n8n that scripts/n8n-cache.mjs installs
// (once, about 6 minutes); if that fails, those rows are skipped and the output says so.
// Prints one table per figure, then one summary line per figure, and writes bench/last-run.json.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { ensureN8n } from './n8n-cache.mjs';
import { ROOT, node24Bin, node24Env } from './lib/paths.mjs';

const FIGURES = {
	p1: { file: 'bench/p1-rate-limit.ts', quick: { BENCH_P1_COUNT: '200' }, needsHttpNode: true },
	p1b: { file: 'bench/p1b-shared-token.ts', quick: { BENCH_P1B_COUNT: '60', BENCH_P1B_REAL_COUNT: '10' } },
	p2: { file: 'bench/p2-throughput.ts', quick: { BENCH_P2_COUNT: '500', BENCH_P2_ROUNDS: '1' }, needsHttpNode: true },
	p3: { file: 'bench/p3-return-all.ts', quick: { BENCH_P3_PAGES: '50', BENCH_P3_ROUNDS: '1' } },
	// P4 also reports P4b: the action node with the Platform 2.0 operations beside the last commit without them
	p4: { file: 'bench/p4-cold-start.ts', quick: { BENCH_P4_RUNS: '5' }, needsBuild: true },
	p5: { file: 'bench/p5-wait.ts', quick: { BENCH_P5_CALLS: '20', BENCH_P5_LEADS: '20' } },
	p6: { file: 'bench/p6-default-speed.ts', quick: { BENCH_P6_COUNT: '500', BENCH_P6_ROUNDS: '1', BENCH_P6_SCALE: '200,2000' } },
	p8: { file: 'bench/p8-history.ts', quick: { BENCH_P8_COUNT: '60' } },
	p7: { file: 'bench/p7-trigger-load.mjs', quick: { BENCH_P7_COUNT: '100', BENCH_P7_ROUNDS: '2', BENCH_P7_WARM_UP: '30' }, needsBuild: true },
	p9: { file: 'bench/p9-polling.ts', quick: {} },
	p9b: { file: 'bench/p9b-polling-platform2.ts', quick: {} },
	p10: { file: 'bench/p10-platform2-return-all.ts', quick: { BENCH_P10_RECORDS: '2000', BENCH_P10_ROUNDS: '1' } },
	// P11 compares with n8n's HTTP Request and Edit Fields nodes (from the cached n8n, as P1 and P2)
	p11: { file: 'bench/p11-bulk-leads.ts', quick: { BENCH_P11_ROUNDS: '1', BENCH_P11_CLASSIC: '0' }, needsHttpNode: true },
	p12: { file: 'bench/p12-wait-share.ts', quick: { BENCH_P12_CALL_MINUTES: '1' } },
	// P13: the 2.0 polling trigger's events on a list of 10,000 records beside a whole-list rescan (~1 min)
	p13: { file: 'bench/p13-polling-events.ts', quick: { BENCH_P13_RECORDS: '2000' } },
	// P14: a tool call's round trip (trigger v6, Tool Called During a Call) beside n8n's Webhook + Respond to
	// Webhook, in `n8n start` and in queue mode (main + 2 workers, PostgreSQL, Redis)
	p14: {
		file: 'bench/p14-tool-call.mjs',
		quick: { BENCH_P14_COUNT: '20', BENCH_P14_ROUNDS: '1', BENCH_P14_WARM_UP: '5', BENCH_P14_QUEUE_COUNT: '20', BENCH_P14_QUEUE_ROUNDS: '1' },
		needsBuild: true,
	},
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const build = !args.includes('--no-build');
const picked = args.filter((arg) => !arg.startsWith('--')).map((arg) => arg.toLowerCase());
for (const name of picked) {
	if (!FIGURES[name]) {
		console.error(`Unknown figure "${name}"; choose from ${Object.keys(FIGURES).join(', ')}`);
		process.exit(2);
	}
}
const selected = picked.length ? picked : Object.keys(FIGURES);

async function httpNodeEnv() {
	try {
		const { dir } = await ensureN8n({ log: (line) => console.error(line) });
		return { BENCH_N8N_NODES_BASE: path.join(dir, 'node_modules', 'n8n-nodes-base') };
	} catch (error) {
		console.error(`[bench] n8n could not be installed (${error.message}): the HTTP Request node comparison is skipped.`);
		return { BENCH_N8N_NODES_BASE: path.join(ROOT, 'n8n-not-installed') };
	}
}

function runFigure(name, env) {
	const figure = FIGURES[name];
	return new Promise((resolve) => {
		const child = spawn(node24Bin(), ['--expose-gc', '-r', 'ts-node/register/transpile-only', figure.file], {
			cwd: ROOT,
			env: node24Env({ ...env, ...(quick ? figure.quick : {}), TS_NODE_TRANSPILE_ONLY: 'true' }),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => process.stderr.write(chunk));
		child.on('exit', (code) => {
			// a program may report more than one figure (P4 and P4b): one BENCH_RESULT line each
			const lines = stdout.split('\n').filter((l) => l.startsWith('BENCH_RESULT '));
			if (code !== 0 || lines.length === 0) {
				resolve([{ figure: name.toUpperCase(), failed: `exited with ${code}`, summary: `${name.toUpperCase()} ERROR: the program failed (exit ${code}), see above` }]);
				return;
			}
			resolve(lines.map((line) => JSON.parse(line.slice('BENCH_RESULT '.length))));
		});
	});
}

function table(result) {
	const columns = ['client', ...result.columns];
	const cells = result.rows.map((row) => columns.map((column) => (row[column] === undefined ? '' : String(row[column]))));
	const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((row) => row[i].length)));
	const line = (values) => values.map((value, i) => (i === 0 ? value.padEnd(widths[i]) : value.padStart(widths[i]))).join('  ');
	return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

const started = Date.now();
const env = {};
if (selected.some((name) => FIGURES[name].needsHttpNode)) Object.assign(env, await httpNodeEnv());
if (build && selected.some((name) => FIGURES[name].needsBuild)) {
	console.error('[bench] npm run build');
	const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, env: node24Env(), stdio: ['ignore', 'ignore', 'inherit'] });
	if (res.status !== 0) {
		console.error('[bench] the build failed; P4 measures whatever dist/ holds');
	}
}

const results = [];
for (const name of selected) {
	console.error(`[bench] ${name.toUpperCase()} ...`);
	results.push(...(await runFigure(name, env)));
}

console.log(`\nBenchmarks${quick ? ' (--quick: smaller runs, not the reported figures)' : ''}, Node ${spawnSync(node24Bin(), ['-v'], { encoding: 'utf8' }).stdout.trim()}, ${Math.round((Date.now() - started) / 1000)} s\n`);
for (const result of results) {
	if (result.failed) continue;
	console.log(`${result.figure}: ${result.title}`);
	console.log(table(result));
	for (const note of result.notes ?? []) console.log(`  · ${note}`);
	console.log('');
}
for (const result of results) console.log(result.summary);
writeFileSync(path.join(ROOT, 'bench', 'last-run.json'), `${JSON.stringify({ at: new Date().toISOString(), quick, results }, null, 2)}\n`);
