/**
 * P10 — Platform 2.0 Return All over 10,000 records: Assistants → Get Many Assistants (GET
 * /api/v1/assistants, limit/offset, at most 200 a page) through n8n-core's engine (the harness)
 * against "raw paging": a plain axios loop walking the same list sequentially, limit=200, offset +=
 * 200. The sandbox answers every request after a set latency (20 ms by default, so the node's pages in
 * flight show), then once without latency (the per-request overhead in full). Reported per client:
 * requests, time (median of the rounds), records, and the peak heap above the level before the run
 * (sampled every 5 ms after a forced GC; run with --expose-gc, scripts/bench.mjs does). RSS is
 * sampled too but only printed to stderr: after the warm-up the process keeps the memory it took, so
 * its delta stays near 0 for every client and says nothing.
 */
import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PLATFORM2_KEYS, startSandbox, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { resetPacers } from '../nodes/VoiceAssistant/transport/pacers';
import { emit, loadVoiceAssistant, log, median, round, targetLine, type BenchRow } from './lib';

const RECORDS = Number(process.env.BENCH_P10_RECORDS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_P10_ROUNDS ?? 3);
const LATENCIES = (process.env.BENCH_P10_LATENCIES ?? '20,0').split(',').map(Number);
const PAGE = 200; // listAssistants: limit 1–200
const PATH = '/api/v1/assistants';

const VoiceAssistant = loadVoiceAssistant();

/** Tops workspace A's assistants up to exactly RECORDS with copies of the seeded ones (new UUIDs). */
function seedAssistants(sb: Sandbox): number {
	const rows = sb.platform2.list('A', '/assistants');
	const seeded = rows.slice();
	const start = Date.parse('2025-01-01T00:00:00Z');
	for (let i = rows.length; i < RECORDS; i++) {
		const template = seeded[i % seeded.length];
		const at = new Date(start - i * 60_000).toISOString();
		rows.push({ ...template, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `${String(template.name)} ${i}`, created_at: at, updated_at: at });
	}
	return rows.length;
}

async function thisNode(sb: Sandbox): Promise<number> {
	resetPacers(); // every round starts as a fresh n8n would (no learnt pacing)
	const result = await runNode({
		node: VoiceAssistant,
		parameters: { accountKind: 'platform2', resource: 'assistants', operation: 'listAssistants', returnAll: true } as INodeParameters,
		credentials: { apiKey: PLATFORM2_KEYS.full, origin: sb.origin },
		credentialType: 'voiceAssistantPlatform2Api',
	});
	if (result.error) throw result.error;
	return result.items.length;
}

/** What a hand-written client does: one page after the other until the total is in. */
async function rawSequential(sb: Sandbox): Promise<number> {
	const records: IDataObject[] = [];
	for (let offset = 0; ; offset += PAGE) {
		const res = await axios.get(`${sb.origin}${PATH}`, { params: { limit: PAGE, offset }, headers: { Authorization: `Bearer ${PLATFORM2_KEYS.full}` } });
		const data = res.data.data as IDataObject[];
		records.push(...data);
		if (data.length < PAGE || records.length >= res.data.meta.pagination.total) break;
	}
	return records.length;
}

/** For reference: the same raw client with 3 pages in flight once the first page gave the total (what the node does). */
async function rawThreeInFlight(sb: Sandbox): Promise<number> {
	const get = async (offset: number) =>
		(await axios.get(`${sb.origin}${PATH}`, { params: { limit: PAGE, offset }, headers: { Authorization: `Bearer ${PLATFORM2_KEYS.full}` } })).data;
	const first = await get(0);
	const records: IDataObject[] = [...(first.data as IDataObject[])];
	const total = Number(first.meta.pagination.total);
	const offsets: number[] = [];
	for (let offset = PAGE; offset < total; offset += PAGE) offsets.push(offset);
	const ahead: Array<Promise<{ data: IDataObject[] }>> = [];
	let next = 0;
	while (next < offsets.length || ahead.length > 0) {
		while (ahead.length < 3 && next < offsets.length) ahead.push(get(offsets[next++]));
		records.push(...(await ahead.shift()!).data);
	}
	return records.length;
}

/** Peak heapUsed and RSS above the levels before `work` (after a forced GC), sampled every 5 ms. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ value: T; heapMb: number; rssMb: number }> {
	(globalThis as { gc?: () => void }).gc?.();
	const before = process.memoryUsage();
	let heap = before.heapUsed;
	let rss = before.rss;
	const sample = () => {
		const now = process.memoryUsage();
		heap = Math.max(heap, now.heapUsed);
		rss = Math.max(rss, now.rss);
	};
	const timer = setInterval(sample, 5);
	try {
		const value = await work();
		sample();
		return { value, heapMb: round((heap - before.heapUsed) / 1024 / 1024, 1), rssMb: round((rss - before.rss) / 1024 / 1024, 1) };
	} finally {
		clearInterval(timer);
	}
}

async function main(): Promise<void> {
	const sb = await startSandbox({ quiet: true });
	try {
		const total = seedAssistants(sb);
		log(`P10: ${total} assistants in workspace A = ${Math.ceil(total / PAGE)} pages of ${PAGE}`);
		const clients = [
			{ name: 'this node (Return All)', run: thisNode },
			{ name: 'raw paging, sequential (axios, limit 200)', run: rawSequential },
			{ name: 'raw paging, 3 pages in flight (reference)', run: rawThreeInFlight },
		];
		for (const client of clients) await client.run(sb); // warm-up (JIT, sockets)
		const rows: BenchRow[] = [];
		const ratios = new Map<number, number>();
		for (const latency of LATENCIES) {
			sb.setLatency(latency);
			const runs = new Map(clients.map((client) => [client.name, { ms: [] as number[], heap: [] as number[], rss: [] as number[], requests: 0 }]));
			for (let r = 0; r < ROUNDS; r++) {
				for (const client of clients) {
					sb.clearRequests();
					const started = process.hrtime.bigint();
					const { value: count, heapMb, rssMb } = await withPeakMemory(() => client.run(sb));
					const ms = Number(process.hrtime.bigint() - started) / 1e6;
					if (count !== total) throw new Error(`${client.name} returned ${count} of ${total} assistants`);
					const requests = sb.requests.filter((request) => request.path === PATH).length;
					const entry = runs.get(client.name)!;
					entry.ms.push(ms);
					entry.heap.push(heapMb);
					entry.rss.push(rssMb);
					entry.requests = requests;
					log(`P10 ${latency} ms latency, round ${r + 1}, ${client.name}: ${round(ms, 0)} ms, ${requests} requests, heap +${heapMb} MB, RSS +${rssMb} MB`);
				}
			}
			const raw = median(runs.get(clients[1].name)!.ms);
			ratios.set(latency, median(runs.get(clients[0].name)!.ms) / raw);
			for (const client of clients) {
				const entry = runs.get(client.name)!;
				rows.push({
					client: `${client.name}, ${latency} ms latency`,
					requests: entry.requests,
					'median s': round(median(entry.ms) / 1000, 2),
					'× raw sequential': round(median(entry.ms) / raw, 2),
					records: total,
					'peak heap MB': Math.max(...entry.heap),
				});
			}
		}
		const judged = LATENCIES.find((latency) => latency > 0) ?? LATENCIES[0];
		const ratio = ratios.get(judged)!;
		const pass = ratio <= 1.2;
		const node = rows.find((row) => row.client === `${clients[0].name}, ${judged} ms latency`)!;
		const raw = rows.find((row) => row.client === `${clients[1].name}, ${judged} ms latency`)!;
		const others = [...ratios].filter(([latency]) => latency !== judged).map(([latency, value]) => `${round(value, 2)}× at ${latency} ms`);
		emit({
			figure: 'P10',
			title: `Platform 2.0 Return All over ${total} assistants (${Math.ceil(total / PAGE)} pages of ${PAGE})`,
			columns: ['requests', 'median s', '× raw sequential', 'records', 'peak heap MB'],
			rows,
			summary: targetLine(
				'P10',
				pass,
				`this node ${node['median s']} s = ${round(ratio, 2)}× raw sequential paging (${raw['median s']} s) with ${judged} ms latency (target ≤ 1.2)` +
					(others.length ? `, ${others.join(', ')}` : '') +
					`; ${node.requests} vs ${raw.requests} requests; peak heap +${node['peak heap MB']} MB vs +${raw['peak heap MB']} MB`,
			),
			pass,
			notes: [
				`Median of ${ROUNDS} rounds, the clients taking turns; one sandbox in the same process (its work counts for every client alike).`,
				'The node runs through n8n-core\'s WorkflowExecute (test/harness) with the Platform 2.0 credential; its output items are {json} with pairedItem, the raw clients keep only the records.',
				"Raw clients reuse keep-alive connections (Node's default agent); n8n's HTTP helper is the node's.",
				'Peak heap: the highest heapUsed above the level at the start (after a forced GC), sampled every 5 ms. (Peak RSS above the start stays ~0 MB for every client once the warm-up has grown the process: not a useful figure, so stderr only.)',
				'A shared 2-core machine: timings vary between runs; compare the clients within one run.',
			],
		});
	} finally {
		await sb.stop();
	}
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P10 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
