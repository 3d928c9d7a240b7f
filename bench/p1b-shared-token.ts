/**
 * P1b — one token shared by three processes (n8n queue-mode workers, or separate `n8n execute`s):
 * each process runs this node's Call → Make over its own items, all against one sandbox; the pacers
 * can only find each other through the headers. Two settings:
 * - the target: the documented limits in real time, with whole-second X-RateLimit-Reset as the
 *   platform sends it (3 × BENCH_P1B_REAL_COUNT calls, default 67: about 2 minutes);
 * - time-scaled 10x with Reset to the millisecond (`preciseReset`: the scaled windows are 10x
 *   shorter, so a whole-second Reset would say 10x less than the platform's does), 3 ×
 *   BENCH_P1B_COUNT calls (default 200), and beside it the same number of calls from one process.
 *   Here the windows must be learnt from the headers while the processes share them.
 *
 * Figures: elapsed (from the common start to the last answer) ÷ the limit's theoretical minimum for
 * all calls, 429s ÷ requests, failed items, calls placed twice.
 *
 * The same file is the child program (BENCH_P1B_CHILD=1): it loads the node, prints READY, waits for
 * a line on stdin, runs its items and prints `P1B_CHILD {json}`.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

import { startSandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, loadVoiceAssistant, log, phoneNumber, ROOT, round, targetLine, theoreticalMinimumMs, type BenchRow } from './lib';

const PER_PROCESS = Number(process.env.BENCH_P1B_COUNT ?? 200);
const PER_PROCESS_REAL = Number(process.env.BENCH_P1B_REAL_COUNT ?? 67);
const PROCESSES = 3;
const DOCUMENTED = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 1 };
const SCALED = { ...DOCUMENTED, timeScale: 10, preciseReset: true };
type Limit = typeof DOCUMENTED & { preciseReset?: boolean };
const ASSISTANT = 1;

interface ChildResult {
	ms: number;
	failed: number;
	finishedAt: number;
}

async function child(): Promise<void> {
	const VoiceAssistant = loadVoiceAssistant();
	const block = Number(process.env.BENCH_P1B_BLOCK);
	const count = Number(process.env.BENCH_P1B_ITEMS);
	const items = Array.from({ length: count }, (_, i) => ({ phone: phoneNumber(i, block) }));
	const run = () =>
		runNode({
			node: VoiceAssistant,
			parameters: {
				resource: 'call',
				operation: 'make',
				assistantId: { __rl: true, mode: 'id', value: String(ASSISTANT) },
				phoneNumber: '={{ $json.phone }}',
			},
			credentials: { apiToken: process.env.BENCH_P1B_TOKEN as string, baseUrl: process.env.BENCH_P1B_URL as string },
			items,
			continueOnFail: true,
		});
	process.stdout.write('READY\n');
	await new Promise<void>((resolve) => readline.createInterface({ input: process.stdin }).once('line', () => resolve()));
	const started = Date.now();
	const result = await run();
	const finishedAt = Date.now();
	const failed = result.error ? count : result.items.filter((item) => item.json.error !== undefined).length;
	if (process.env.BENCH_P1B_DEBUG) {
		const { pacerFor } = require('../nodes/VoiceAssistant/transport/pacers');
		const { credentialKey } = require('../nodes/VoiceAssistant/shared/platforms');
		log(`P1b child ${block}: ${JSON.stringify(pacerFor(credentialKey(process.env.BENCH_P1B_URL, process.env.BENCH_P1B_TOKEN)).state())}`);
	}
	const out: ChildResult = { ms: finishedAt - started, failed, finishedAt };
	process.stdout.write(`P1B_CHILD ${JSON.stringify(out)}\n`);
}

interface Spawned {
	ready: Promise<void>;
	done: Promise<ChildResult>;
	go(): void;
}

function spawnChild(env: Record<string, string>): Spawned {
	const proc = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'bench', 'p1b-shared-token.ts')], {
		cwd: ROOT,
		env: { ...process.env, ...env, BENCH_P1B_CHILD: '1' },
		stdio: ['pipe', 'pipe', 'inherit'],
	});
	const lines = readline.createInterface({ input: proc.stdout });
	let resolveReady!: () => void;
	const ready = new Promise<void>((resolve) => (resolveReady = resolve));
	const done = new Promise<ChildResult>((resolve, reject) => {
		lines.on('line', (line) => {
			if (line === 'READY') resolveReady();
			if (line.startsWith('P1B_CHILD ')) resolve(JSON.parse(line.slice('P1B_CHILD '.length)) as ChildResult);
		});
		proc.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
	});
	return { ready, done, go: () => proc.stdin.end('GO\n') };
}

async function measure(name: string, limit: Limit, processes: number, perProcess: number): Promise<BenchRow> {
	const minimumMs = theoreticalMinimumMs(limit, processes * perProcess);
	const sb = await startSandbox({ quiet: true, rateLimit: limit, callTiming: { stepMs: 3_600_000 } });
	try {
		const children = Array.from({ length: processes }, (_, index) =>
			spawnChild({
				BENCH_P1B_BLOCK: String(index + 1),
				BENCH_P1B_ITEMS: String(perProcess),
				BENCH_P1B_TOKEN: sb.tokens.alice,
				BENCH_P1B_URL: sb.baseUrl,
			}),
		);
		await Promise.all(children.map((c) => c.ready));
		const started = Date.now();
		for (const c of children) c.go();
		const results = await Promise.all(children.map((c) => c.done));
		const ms = Math.max(...results.map((r) => r.finishedAt)) - started;
		const failed = results.reduce((sum, r) => sum + r.failed, 0);
		const posts = sb.requests.filter((request) => request.path === '/api/user/make_call');
		const rejected = posts.filter((request) => request.status === 429).length;
		const wanted = new Set<string>();
		for (let block = 1; block <= processes; block++) for (let i = 0; i < perProcess; i++) wanted.add(phoneNumber(i, block));
		const perPhone = new Map<string, number>();
		for (const call of sb.store.calls.filter((c) => wanted.has(c.client_phone_number))) perPhone.set(call.client_phone_number, (perPhone.get(call.client_phone_number) ?? 0) + 1);
		const twice = [...perPhone.values()].filter((n) => n > 1).length;
		if (process.env.BENCH_P1B_DUMP) {
			// One line per request for a timeline: ms from the start, status, the process that sent it.
			const blockOf = (body: unknown) => String((body as { phone_number?: string } | null)?.phone_number ?? '').charAt(5);
			const lines = posts.map((request) => `${request.at - started}\t${request.status}\t${blockOf(request.body)}`);
			writeFileSync(`${process.env.BENCH_P1B_DUMP}-${processes}.tsv`, `${lines.join('\n')}\n`);
		}
		const row: BenchRow = {
			client: name,
			'elapsed s': round(ms / 1000, 1),
			'× minimum': failed === 0 ? round(ms / minimumMs, 3) : '—',
			'429s': rejected,
			requests: posts.length,
			'429 share %': round((100 * rejected) / Math.max(1, posts.length), 1),
			'items failed': failed,
			'calls placed': perPhone.size,
			'placed twice': twice,
		};
		log(`P1b ${name}: ${JSON.stringify(row)}`);
		return row;
	} finally {
		await sb.stop();
	}
}

async function main(): Promise<void> {
	const realTotal = PER_PROCESS_REAL * PROCESSES;
	const total = PER_PROCESS * PROCESSES;
	log(`P1b: ${realTotal} calls at the documented limits in real time (minimum ${theoreticalMinimumMs(DOCUMENTED, realTotal) / 1000} s), then ${total} time-scaled 10x (minimum ${theoreticalMinimumMs(SCALED, total) / 1000} s)`);
	const real = await measure(`${PROCESSES} × ${PER_PROCESS_REAL} calls, documented limits in real time`, DOCUMENTED, PROCESSES, PER_PROCESS_REAL);
	const scaled = await measure(`${PROCESSES} × ${PER_PROCESS} calls, time-scaled 10x`, SCALED, PROCESSES, PER_PROCESS);
	const single = await measure(`1 × ${total} calls, time-scaled 10x`, SCALED, 1, total);
	const ratio = typeof real['× minimum'] === 'number' ? real['× minimum'] : Infinity;
	const share = Number(real['429 share %']);
	const pass = real['items failed'] === 0 && real['placed twice'] === 0 && ratio <= 1.05 && share <= 3;
	emit({
		figure: 'P1b',
		title: `Call → Make from ${PROCESSES} processes sharing one token`,
		columns: ['elapsed s', '× minimum', '429s', 'requests', '429 share %', 'items failed', 'calls placed', 'placed twice'],
		rows: [real, scaled, single],
		summary: targetLine(
			'P1b',
			pass,
			`${PROCESSES} processes on one token at the documented limits: ${share} % of requests answered 429 (target ≤ 3), ` +
				`${real['items failed']} failed (target 0), ${ratio}× the theoretical minimum (target ≤ 1.05); time-scaled 10x: ` +
				`${scaled['429 share %']} %, ${scaled['× minimum']}×; one process alone, time-scaled: ${single['429 share %']} %, ${single['× minimum']}×`,
		),
		pass,
		notes: [
			"Theoretical minimum: the sandbox's own limiter, a slot used the instant it frees.",
			'Each process is a separate Node process running the node through n8n-core (Call → Make, default options, On Error: Continue); they start together on a signal.',
			"Time-scaled, the windows are learnt from the first precise Reset, a few % long (the first request's upload time); the platform's own windows are the documented ones.",
		],
	});
}

if (process.env.BENCH_P1B_CHILD === '1') {
	child().then(
		() => process.exit(0),
		(error) => {
			log(`P1b child failed: ${error instanceof Error ? error.stack : String(error)}`);
			process.exit(1);
		},
	);
} else {
	main()
		.then(() => process.exit(0))
		.catch((error) => {
			log(`P1b failed: ${error instanceof Error ? error.stack : String(error)}`);
			process.exit(1);
		});
}
