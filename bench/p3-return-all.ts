/**
 * P3 — Call → Get Many with Return All over 200 pages (20,000 calls, 100 per page): time of this node
 * vs a raw client walking the same pages, and the peak heap each needs. One sandbox, no limit; first
 * without latency (the sandbox answers in about a millisecond, so per-request overhead shows in full),
 * then with 20 ms like P2. The clients take turns for three rounds (median time, largest peak).
 * Run with --expose-gc (scripts/bench.mjs does) so each measurement starts from a collected heap.
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, loadVoiceAssistant, log, median, round, targetLine, withPeakHeap, type BenchRow } from './lib';

const PAGES = Number(process.env.BENCH_P3_PAGES ?? 200);
const PER_PAGE = 100;
const ROUNDS = Number(process.env.BENCH_P3_ROUNDS ?? 3);
const LATENCIES = [0, 20];

const VoiceAssistant = loadVoiceAssistant();

/** Tops Alice's calls up to exactly PAGES × PER_PAGE by copying her seeded ones. */
function seedCalls(sb: Sandbox): number {
	const alice = sb.users.alice;
	const own = sb.store.calls.filter((call) => call.user_id === alice);
	const wanted = PAGES * PER_PAGE;
	const start = Date.now() - wanted * 60_000;
	for (let i = own.length; i < wanted; i++) {
		const template = own[i % own.length];
		sb.store.calls.push({ ...template, id: 1_000_000 + i, created_at: start + i * 60_000, updated_at: start + i * 60_000 });
	}
	return sb.store.calls.filter((call) => call.user_id === alice).length;
}

async function thisNode(sb: Sandbox): Promise<number> {
	const result = await runNode({
		node: VoiceAssistant,
		parameters: { resource: 'call', operation: 'getMany', returnAll: true, simple: false },
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
	});
	if (result.error) throw result.error;
	return result.items.length;
}

async function rawPaging(sb: Sandbox): Promise<number> {
	const records: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const res = await axios.get(`${sb.baseUrl}/user/calls`, {
			params: { per_page: PER_PAGE, page },
			headers: { Authorization: `Bearer ${sb.tokens.alice}` },
		});
		records.push(...(res.data.data as IDataObject[]));
		if (page >= res.data.last_page) break;
	}
	return records.length;
}

async function main(): Promise<void> {
	const sb = await startSandbox({ quiet: true, callTiming: { stepMs: 3_600_000 } });
	try {
		const total = seedCalls(sb);
		log(`P3: ${total} calls for Alice = ${total / PER_PAGE} pages of ${PER_PAGE}`);
		const clients = [
			{ name: 'this node (Return All)', run: thisNode },
			{ name: 'raw paging (axios, per_page 100)', run: rawPaging },
		];
		for (const client of clients) await client.run(sb); // warm-up
		const rows: BenchRow[] = [];
		const ratios: number[] = [];
		for (const latency of LATENCIES) {
			sb.setLatency(latency);
			const times = new Map<string, number[]>(clients.map((client) => [client.name, []]));
			const peaks = new Map<string, number[]>(clients.map((client) => [client.name, []]));
			for (let r = 0; r < ROUNDS; r++) {
				for (const client of clients) {
					sb.clearRequests();
					const started = Date.now();
					const { value: count, peakMb } = await withPeakHeap(() => client.run(sb));
					const ms = Date.now() - started;
					if (count !== total) throw new Error(`${client.name} returned ${count} of ${total} calls`);
					const requests = sb.requests.filter((request) => request.path === '/api/user/calls').length;
					times.get(client.name)!.push(ms);
					peaks.get(client.name)!.push(peakMb);
					log(`P3 ${latency} ms latency, round ${r + 1}, ${client.name}: ${ms} ms, peak heap +${peakMb} MB, ${requests} requests`);
				}
			}
			const time = (name: string) => median(times.get(name)!);
			const raw = time(clients[1].name);
			ratios.push(time(clients[0].name) / raw);
			for (const client of clients) {
				rows.push({
					client: `${client.name}, ${latency} ms latency`,
					'median s': round(time(client.name) / 1000, 2),
					'× raw': round(time(client.name) / raw, 2),
					'peak heap MB': Math.max(...peaks.get(client.name)!),
					records: total,
				});
			}
		}
		const pass = ratios[0] <= 1.1;
		emit({
			figure: 'P3',
			title: `Return All over ${PAGES} pages of calls (${total} records)`,
			columns: ['median s', '× raw', 'peak heap MB', 'records'],
			rows,
			summary: targetLine(
				'P3',
				pass,
				`this node ${round(ratios[0], 2)}× raw paging without latency (target ≤ 1.1)` +
					(ratios[1] !== undefined ? `, ${round(ratios[1], 2)}× with ${LATENCIES[1]} ms latency` : '') +
					`; peak heap +${rows[0]['peak heap MB']} MB vs +${rows[1]['peak heap MB']} MB for the records alone`,
			),
			pass,
			notes: [
				'Full records (Simplify off). The node keeps n8n items ({json}) with pairedItem; the raw client only the records.',
				"The raw client reuses one keep-alive connection; n8n's HTTP helper opens one per request and resolves the credential's auth expression per request.",
				'Peak heap: highest heapUsed above the level at the start, sampled every 5 ms, after a forced GC.',
			],
		});
	} finally {
		await sb.stop();
	}
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P3 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
