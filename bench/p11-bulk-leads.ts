/**
 * P11 — 1,000 leads into a campaign: requests and time.
 *
 * Platform 2.0: Leads → Add Leads, one item per lead; the node gathers the items into bulk requests
 * of up to 1,000 (Operation.group). Measured against the sandbox without a rate limit: the node's run
 * (n8n's engine, every item checked, one output item per lead) beside the same 1,000-lead request
 * sent directly (axios), the floor any client pays. Target: 1 request, ≤ 2× that request's time.
 *
 * Classic: Lead → Create, one request per lead, at the documented limit (100 a minute, 20 per 10 s).
 * Its time is the rate limit's theoretical minimum, computed with the sandbox's own limiter; unless
 * BENCH_P11_CLASSIC=0 (--quick), the node is also run at the limit time-scaled 10x and its time scaled back.
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { PLATFORM2_KEYS, startSandbox, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, loadN8nNode, loadVoiceAssistant, log, median, phoneNumber, round, targetLine, theoreticalMinimumMs, type BenchRow } from './lib';

const COUNT = Number(process.env.BENCH_P11_COUNT ?? 1000);
const ROUNDS = Number(process.env.BENCH_P11_ROUNDS ?? 5);
const CLASSIC_MEASURED = (process.env.BENCH_P11_CLASSIC ?? '1') !== '0';
const CLASSIC_LIMIT = { perMinute: 100, burst: 20, burstWindowSeconds: 10 };
const CLASSIC_SCALE = 10;

const VoiceAssistant = loadVoiceAssistant();
const leadItems = (block: number) => Array.from({ length: COUNT }, (_, i): IDataObject => ({ phone: phoneNumber(i, block), name: `Lead ${i}` }));

/**
 * `fixed`: every item the same number and no name, without expressions: what the node costs without
 * n8n evaluating two expressions per item (the sandbox does not refuse a number twice).
 */
async function platform2Run(sb: Sandbox, campaign: string, block: number, fixed = false): Promise<{ ms: number; requests: number; created: number; failed: number }> {
	sb.clearRequests();
	const started = Date.now();
	const result = await runNode({
		node: VoiceAssistant,
		parameters: {
			accountKind: 'platform2',
			resource: 'leads',
			operation: 'addLeads',
			id: { __rl: true, mode: 'id', value: campaign },
			phoneNumber: fixed ? phoneNumber(0, block) : '={{ $json.phone }}',
			variablesInput: 'none',
			additionalFields: fixed ? {} : { name: '={{ $json.name }}' },
		},
		credentials: { apiKey: PLATFORM2_KEYS.full, origin: sb.origin },
		credentialType: 'voiceAssistantPlatform2Api',
		items: leadItems(block),
		continueOnFail: true,
	});
	const ms = Date.now() - started;
	const requests = sb.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/campaigns/')).length;
	if (result.error) return { ms, requests, created: 0, failed: COUNT };
	return {
		ms,
		requests,
		created: result.items.filter((item) => item.json.status === 'created').length,
		failed: result.items.filter((item) => item.json.error !== undefined).length,
	};
}

/**
 * n8n's own Edit Fields node setting the same two fields from the same two expressions for the same
 * 1,000 items, and nothing else: what n8n itself costs for this mapping, before any request is sent.
 */
async function expressionsFloor(block: number): Promise<number | { skipped: string }> {
	const loaded = loadN8nNode('Set/Set.node.js', 'Set');
	if ('skipped' in loaded) return loaded;
	const started = Date.now();
	const result = await runNode({
		node: loaded.node,
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					{ id: 'phone', name: 'phone_number', value: '={{ $json.phone }}', type: 'string' },
					{ id: 'name', name: 'name', value: '={{ $json.name }}', type: 'string' },
				],
			},
			options: {},
		},
		credentials: null,
		items: leadItems(block),
	});
	const ms = Date.now() - started;
	if (result.error || result.items.length !== COUNT) throw new Error(`Edit Fields did not map the ${COUNT} items: ${String(result.error)}`);
	return ms;
}

async function directRequest(sb: Sandbox, campaign: string, block: number): Promise<number> {
	const body = leadItems(block).map((item) => ({ phone_number: item.phone, name: item.name }));
	const started = Date.now();
	const answer = await axios.post(`${sb.origin}/api/v1/campaigns/${campaign}/leads`, body, { headers: { Authorization: `Bearer ${PLATFORM2_KEYS.full}` } });
	const ms = Date.now() - started;
	if (answer.status !== 201) throw new Error(`the direct request answered ${answer.status}`);
	return ms;
}

async function classicMeasured(): Promise<{ ms: number; requests: number; failed: number }> {
	const sb = await startSandbox({ quiet: true, rateLimit: { ...CLASSIC_LIMIT, timeScale: CLASSIC_SCALE }, callTiming: { stepMs: 3_600_000 } });
	try {
		const started = Date.now();
		const result = await runNode({
			node: VoiceAssistant,
			parameters: {
				resource: 'lead',
				operation: 'create',
				campaignId: { __rl: true, mode: 'id', value: '1' },
				phoneNumber: '={{ $json.phone }}',
				additionalFields: { allowDuplicates: true },
			},
			credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
			items: leadItems(7),
			continueOnFail: true,
		});
		const ms = (Date.now() - started) * CLASSIC_SCALE;
		const requests = sb.requests.filter((r) => r.path === '/api/user/lead').length;
		return { ms, requests, failed: result.error ? COUNT : result.items.filter((item) => item.json.error !== undefined).length };
	} finally {
		await sb.stop();
	}
}

async function main(): Promise<void> {
	const sb = await startSandbox({ quiet: true, callTiming: { stepMs: 3_600_000 } });
	const rows: BenchRow[] = [];
	const notes: string[] = [];
	let pass = false;
	let summary2 = '';
	try {
		const campaign = String(sb.platform2.list('A', '/campaigns').find((c) => c.name === 'Renewals')?.id);
		// Warm-up, unmeasured: the first run pays for loading n8n-core and compiling.
		await platform2Run(sb, campaign, 8);
		await directRequest(sb, campaign, 9);
		const node: Array<Awaited<ReturnType<typeof platform2Run>>> = [];
		const fixed: number[] = [];
		const direct: number[] = [];
		const floor: number[] = [];
		let floorSkipped: string | undefined;
		for (let round = 0; round < ROUNDS; round++) {
			const floorMs = await expressionsFloor(3 * round);
			if (typeof floorMs === 'number') floor.push(floorMs);
			else floorSkipped = floorMs.skipped;
			// a block of numbers per run and per client: every lead is new to the campaign
			node.push(await platform2Run(sb, campaign, 3 * round));
			fixed.push((await platform2Run(sb, campaign, 3 * round + 1, true)).ms);
			direct.push(await directRequest(sb, campaign, 3 * round + 2));
		}
		const fixedMs = median(fixed);
		const nodeMs = median(node.map((run) => run.ms));
		const directMs = median(direct);
		const requests = Math.max(...node.map((run) => run.requests));
		const failed = Math.max(...node.map((run) => run.failed));
		const ratio = round(nodeMs / Math.max(1, directMs), 2);
		pass = requests === 1 && failed === 0 && nodeMs <= 2 * directMs;
		rows.push(
			{ client: 'Platform 2.0: Add Leads (this node)', requests, 'time s': round(nodeMs / 1000, 3), '× one request': ratio, 'leads created': node[0].created, 'items failed': failed, how: `measured, median of ${ROUNDS}` },
			{ client: 'Platform 2.0: Add Leads, no expressions', requests, 'time s': round(fixedMs / 1000, 3), '× one request': round(fixedMs / Math.max(1, directMs), 2), how: `measured, median of ${ROUNDS}` },
			{ client: 'Platform 2.0: the one request alone (axios)', requests: 1, 'time s': round(directMs / 1000, 3), '× one request': 1, how: `measured, median of ${ROUNDS}` },
		);
		if (floor.length > 0) {
			const floorMs = median(floor);
			rows.push({
				client: "n8n's Edit Fields node, the same two expressions, no request",
				requests: 0,
				'time s': round(floorMs / 1000, 3),
				'× one request': round(floorMs / Math.max(1, directMs), 2),
				how: `measured, median of ${ROUNDS}`,
			});
			notes.push(
				`The node's own share: ${round(nodeMs - floorMs - directMs)} ms for ${COUNT.toLocaleString('en-US')} leads (its run, less what n8n's Edit Fields node needs for the same two expressions, less the request) = ${round(((nodeMs - floorMs - directMs) * 1000) / COUNT)} µs a lead; every number is checked with libphonenumber, every item gets its own output with pairedItem.`,
			);
		} else if (floorSkipped) notes.push(`The Edit Fields comparison was skipped: ${floorSkipped}`);
		summary2 = `Platform 2.0 ${requests} request(s), ${round(nodeMs / 1000, 3)} s = ${ratio}× the one request's ${round(directMs / 1000, 3)} s (target 1 request, ≤ 2×; without per-item expressions ${round(fixedMs / 1000, 3)} s)`;
		notes.push(
			'"no expressions": every item the same number and no name, so n8n evaluates no expression per item; the difference to the row above is n8n reading {{ $json.phone }} and {{ $json.name }} for 1,000 items, which any node pays.',
		);
	} finally {
		await sb.stop();
	}

	const minimumMs = theoreticalMinimumMs(CLASSIC_LIMIT, COUNT);
	rows.push({ client: 'Classic: Lead → Create (one per item)', requests: COUNT, 'time s': round(minimumMs / 1000, 1), how: 'computed: the rate limit\'s theoretical minimum' });
	notes.push(`Classic's time is computed from its documented limit (${CLASSIC_LIMIT.perMinute}/min, ${CLASSIC_LIMIT.burst} per ${CLASSIC_LIMIT.burstWindowSeconds} s) with the sandbox's own limiter: no client can be faster.`);
	if (CLASSIC_MEASURED) {
		const classic = await classicMeasured();
		rows.push({ client: 'Classic: Lead → Create, run', requests: classic.requests, 'time s': round(classic.ms / 1000, 1), 'items failed': classic.failed, how: `measured at the limit time-scaled ${CLASSIC_SCALE}x, time × ${CLASSIC_SCALE}` });
	} else notes.push('Classic not run (--quick or BENCH_P11_CLASSIC=0): computed only.');
	notes.push('Platform 2.0 runs against the sandbox without a rate limit; its 1,000 leads are one request, so a limit of 100/min would not change it.');

	emit({
		figure: 'P11',
		title: `${COUNT.toLocaleString('en-US')} leads into a campaign: requests and time`,
		columns: ['requests', 'time s', '× one request', 'leads created', 'items failed', 'how'],
		rows,
		summary: targetLine('P11', pass, `${summary2}; classic ${COUNT} requests, ≥ ${round(minimumMs / 1000, 1)} s at its rate limit`),
		pass,
		notes,
	});
}

main().catch((error: unknown) => {
	log(`P11 failed: ${String((error as Error)?.stack ?? error)}`);
	process.exit(1);
});
