/**
 * P5 — 50 calls waited for at once (Call → Make with Wait for Call to End): 5 executions of 10 items
 * each (Requests in Parallel 10) run together against a sandbox with the documented rate limits,
 * time-scaled 10x, and calls that take a few scaled minutes. Beside them a bulk run creates leads on
 * the same token. Measured from the sandbox's request log:
 *  - the share of each rate-limit window taken by polling (GET /user/calls after the call was
 *    placed, and GET /user/calls/{id}; the snapshots before placing are counted apart), goal ≤ 20 %;
 *  - how late each call's end is seen: the first poll that could report it after it ended, against
 *    the poll interval at that moment, goal ≤ one interval;
 *  - failed items (goal 0), and the bulk run's pace against what the limit leaves it.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type RequestLogEntry } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, loadVoiceAssistant, log, median, phoneNumber, round, targetLine, type BenchRow } from './lib';

const CALLS = Number(process.env.BENCH_P5_CALLS ?? 50);
const PER_EXECUTION = 10;
const TIME_SCALE = 10;
const STEP_MS = Number(process.env.BENCH_P5_STEP_MS ?? 3000); // 3 steps ≈ 9 s scaled ≈ 1.5 min real
const BULK_LEADS = Number(process.env.BENCH_P5_LEADS ?? 60);
const LIMITS = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: TIME_SCALE };
const WINDOWS = [
	{ name: 'per minute', ms: 60_000 / TIME_SCALE, limit: LIMITS.perMinute },
	{ name: 'burst', ms: (LIMITS.burstWindowSeconds * 1000) / TIME_SCALE, limit: LIMITS.burst },
];

const VoiceAssistant = loadVoiceAssistant();

/** Most requests of `times` in any window of length ms (sliding). */
function peakInWindow(times: number[], ms: number): number {
	let peak = 0;
	for (let i = 0, j = 0; i < times.length; i++) {
		while (times[i] - times[j] >= ms) j++;
		peak = Math.max(peak, i - j + 1);
	}
	return peak;
}

async function main(): Promise<void> {
	const sb = await startSandbox({ quiet: true, rateLimit: LIMITS, callTiming: { stepMs: STEP_MS } });
	const credentials = { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl };
	try {
		const phones = Array.from({ length: CALLS }, (_, i) => phoneNumber(i, 5));
		const started = Date.now();
		const doneAt: number[] = [];
		const executions = Array.from({ length: Math.ceil(CALLS / PER_EXECUTION) }, (_, e) =>
			runNode({
				node: VoiceAssistant,
				parameters: {
					resource: 'call',
					operation: 'make',
					assistantId: { __rl: true, mode: 'id', value: '1' },
					phoneNumber: '={{ $json.phone }}',
					variablesInput: 'none',
					waitForEnd: true,
					maxWaitMinutes: 5,
					requestOptions: { parallelRequests: PER_EXECUTION },
				},
				credentials,
				items: phones.slice(e * PER_EXECUTION, (e + 1) * PER_EXECUTION).map((phone) => ({ phone })),
				continueOnFail: true,
			}).then((result) => {
				doneAt[e] = Date.now();
				return result;
			}),
		);
		// The bulk run beside the waits: lead creates on the same token.
		const bulkStarted = Date.now();
		const bulk = runNode({
			node: VoiceAssistant,
			parameters: {
				resource: 'lead',
				operation: 'create',
				campaignId: { __rl: true, mode: 'id', value: '4' },
				phoneNumber: '={{ $json.phone }}',
				variablesInput: 'none',
				requestOptions: { parallelRequests: 5 },
			},
			credentials,
			items: Array.from({ length: BULK_LEADS }, (_, i) => ({ phone: phoneNumber(i, 6) })),
			continueOnFail: true,
		}).then((result) => ({ result, ms: Date.now() - bulkStarted }));

		const results = await Promise.all(executions);
		const waitedMs = Date.now() - started;
		const { result: bulkResult, ms: bulkMs } = await bulk;
		const items = results.flatMap((result) => (result.error ? [] : result.items.map((item) => item.json as IDataObject)));
		const failed = CALLS - items.filter((item) => item.error === undefined && typeof item.status === 'string').length;
		const bulkFailed = bulkResult.items.filter((item) => item.json.error !== undefined).length + (bulkResult.error ? BULK_LEADS : 0);

		// Which GET /user/calls were polls: after the make_call for that number (or assistant-wide), and every read by id.
		const log0: RequestLogEntry[] = sb.requests.filter((r) => r.path.startsWith('/api/'));
		const placedAt = new Map<string, number>();
		const polls: RequestLogEntry[] = [];
		let snapshots = 0;
		for (const r of log0) {
			if (r.method === 'POST' && r.path === '/api/user/make_call') {
				const phone = (r.body as { phone_number: string }).phone_number;
				if (!placedAt.has(phone)) placedAt.set(phone, r.at);
			} else if (r.method === 'GET' && r.path.startsWith('/api/user/calls/')) {
				polls.push(r);
			} else if (r.method === 'GET' && r.path === '/api/user/calls') {
				const phone = r.query.phone_number;
				if (phone === undefined || placedAt.has(phone)) polls.push(r);
				else if (r.status === 200) snapshots++;
			}
		}
		const accepted = polls.filter((r) => r.status === 200);
		const times = accepted.map((r) => r.at);
		const shares = WINDOWS.map((w) => ({ ...w, peak: peakInWindow(times, w.ms) }));
		const peakShare = Math.max(...shares.map((s) => s.peak / s.limit));
		const firstPoll = times[0] ?? started;
		const lastPoll = times[times.length - 1] ?? started;
		const averageShare = times.length / (((lastPoll - firstPoll || 1) / WINDOWS[0].ms) * WINDOWS[0].limit);

		// Lateness: the first accepted poll that covers the call after it ended; interval: the gap before that poll.
		const covers = (r: RequestLogEntry, call: { id: number; client_phone_number: string }) =>
			r.path === `/api/user/calls/${call.id}` ||
			(r.path === '/api/user/calls' && (r.query.phone_number === undefined || r.query.phone_number === call.client_phone_number));
		const late: number[] = [];
		const ratios: number[] = [];
		const seenAt = new Map<string, number>();
		for (const call of sb.store.calls.filter((c) => c.client_phone_number && placedAt.has(c.client_phone_number))) {
			if (call.finished_at === null) continue;
			const index = accepted.findIndex((r) => r.at >= (call.finished_at as number) && covers(r, call));
			if (index < 0) continue;
			const previous = accepted.slice(0, index).reverse().find((r) => covers(r, call));
			const interval = previous ? accepted[index].at - previous.at : accepted[index].at - (call.finished_at as number);
			const lateness = accepted[index].at - (call.finished_at as number);
			seenAt.set(call.client_phone_number, accepted[index].at);
			late.push(lateness);
			ratios.push(interval > 0 ? lateness / interval : 0);
		}
		const rejected = polls.filter((r) => r.status === 429).length;
		// Each execution returns once its last call's end was seen: how long after that poll did it return?
		const returnDelays = doneAt.map((at, e) =>
			at - Math.max(...phones.slice(e * PER_EXECUTION, (e + 1) * PER_EXECUTION).map((phone) => seenAt.get(phone) ?? Infinity)),
		);
		// Every request the platform accepted while the bulk run ran, against what the limit allows then.
		const during = log0.filter((r) => r.status !== 429 && r.at >= bulkStarted && r.at <= bulkStarted + bulkMs).length;
		const perWindow = during / (bulkMs / WINDOWS[0].ms);
		const allowedLeadsPerSecond = (LIMITS.perMinute * TIME_SCALE) / 60;
		const bulkRate = (BULK_LEADS / bulkMs) * 1000;
		const byId = accepted.filter((r) => r.path !== '/api/user/calls').length;
		log(`P5: ${CALLS} waits in ${waitedMs} ms; ${accepted.length} polls (${byId} by id, ${rejected} rejected), ${snapshots} snapshots; peak share ${round(peakShare * 100, 1)} %`);

		const rows: BenchRow[] = [
			{ client: 'polls (GET /user/calls after placing, and by id)', value: accepted.length, note: `${byId} by id; ${rejected} answered 429; ${snapshots} snapshot reads before placing` },
			...shares.map((s) => ({ client: `peak poll share, ${s.name} window`, value: `${round((s.peak / s.limit) * 100, 1)} %`, note: `${s.peak} of ${s.limit} in any ${s.ms} ms` })),
			{ client: 'average poll share (per minute)', value: `${round(averageShare * 100, 1)} %`, note: `${CALLS} calls waiting, time scale ${TIME_SCALE}` },
			{ client: 'end seen after the call ended (median / max)', value: `${round(median(late) * TIME_SCALE / 1000, 1)} s / ${round(Math.max(...late) * TIME_SCALE / 1000, 1)} s`, note: 'real-time equivalent' },
			{ client: 'lateness ÷ gap between the polls around the end (max)', value: round(Math.max(...ratios), 2), note: `${late.length} calls measured` },
			{ client: 'execution returned after the poll that saw its last end (max)', value: `${Math.round(Math.max(...returnDelays))} ms`, note: 'the node reports an end at the poll that sees it' },
			{ client: 'failed items', value: failed, note: `of ${CALLS}` },
			{ client: `bulk run beside it (${BULK_LEADS} lead creates)`, value: `${round(bulkRate, 1)} leads/s`, note: `${bulkFailed} failed; the limit alone allows ${round(allowedLeadsPerSecond, 1)}/s (scaled), shared with the ${CALLS} make_call and snapshots` },
			{ client: 'token throughput while the bulk run ran', value: `${round(perWindow, 0)} per minute window`, note: `limit ${WINDOWS[0].limit}; ${during} requests accepted in ${round(bulkMs / 1000, 1)} s (placing, snapshots, polls, leads)` },
		];
		const pass = peakShare <= 0.2 && Math.max(...ratios) <= 1 && Math.max(...returnDelays) < 100 && failed === 0;
		emit({
			figure: 'P5',
			title: `${CALLS} calls waited for at once (5 executions × ${PER_EXECUTION}), limits time-scaled ${TIME_SCALE}x`,
			columns: ['value', 'note'],
			rows,
			summary: targetLine(
				'P5',
				pass,
				`polling peak ${round(peakShare * 100, 1)} % of the rate limit (target ≤ 20 %), ends seen ≤ ${round(Math.max(...ratios), 2)} poll interval (target ≤ 1), ${failed} failed items (target 0)`,
			),
			pass,
			notes: [
				`Sandbox: documented limits (100/min, 20/10 s) time-scaled ${TIME_SCALE}x, call step ${STEP_MS} ms (an answered call takes 3 steps), outcomes by last digit (completed, busy, no-answer, failed, ...).`,
				'Times in the table are real-time equivalents (scaled back by the time scale).',
			],
		});
	} finally {
		await sb.stop();
	}
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P5 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
