/**
 * P1 — 1,000 lead creates under the documented rate limit (100/min + 20 per 10 s), time-scaled 10x
 * (100 per 6 s, 20 per 1 s). Every client gets its own sandbox (its own limit) and all run at once in
 * this process. Figures: elapsed ÷ the limit's theoretical minimum, 429s the platform answered,
 * items failed, duplicate leads.
 *
 * P1b repeats it for this node and the naive client with 2 % of lead creates answering 502 after the
 * lead was saved: the case where a blind retry duplicates.
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, httpRequestPost, loadHttpRequestNode, loadVoiceAssistant, log, phoneNumber, round, targetLine, theoreticalMinimumMs, type BenchRow } from './lib';

const COUNT = Number(process.env.BENCH_P1_COUNT ?? 1000);
const LIMIT = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 10 };
const CAMPAIGN = 1; // Alice's "Spring Promotion"
const FAULT_SHARE = 0.02;

interface Outcome {
	ms: number;
	failed: number;
}

interface Client {
	name: string;
	faults?: boolean;
	run(sb: Sandbox, phones: string[]): Promise<Outcome>;
}

const VoiceAssistant = loadVoiceAssistant();

function itemsFor(phones: string[]): IDataObject[] {
	return phones.map((phone) => ({ phone }));
}

const thisNode = (faults = false): Client => ({
	name: faults ? 'this node, 2 % 502 after saving' : 'this node (default options)',
	faults,
	async run(sb, phones) {
		const started = Date.now();
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
			items: itemsFor(phones),
			continueOnFail: true,
		});
		const ms = Date.now() - started;
		if (result.error) return { ms, failed: phones.length };
		return { ms, failed: result.items.filter((item) => item.json.error !== undefined).length };
	},
});

function httpNode(name: string, options: IDataObject): Client | undefined {
	const loaded = loadHttpRequestNode();
	if ('skipped' in loaded) return undefined;
	return {
		name,
		async run(sb, phones) {
			const started = Date.now();
			const result = await runNode({
				node: loaded.HttpRequest,
				parameters: httpRequestPost(
					`${sb.baseUrl}/user/lead`,
					sb.tokens.alice,
					`={{ JSON.stringify({ phone_number: $json.phone, campaign_id: ${CAMPAIGN}, allow_dupplicate: true }) }}`,
					options,
				),
				credentials: null,
				items: itemsFor(phones),
				continueOnFail: true,
			});
			const ms = Date.now() - started;
			if (result.error) return { ms, failed: phones.length };
			return { ms, failed: result.items.filter((item) => item.json.error !== undefined).length };
		},
	};
}

/** What people write first: one request after the other, up to three retries 1 s apart (scaled). */
const naiveClient = (faults = false): Client => ({
	name: faults ? 'naive client, 2 % 502 after saving' : 'naive client (axios, 3 retries)',
	faults,
	async run(sb, phones) {
		const started = Date.now();
		let failed = 0;
		for (const phone of phones) {
			let ok = false;
			for (let attempt = 0; attempt <= 3 && !ok; attempt++) {
				if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000 / LIMIT.timeScale));
				try {
					const res = await axios.post(
						`${sb.baseUrl}/user/lead`,
						{ phone_number: phone, campaign_id: CAMPAIGN, allow_dupplicate: true },
						{ headers: { Authorization: `Bearer ${sb.tokens.alice}` }, timeout: 30_000 },
					);
					ok = res.status >= 200 && res.status < 300;
				} catch {
					ok = false;
				}
			}
			if (!ok) failed++;
		}
		return { ms: Date.now() - started, failed };
	},
});

async function measure(client: Client, block: number, minimumMs: number): Promise<BenchRow> {
	const sb = await startSandbox({ quiet: true, rateLimit: LIMIT, callTiming: { stepMs: 3_600_000 } });
	try {
		if (client.faults) {
			sb.setFaults([{ kind: 'status', status: 502, share: FAULT_SHARE, match: { method: 'POST', path: '/api/user/lead' } }]);
		}
		const phones = Array.from({ length: COUNT }, (_, i) => phoneNumber(i, block));
		const wanted = new Set(phones);
		const outcome = await client.run(sb, phones);
		const perPhone = new Map<string, number>();
		for (const lead of sb.store.leads) {
			if (lead.campaign_id === CAMPAIGN && wanted.has(lead.phone_number)) {
				perPhone.set(lead.phone_number, (perPhone.get(lead.phone_number) ?? 0) + 1);
			}
		}
		const duplicates = [...perPhone.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
		const posts = sb.requests.filter((request) => request.path === '/api/user/lead');
		const complete = outcome.failed === 0;
		const row: BenchRow = {
			client: client.name,
			'elapsed s': round(outcome.ms / 1000, 1),
			'× minimum': complete ? round(outcome.ms / minimumMs, 3) : '—',
			'429s': posts.filter((request) => request.status === 429).length,
			'items failed': outcome.failed,
			'leads created': perPhone.size,
			duplicates,
			requests: posts.length,
		};
		log(`P1 ${client.name}: ${JSON.stringify(row)}`);
		return row;
	} finally {
		await sb.stop();
	}
}

async function main(): Promise<void> {
	const minimumMs = theoreticalMinimumMs(LIMIT, COUNT);
	log(`P1: ${COUNT} lead creates, limit ${LIMIT.perMinute}/min + ${LIMIT.burst}/${LIMIT.burstWindowSeconds} s at timeScale ${LIMIT.timeScale}: theoretical minimum ${minimumMs / 1000} s`);
	const http = loadHttpRequestNode();
	const notes: string[] = [
		`Theoretical minimum: ${round(minimumMs / 1000, 1)} s, when a client sends the instant each slot frees (computed with the sandbox's own limiter).`,
		'Each client has its own sandbox; all run at the same time in one process. "On Error: Continue" for the n8n nodes so every item is counted.',
	];
	const clients: Client[] = [thisNode()];
	if ('skipped' in http) {
		notes.push(`HTTP Request node skipped: ${http.skipped}`);
	} else {
		notes.push(`HTTP Request node ${http.version} (n8n-nodes-base): JSON body, token as a header parameter; batch intervals scaled like the limit.`);
		for (const client of [
			httpNode('HTTP Request (default options)', {}),
			httpNode('HTTP Request, batch 1 per 0.6 s (100/min)', { batching: { batch: { batchSize: 1, batchInterval: 600 / LIMIT.timeScale } } }),
			httpNode('HTTP Request, batch 20 per 10 s (burst)', { batching: { batch: { batchSize: 20, batchInterval: 10_000 / LIMIT.timeScale } } }),
		]) {
			if (client) clients.push(client);
		}
	}
	clients.push(naiveClient(), thisNode(true), naiveClient(true));

	// Warm-up, unmeasured: the first run of each n8n node pays for loading n8n-core and compiling.
	const warm = await startSandbox({ quiet: true, callTiming: { stepMs: 3_600_000 } });
	for (const client of clients) await client.run(warm, [phoneNumber(0, 9), phoneNumber(1, 9)]);
	await warm.stop();

	const rows = await Promise.all(clients.map((client, index) => measure(client, index, minimumMs)));
	const ours = rows[0];
	const ratio = typeof ours['× minimum'] === 'number' ? ours['× minimum'] : Infinity;
	const pass = ratio <= 1.05 && ours['items failed'] === 0 && ours.duplicates === 0;
	const faulted = rows.find((row) => row.client.startsWith('this node, 2 %'));
	emit({
		figure: 'P1',
		title: `${COUNT} lead creates at the documented limit (time-scaled ${LIMIT.timeScale}x)`,
		columns: ['elapsed s', '× minimum', '429s', 'items failed', 'leads created', 'duplicates', 'requests'],
		rows,
		summary: targetLine(
			'P1',
			pass,
			`this node ${ours['× minimum']}× the theoretical minimum (target ≤ 1.05), ${ours['429s']} 429s, ${ours['items failed']} failed, ${ours.duplicates} duplicates (target 0 and 0)` +
				(faulted ? `; with 2 % 502s: ${faulted['items failed']} items flagged "may have been created", ${faulted.duplicates} duplicates` : ''),
		),
		pass,
		notes,
	});
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P1 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
