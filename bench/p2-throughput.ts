/**
 * P2 — 2,000 calls placed (Call → Make) against a sandbox with 20 ms latency and no rate limit:
 * items per second of this node (Requests in Parallel = 10) vs a raw HTTP client at the same
 * concurrency vs n8n's HTTP Request node. Clients take turns, three rounds, median reported, so a
 * noisy moment hits all of them alike.
 */
import http from 'node:http';
import axios from 'axios';

import { PARALLEL_REQUESTS } from '../nodes/VoiceAssistant/engine/requestOptions';
import { startSandbox, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import {
	emit,
	httpRequestPost,
	loadHttpRequestNode,
	loadVoiceAssistant,
	log,
	median,
	phoneNumber,
	round,
	targetLine,
	type BenchRow,
} from './lib';

const COUNT = Number(process.env.BENCH_P2_COUNT ?? 2000);
const ROUNDS = Number(process.env.BENCH_P2_ROUNDS ?? 3);
const LATENCY_MS = 20;
const REQUESTED_PARALLEL = Number(process.env.BENCH_P2_PARALLEL ?? 10);
// The node clamps Requests in Parallel to its bound (router.ts). Every client runs at what the node
// really runs, so the ratios compare equal concurrency: comparing the node clamped to 10 with a raw
// client at 50 once looked like a hidden ~300 items/s ceiling in the node.
const PARALLEL = Number.isFinite(REQUESTED_PARALLEL)
	? Math.max(1, Math.min(PARALLEL_REQUESTS.max, Math.floor(REQUESTED_PARALLEL)))
	: PARALLEL_REQUESTS.max;
const ASSISTANT = 1; // Alice's outbound "Sales Outreach"

interface Client {
	name: string;
	run(sb: Sandbox, phones: string[]): Promise<number>; // failed items
}

const VoiceAssistant = loadVoiceAssistant();

const thisNode: Client = {
	name: `this node (Requests in Parallel ${PARALLEL})`,
	async run(sb, phones) {
		const result = await runNode({
			node: VoiceAssistant,
			parameters: {
				resource: 'call',
				operation: 'make',
				assistantId: { __rl: true, mode: 'id', value: String(ASSISTANT) },
				phoneNumber: '={{ $json.phone }}',
				requestOptions: { parallelRequests: PARALLEL },
			},
			credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
			items: phones.map((phone) => ({ phone })),
			continueOnFail: true,
		});
		if (result.error) throw result.error;
		return result.items.filter((item) => item.json.error !== undefined).length;
	},
};

function rawClient(name: string, agent: () => http.Agent | undefined): Client {
	return {
		name,
		async run(sb, phones) {
			let next = 0;
			let failed = 0;
			await Promise.all(
				Array.from({ length: PARALLEL }, async () => {
					while (next < phones.length) {
						const phone = phones[next++];
						const res = await axios.post(
							`${sb.baseUrl}/user/make_call`,
							{ phone_number: phone, assistant_id: ASSISTANT },
							{ headers: { Authorization: `Bearer ${sb.tokens.alice}` }, httpAgent: agent(), validateStatus: () => true },
						);
						if (res.status !== 200) failed++;
					}
				}),
			);
			return failed;
		},
	};
}

function httpNode(name: string, options: object): Client | undefined {
	const loaded = loadHttpRequestNode();
	if ('skipped' in loaded) return undefined;
	return {
		name,
		async run(sb, phones) {
			const result = await runNode({
				node: loaded.HttpRequest,
				parameters: httpRequestPost(
					`${sb.baseUrl}/user/make_call`,
					sb.tokens.alice,
					`={{ JSON.stringify({ phone_number: $json.phone, assistant_id: ${ASSISTANT} }) }}`,
					options as never,
				),
				credentials: null,
				items: phones.map((phone) => ({ phone })),
				continueOnFail: true,
			});
			if (result.error) throw result.error;
			return result.items.filter((item) => item.json.error !== undefined).length;
		},
	};
}

async function once(client: Client, block: number): Promise<{ itemsPerSecond: number; failed: number }> {
	// Calls stay "initiated" (the simulator's next step is an hour away): no background work.
	const sb = await startSandbox({ quiet: true, latencyMs: LATENCY_MS, callTiming: { stepMs: 3_600_000 } });
	try {
		const phones = Array.from({ length: COUNT }, (_, i) => phoneNumber(i, block));
		const started = Date.now();
		const failed = await client.run(sb, phones);
		const ms = Date.now() - started;
		return { itemsPerSecond: (COUNT / ms) * 1000, failed };
	} finally {
		await sb.stop();
	}
}

async function main(): Promise<void> {
	const keepAlive = new http.Agent({ keepAlive: true });
	const clients: Client[] = [
		thisNode,
		rawClient(`raw axios, ${PARALLEL} at a time (keep-alive)`, () => keepAlive),
		rawClient(`raw axios, ${PARALLEL} at a time, new connection each`, () => new http.Agent({ keepAlive: false })),
	];
	const notes = [
		`${COUNT} POST /user/make_call, sandbox latency ${LATENCY_MS} ms, no rate limit; ${ROUNDS} rounds, clients take turns, median items/s.`,
		"n8n's HTTP helper opens a new connection per request (no keep-alive), so the raw client is shown both ways.",
	];
	if (PARALLEL !== REQUESTED_PARALLEL) {
		const clamped = `BENCH_P2_PARALLEL=${REQUESTED_PARALLEL} is outside Requests in Parallel's bounds (${PARALLEL_REQUESTS.min}–${PARALLEL_REQUESTS.max}): every client ran ${PARALLEL} at a time.`;
		log(`P2: ${clamped}`);
		notes.push(clamped);
	}
	const http4 = loadHttpRequestNode();
	if ('skipped' in http4) notes.push(`HTTP Request node skipped: ${http4.skipped}`);
	else {
		notes.push(`HTTP Request node ${http4.version}: default options send every item at once (no concurrency setting); batching (10 every 20 ms) keeps about ${PARALLEL} in flight.`);
		for (const client of [
			httpNode('HTTP Request (default: all at once)', {}),
			httpNode(`HTTP Request, batch ${PARALLEL} per ${LATENCY_MS} ms`, { batching: { batch: { batchSize: PARALLEL, batchInterval: LATENCY_MS } } }),
		]) {
			if (client) clients.push(client);
		}
	}

	// Warm-up: the first run of anything pays for module loading and JIT.
	for (const client of clients) {
		const sb = await startSandbox({ quiet: true, callTiming: { stepMs: 3_600_000 } });
		await client.run(sb, Array.from({ length: 50 }, (_, i) => phoneNumber(i, 9)));
		await sb.stop();
	}

	const samples = new Map<string, number[]>(clients.map((client) => [client.name, []]));
	const failures = new Map<string, number>(clients.map((client) => [client.name, 0]));
	for (let round = 0; round < ROUNDS; round++) {
		for (const [index, client] of clients.entries()) {
			const { itemsPerSecond, failed } = await once(client, index);
			samples.get(client.name)!.push(itemsPerSecond);
			failures.set(client.name, failures.get(client.name)! + failed);
			log(`P2 round ${round + 1} ${client.name}: ${itemsPerSecond.toFixed(1)} items/s, ${failed} failed`);
		}
	}
	const rate = (name: string) => median(samples.get(name)!);
	const ours = rate(thisNode.name);
	const rawKeepAlive = rate(clients[1].name);
	const httpDefault = clients.find((client) => client.name.startsWith('HTTP Request (default'));
	const rows: BenchRow[] = clients.map((client) => ({
		client: client.name,
		'items/s': round(rate(client.name), 1),
		'this node ÷ it': client === thisNode ? '—' : round(ours / rate(client.name), 2),
		failed: failures.get(client.name)!,
	}));
	const vsRaw = ours / rawKeepAlive;
	const vsHttp = httpDefault ? ours / rate(httpDefault.name) : null;
	const pass = vsHttp === null ? null : vsRaw >= 0.8 && vsHttp >= 1;
	emit({
		figure: 'P2',
		title: `${COUNT} calls placed, ${LATENCY_MS} ms latency, no limit`,
		columns: ['items/s', 'this node ÷ it', 'failed'],
		rows,
		summary: targetLine(
			'P2',
			pass,
			`this node ${round(ours, 0)} items/s = ${round(vsRaw, 2)}× raw HTTP with keep-alive (target ≥ 0.8), ${round(ours / rate(clients[2].name), 2)}× raw without` +
				(vsHttp === null ? '; HTTP Request node skipped' : `, ${round(vsHttp, 2)}× the HTTP Request node's default (target ≥ 1)`),
		),
		pass,
		notes,
	});
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P2 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
