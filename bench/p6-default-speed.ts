/**
 * P6 — the action node at default settings (Requests in Parallel = automatic) against plain clients:
 * 2,000 Lead → Create at 0 ms and 20 ms simulated latency, no rate limit, beside a sequential loop
 * and 10 requests at a time (axios, keep-alive); then this node's cost per item at 1,000 and 10,000
 * items (0 ms latency), which must stay flat. Clients take turns; the median of the rounds is
 * reported (the sequential loop runs once: at 20 ms it alone takes ~45 s).
 */
import http from 'node:http';
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, loadVoiceAssistant, log, median, phoneNumber, round, targetLine, type BenchRow } from './lib';

const COUNT = Number(process.env.BENCH_P6_COUNT ?? 2000);
const ROUNDS = Number(process.env.BENCH_P6_ROUNDS ?? 3);
const SCALE_COUNTS = (process.env.BENCH_P6_SCALE ?? '1000,10000').split(',').map(Number);
const LATENCIES = [0, 20];
const CAMPAIGN = 1; // Alice's "Spring Promotion"

const VoiceAssistant = loadVoiceAssistant();
const keepAlive = new http.Agent({ keepAlive: true });

interface Client {
	name: string;
	once?: boolean;
	run(sb: Sandbox, phones: string[]): Promise<number>; // failed items
}

const thisNode: Client = {
	name: 'this node (default settings)',
	async run(sb, phones) {
		const result = await runNode({
			node: VoiceAssistant,
			parameters: {
				resource: 'lead',
				operation: 'create',
				campaignId: { __rl: true, mode: 'id', value: String(CAMPAIGN) },
				phoneNumber: '={{ $json.phone }}',
				additionalFields: { allowDuplicates: true },
			},
			credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
			items: phones.map((phone): IDataObject => ({ phone })),
			continueOnFail: true,
		});
		if (result.error) throw result.error;
		return result.items.filter((item) => item.json.error !== undefined).length;
	},
};

function raw(name: string, parallel: number, once = false): Client {
	return {
		name,
		once,
		async run(sb, phones) {
			let next = 0;
			let failed = 0;
			await Promise.all(
				Array.from({ length: parallel }, async () => {
					while (next < phones.length) {
						const phone = phones[next++];
						const res = await axios.post(
							`${sb.baseUrl}/user/lead`,
							{ phone_number: phone, campaign_id: CAMPAIGN, allow_dupplicate: true },
							{ headers: { Authorization: `Bearer ${sb.tokens.alice}` }, httpAgent: keepAlive, validateStatus: () => true },
						);
						if (res.status < 200 || res.status >= 300) failed++;
					}
				}),
			);
			return failed;
		},
	};
}

async function timed(client: Client, latencyMs: number, count: number, block: number): Promise<{ ms: number; failed: number }> {
	const sb = await startSandbox({ quiet: true, latencyMs, callTiming: { stepMs: 3_600_000 } });
	try {
		const phones = Array.from({ length: count }, (_, i) => phoneNumber(i, block));
		const started = process.hrtime.bigint();
		const failed = await client.run(sb, phones);
		return { ms: Number(process.hrtime.bigint() - started) / 1e6, failed };
	} finally {
		await sb.stop();
	}
}

async function main(): Promise<void> {
	const clients = [thisNode, raw('raw axios, 10 at a time (keep-alive)', 10), raw('plain sequential loop (axios, keep-alive)', 1, true)];
	for (const client of clients) await timed(client, 0, 100, 9); // warm-up: module loading, JIT

	const rows: BenchRow[] = [];
	const ratios: Record<number, { vsRaw: number; vsLoop: number }> = {};
	for (const latency of LATENCIES) {
		const samples = new Map<string, number[]>(clients.map((client) => [client.name, []]));
		const failed = new Map<string, number>(clients.map((client) => [client.name, 0]));
		for (let r = 0; r < ROUNDS; r++) {
			for (const [index, client] of clients.entries()) {
				if (client.once && r > 0) continue;
				const outcome = await timed(client, latency, COUNT, index);
				samples.get(client.name)!.push(outcome.ms);
				failed.set(client.name, failed.get(client.name)! + outcome.failed);
				log(`P6 ${latency} ms round ${r + 1} ${client.name}: ${(outcome.ms / 1000).toFixed(2)} s, ${outcome.failed} failed`);
			}
		}
		const ms = (name: string) => median(samples.get(name)!);
		const ours = ms(thisNode.name);
		ratios[latency] = { vsRaw: ours / ms(clients[1].name), vsLoop: ours / ms(clients[2].name) };
		for (const client of clients) {
			rows.push({
				client: `${client.name}, ${latency} ms`,
				's': round(ms(client.name) / 1000, 2),
				'items/s': round((COUNT / ms(client.name)) * 1000, 0),
				'this node time ÷ its time': client === thisNode ? '—' : round(ours / ms(client.name), 2),
				failed: failed.get(client.name)!,
			});
		}
	}

	const perItem: number[] = [];
	for (const count of SCALE_COUNTS) {
		const { ms, failed } = await timed(thisNode, 0, count, 5);
		perItem.push(ms / count);
		log(`P6 scale ${count} items: ${(ms / 1000).toFixed(2)} s = ${(ms / count).toFixed(3)} ms/item, ${failed} failed`);
		rows.push({ client: `this node, ${count} items, 0 ms (ms per item)`, 's': round(ms / 1000, 2), 'items/s': round((count / ms) * 1000, 0), 'ms/item': round(ms / count, 3), failed });
	}
	const flat = perItem.length < 2 ? 1 : perItem[perItem.length - 1] / perItem[0];
	const at20 = ratios[20];
	const pass = at20.vsRaw <= 1.1 && flat <= 1.25;
	emit({
		figure: 'P6',
		title: `${COUNT} leads created at default settings, 0 and 20 ms latency, no limit`,
		columns: ['s', 'items/s', 'this node time ÷ its time', 'ms/item', 'failed'],
		rows,
		summary: targetLine(
			'P6',
			pass,
			`at 20 ms this node takes ${round(at20.vsRaw, 2)}× the time of 10 raw requests at a time (target ≤ 1.1) and ${round(at20.vsLoop, 2)}× a sequential loop; at 0 ms ${round(ratios[0].vsRaw, 2)}× and ${round(ratios[0].vsLoop, 2)}×; per item ${perItem.map((v) => round(v, 3)).join(' → ')} ms at ${SCALE_COUNTS.join(' → ')} items (${round(flat, 2)}×, target ≤ 1.25)`,
		),
		pass,
		notes: [
			`${COUNT} POST /user/lead, sandbox without rate limit, ${ROUNDS} rounds (sequential loop: one), median; clients take turns.`,
			"this node: Requests in Parallel left at its default (automatic); n8n's HTTP helper opens a new connection per request, the raw clients keep theirs alive.",
		],
	});
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P6 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
