/**
 * P11 — 1,000 leads into a campaign: requests and time.
 *
 * Platform 2.0: Leads → Add Leads, one item per lead; the node gathers the items into bulk requests
 * of up to 1,000 (Operation.group). Measured against the sandbox without a rate limit: the node's run
 * (n8n's engine, every item checked, one output item per lead), with Map Automatically and with two
 * expressions per item, beside the same 1,000-lead request sent directly (axios) and sent by n8n's
 * HTTP Request node, and beside n8n's Edit Fields node evaluating the same two expressions.
 * Target: 1 request, ≤ 2× that request's time; judged on Map Automatically against the request as
 * n8n sends it (an n8n run's own fixed cost is about as large as the bare request against a local sandbox).
 *
 * Classic: Lead → Create, one request per lead, at the documented limit (100 a minute, 20 per 10 s).
 * Its time is the rate limit's theoretical minimum, computed with the sandbox's own limiter; unless
 * BENCH_P11_CLASSIC=0 (--quick), the node is also run at the limit time-scaled 10x and its time scaled back.
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { PLATFORM2_KEYS, startSandbox, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, httpRequestPost, loadHttpRequestNode, loadN8nNode, loadVoiceAssistant, log, median, phoneNumber, round, targetLine, theoreticalMinimumMs, type BenchRow } from './lib';

const COUNT = Number(process.env.BENCH_P11_COUNT ?? 1000);
const ROUNDS = Number(process.env.BENCH_P11_ROUNDS ?? 5);
const CLASSIC_MEASURED = (process.env.BENCH_P11_CLASSIC ?? '1') !== '0';
const CLASSIC_LIMIT = { perMinute: 100, burst: 20, burstWindowSeconds: 10 };
const CLASSIC_SCALE = 10;

const VoiceAssistant = loadVoiceAssistant();
const leadItems = (block: number) => Array.from({ length: COUNT }, (_, i): IDataObject => ({ phone: phoneNumber(i, block), name: `Lead ${i}` }));

/**
 * How the node takes each lead from its item:
 * - `expressions`: "Define Below" with {{ $json.phone }} and {{ $json.name }}, as most workflows map;
 * - `automatic`: "Map Automatically", the items already named phone and name (a sheet's columns);
 * - `fixed`: every item the same number and no name, no expression: n8n evaluates nothing per item
 *   (the platform adds the number once; the other items come back "not added", a conflict, not an error).
 */
type Mapping = 'expressions' | 'automatic' | 'fixed';

const MAPPINGS: Record<Mapping, IDataObject> = {
	expressions: { phoneNumber: '={{ $json.phone }}', variablesInput: 'none', additionalFields: { name: '={{ $json.name }}' } },
	automatic: { mappingMode: 'autoMapInputData' },
	fixed: { variablesInput: 'none', additionalFields: {} },
};

async function platform2Run(sb: Sandbox, campaign: string, block: number, mapping: Mapping): Promise<{ ms: number; requests: number; created: number; failed: number }> {
	sb.clearRequests();
	const items = leadItems(block);
	const started = Date.now();
	const result = await runNode({
		node: VoiceAssistant,
		parameters: {
			accountKind: 'platform2',
			resource: 'leads',
			operation: 'addLeads',
			id: { __rl: true, mode: 'id', value: campaign },
			...MAPPINGS[mapping],
			...(mapping === 'fixed' ? { phoneNumber: phoneNumber(0, block) } : {}),
		},
		credentials: { apiKey: PLATFORM2_KEYS.full, origin: sb.origin },
		credentialType: 'voiceAssistantPlatform2Api',
		items,
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
					{ id: 'phone', name: 'phone', value: '={{ $json.phone }}', type: 'string' },
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

/** The same one request as n8n's HTTP Request node sends it: one input item, the 1,000 leads as its JSON body. */
async function httpNodeRequest(sb: Sandbox, campaign: string, block: number): Promise<number | { skipped: string }> {
	const loaded = loadHttpRequestNode();
	if ('skipped' in loaded) return loaded;
	const body = JSON.stringify(leadItems(block).map((item) => ({ phone: item.phone, name: item.name })));
	const started = Date.now();
	const result = await runNode({
		node: loaded.HttpRequest,
		parameters: httpRequestPost(`${sb.origin}/api/v1/campaigns/${campaign}/leads`, PLATFORM2_KEYS.full, body),
		credentials: null,
		items: [{}],
	});
	const ms = Date.now() - started;
	if (result.error) throw new Error(`the HTTP Request node failed: ${String(result.error)}`);
	return ms;
}

async function directRequest(sb: Sandbox, campaign: string, block: number): Promise<number> {
	const body = leadItems(block).map((item) => ({ phone: item.phone, name: item.name }));
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
	let pass: boolean | null = false;
	let summary2 = '';
	try {
		const campaign = String(sb.platform2.list('A', '/campaigns').find((c) => c.name === 'Renewals')?.id);
		// Warm-up, unmeasured: the first run pays for loading n8n-core and compiling.
		await platform2Run(sb, campaign, 80, 'expressions');
		await platform2Run(sb, campaign, 81, 'automatic');
		await directRequest(sb, campaign, 9);
		const runs: Record<Mapping, Array<Awaited<ReturnType<typeof platform2Run>>>> = { expressions: [], automatic: [], fixed: [] };
		const direct: number[] = [];
		const viaHttpNode: number[] = [];
		const floor: number[] = [];
		const skipped: string[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			// a block of numbers per run and per client: every lead is new to the campaign
			const block = 6 * round;
			runs.expressions.push(await platform2Run(sb, campaign, block, 'expressions'));
			runs.automatic.push(await platform2Run(sb, campaign, block + 1, 'automatic'));
			runs.fixed.push(await platform2Run(sb, campaign, block + 2, 'fixed'));
			direct.push(await directRequest(sb, campaign, block + 3));
			const http = await httpNodeRequest(sb, campaign, block + 4);
			if (typeof http === 'number') viaHttpNode.push(http);
			const floorMs = await expressionsFloor(block + 5);
			if (typeof floorMs === 'number') floor.push(floorMs);
			if (round === 0) for (const result of [http, floorMs]) if (typeof result !== 'number') skipped.push(result.skipped);
		}
		const ms = (mapping: Mapping) => median(runs[mapping].map((run) => run.ms));
		const directMs = median(direct);
		const requests = Math.max(...Object.values(runs).flatMap((list) => list.map((run) => run.requests)));
		const failed = Math.max(...Object.values(runs).flatMap((list) => list.map((run) => run.failed)));
		const times = (value: number) => round(value / Math.max(1, directMs), 2);
		const measured = `measured, median of ${ROUNDS}`;
		const nodeRow = (client: string, mapping: Mapping): BenchRow => ({
			client,
			requests,
			'time s': round(ms(mapping) / 1000, 3),
			'× one request': times(ms(mapping)),
			'leads created': runs[mapping][0].created,
			'items failed': Math.max(...runs[mapping].map((run) => run.failed)),
			how: measured,
		});
		rows.push(
			nodeRow('Platform 2.0: Add Leads, Map Automatically', 'automatic'),
			nodeRow('Platform 2.0: Add Leads, two expressions per item', 'expressions'),
			nodeRow('Platform 2.0: Add Leads, no expression (one number)', 'fixed'),
			{ client: 'Platform 2.0: the one request alone (axios)', requests: 1, 'time s': round(directMs / 1000, 3), '× one request': 1, how: measured },
		);
		const httpMs = viaHttpNode.length > 0 ? median(viaHttpNode) : undefined;
		if (httpMs !== undefined) {
			rows.push({ client: "The one request from n8n's HTTP Request node (1 item)", requests: 1, 'time s': round(httpMs / 1000, 3), '× one request': times(httpMs), how: measured });
		}
		if (floor.length > 0) {
			const floorMs = median(floor);
			rows.push({ client: "n8n's Edit Fields node, the same two expressions, no request", requests: 0, 'time s': round(floorMs / 1000, 3), '× one request': times(floorMs), how: measured });
			notes.push(
				`With two expressions per item, n8n's own Edit Fields node needs ${round(floorMs)} ms for them alone; the node's run less that, less the request, is ${round(ms('expressions') - floorMs - directMs)} ms for ${COUNT.toLocaleString('en-US')} leads (every number checked with libphonenumber, every item its own output with pairedItem).`,
			);
		}
		for (const reason of skipped) notes.push(`A comparison row was skipped: ${reason}`);
		// The sandbox itself stays flat as the workspace grows (#38): ten more requests of new leads,
		// each adding to the same campaign, the last one's time against the first one's.
		const growing: number[] = [];
		for (let i = 0; i < 10; i++) growing.push(await directRequest(sb, campaign, 100 + i));
		const early = median(growing.slice(0, 3));
		const late = median(growing.slice(-3));
		const leadsNow = sb.platform2.list('A', '/campaigns/{}/leads', [campaign]).length;
		notes.push(
			`The sandbox as the campaign grows: 10 more requests of ${COUNT.toLocaleString('en-US')} new leads each, to ${leadsNow.toLocaleString('en-US')} leads: the first three ${round(early)} ms (median), the last three ${round(late)} ms (${round(late / Math.max(1, early), 2)}×; each ${growing.map((msEach) => round(msEach)).join(', ')} ms).`,
		);
		// Judged on Map Automatically, the mode made for loading a list, against the one request as n8n
		// sends it (its HTTP Request node, one item): an n8n run has a fixed cost of its own that no node
		// avoids (the HTTP Request node alone is about 2× the bare request). Every figure is printed: the
		// rows with expressions show what n8n's per-item expressions add (see Edit Fields).
		const automaticMs = ms('automatic');
		pass = httpMs === undefined ? null : requests === 1 && failed === 0 && automaticMs <= 2 * httpMs;
		const againstHttp = httpMs === undefined ? "n8n's HTTP Request node not measured" : `${round(automaticMs / httpMs, 2)}× the one request from n8n's HTTP Request node (${round(httpMs / 1000, 3)} s; target ≤ 2×)`;
		summary2 = `Platform 2.0 ${requests} request(s) for ${COUNT.toLocaleString('en-US')} leads; Map Automatically ${round(automaticMs / 1000, 3)} s = ${againstHttp}, ${times(automaticMs)}× the bare request (axios, ${round(directMs / 1000, 3)} s); with two expressions per item ${round(ms('expressions') / 1000, 3)} s`;
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
