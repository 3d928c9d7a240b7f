/**
 * P13 — the Platform 2.0 polling trigger's events (#37), one of each way a list is read, on a workspace
 * whose list holds 10,000 records (BENCH_P13_RECORDS) from before the activation, with the lists answered
 * newest first and oldest first (#47: the catalogue states no order; the sandbox's list order):
 *  - an idle poll (nothing new): requests;
 *  - a busy poll: 50 events between two polls, read until all are emitted (each once: checked);
 *  - the static data the trigger keeps (what n8n stores in its database after a poll that emits);
 * beside the documented method of Famulor's own node (a whole-list rescan per poll, pages of 100, every
 * id kept), measured on the same sandbox: its requests per poll and the ids it would keep.
 * The clocks are moved (nothing waits); the sandbox applies no rate limit, the trigger its polling share.
 * P13b (p13-idle.ts): an idle poll's requests for every event, in both orders.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IDataObject, INodeType } from 'n8n-workflow';

import { PLATFORM2_KEYS, type Sandbox } from '../sandbox';
import { recordAt } from '../sandbox/platform2/behaviours/pollingTimeline';
import { pollingClock } from '../nodes/VoiceAssistant/polling/clock';
import { resetPacers } from '../nodes/VoiceAssistant/transport/pacers';
import { runPoll } from '../test/harness/poll';
import { ROOT, emit, type BenchRow } from './lib';
import { ORDERS, idleRow } from './p13-idle';
import { EVENTS2 } from '../nodes/VoiceAssistant/polling/platform2/events';
import { pollingRows, runFigure } from './pollingRun';

const { VoiceAssistantPollingTrigger } = require(path.join(ROOT, 'nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node.ts')) as {
	VoiceAssistantPollingTrigger: new () => INodeType;
};

const RECORDS = Number(process.env.BENCH_P13_RECORDS ?? 10_000);
const BUSY = 50;
const MINUTE = 60_000;
/** Famulor's own node reads a whole list in pages of 100 (bekservice/n8n-famulor 2.1.0: `nodes/Famulor/polling/engine.ts`, `nodes/Famulor/v3/resources.ts`). */
const RESCAN_PAGE = 100;
const CAMPAIGN = '7a1f0c52-3b7e-4f0e-9d2a-5c8b1e6f4a90';

interface Case {
	event: string;
	parameters?: IDataObject;
	collection: string;
	/** a record from before the activation */
	old(i: number): Record<string, unknown>;
	/** makes one event happen at `at`; answers the id the item carries */
	happen(write: (fields: Record<string, unknown>, id?: string) => { id: unknown }): string;
}

const CASES: Case[] = [
	{
		event: 'callCompleted',
		collection: '/calls',
		old: () => ({ status: 'completed', direction: 'outbound', ended_at: null }),
		happen: (write) => String(write({ status: 'completed', direction: 'outbound' }).id),
	},
	{
		event: 'callNotAnswered',
		collection: '/calls',
		old: (i) => ({ status: i % 3 === 0 ? 'no_answer' : 'completed', direction: 'outbound' }),
		happen: (write) => String(write({ status: 'no_answer', direction: 'outbound' }).id),
	},
	{
		event: 'newCall',
		collection: '/calls',
		old: () => ({ status: 'completed', direction: 'inbound' }),
		happen: (write) => String(write({ status: 'in_progress', direction: 'inbound' }).id),
	},
	{
		event: 'conversationActivity',
		parameters: { channel: 'whatsapp' },
		collection: '/history',
		old: () => ({ type: 'whatsapp', status: 'completed' }),
		happen: (write) => String(write({ type: 'whatsapp', status: 'in_progress' }).id),
	},
	{
		event: 'bookingCompleted',
		collection: '/bookings',
		old: () => ({ status: 'completed' }),
		happen: (write) => String(write({ status: 'completed' }).id),
	},
	{
		event: 'campaignLead',
		collection: '/leads',
		old: (i) => ({ name: `Lead ${i}` }),
		happen: (write) => String(write({ name: 'New lead' }).id),
	},
	{
		event: 'campaignLeadOutcome',
		collection: '/calls',
		old: () => ({ status: 'completed', direction: 'outbound', campaign_id: CAMPAIGN, lead_id: randomUUID() }),
		happen: (write) => String(write({ status: 'no_answer', direction: 'outbound', campaign_id: CAMPAIGN, lead_id: randomUUID(), ended_at: null }).id),
	},
	{
		event: 'campaignStarted',
		collection: '/campaigns',
		old: (i) => ({ name: `Campaign ${i}`, status: 'completed' }),
		happen: (write) => String(write({ name: 'Started', status: 'running', started_at: null }).id),
	},
	{
		event: 'newAssistant',
		collection: '/assistants',
		old: (i) => ({ name: `Assistant ${i}` }),
		happen: (write) => String(write({ name: 'New assistant' }).id),
	},
	{
		event: 'newSuppressionEntry',
		collection: '/suppression-list',
		old: (i) => ({ value: `+4915100${String(i).padStart(6, '0')}`, channel: 'voice' }),
		happen: (write) => String(write({ value: `+4915199${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`, channel: 'voice' }).id),
	},
	{
		event: 'newContact',
		collection: '/leads',
		old: (i) => ({ name: `Contact ${i}` }),
		happen: (write) => String(write({ name: 'New contact' }).id),
	},
	{
		event: 'newScheduledCallback',
		collection: '/scheduled-callbacks',
		old: () => ({ status: 'completed' }),
		happen: (write) => String(write({ status: 'pending' }).id),
	},
	{
		event: 'newTool',
		collection: '/tools',
		old: (i) => ({ name: `Tool ${i}` }),
		happen: (write) => String(write({ name: 'New tool' }).id),
	},
];

async function rescanRequests(sb: Sandbox, collection: string): Promise<number> {
	let requests = 0;
	for (let offset = 0; ; offset += RESCAN_PAGE) {
		const res = await fetch(`${sb.origin}/api/v1${collection}?limit=${RESCAN_PAGE}&offset=${offset}`, { headers: { authorization: `Bearer ${PLATFORM2_KEYS.full}` } });
		requests += 1;
		const body = (await res.json()) as { data?: unknown[] };
		// an unpaged list answers everything at once
		if (!Array.isArray(body.data) || body.data.length < RESCAN_PAGE || collection === '/tools') return requests;
	}
}

type Order = (typeof ORDERS)[number];
const RUNS = CASES.flatMap((c) => ORDERS.map((order) => ({ ...c, order })));

async function runCase(sb: Sandbox, c: Case & { order: Order }): Promise<BenchRow> {
	sb.reset();
	sb.platform2.setListOrder(c.order);
	resetPacers();
	let server = Date.UTC(2026, 2, 10, 12, 0, 0) - RECORDS * 10_000;
	let n8n = Date.UTC(2033, 0, 1) + RUNS.indexOf(c) * 100 * MINUTE;
	pollingClock.now = () => n8n;
	const write = (fields: Record<string, unknown>, id?: string) => recordAt(sb.platform2, { collection: c.collection, id, fields, at: server });
	for (let i = 0; i < RECORDS; i++) {
		server += 10_000;
		write(c.old(i));
	}
	const node = new VoiceAssistantPollingTrigger();
	const memory: IDataObject = {};
	const parameters = { accountKind: 'platform2', event2: c.event, ...c.parameters } as never;
	const credentials = { apiKey: PLATFORM2_KEYS.full, origin: sb.origin };
	const poll = async (activationPoll = false) => {
		n8n += MINUTE;
		server += 5_000;
		const before = sb.requests.length;
		const result = await runPoll(node, { parameters, credentials, credentialType: 'voiceAssistantPlatform2Api', staticData: memory, activationPoll });
		const requests = sb.requests.slice(before).filter((r) => r.path === `/api/v1${c.collection}`).length;
		return { ids: result.items.map((item) => String(item.json.id)), requests };
	};
	await poll(true);
	const idle = [];
	for (let i = 0; i < 5; i++) idle.push((await poll()).requests);
	const made: string[] = [];
	for (let i = 0; i < BUSY; i++) {
		server += 100;
		made.push(c.happen(write));
	}
	const emitted: string[] = [];
	let busyRequests = 0;
	let busyPolls = 0;
	for (let i = 0; i < 20 && emitted.length < BUSY; i++) {
		const { ids, requests } = await poll();
		emitted.push(...ids);
		busyRequests += requests;
		busyPolls += 1;
	}
	const once = emitted.length === BUSY && new Set(emitted).size === BUSY && made.every((id) => emitted.includes(id));
	const rescan = await rescanRequests(sb, c.collection);
	return {
		client: `${c.event}, ${c.order} first`,
		'idle poll: requests': Math.max(...idle),
		[`${BUSY} events: requests`]: busyRequests,
		[`${BUSY} events: polls`]: busyPolls,
		'each once': once,
		'static data KB': Math.round(JSON.stringify(memory).length / 102.4) / 10,
		'rescan: requests a poll': rescan,
		'rescan: ids kept KB': Math.round(JSON.stringify(sb.platform2.list('A', c.collection).map((r) => r.id)).length / 102.4) / 10,
	};
}

runFigure(async () => {
	const rows = await pollingRows('P13', RUNS, (c) => `${c.event}, ${c.order} first`, runCase);
	const idleOf = (order: Order) => Math.max(...rows.filter((r) => r.client.endsWith(`${order} first`)).map((r) => Number(r['idle poll: requests'])));
	// (an unpaged list is one request either way)
	const rescanMin = Math.min(...rows.filter((r) => !r.client.startsWith('newTool')).map((r) => Number(r['rescan: requests a poll'])));
	const once = rows.every((r) => r['each once'] === true);
	const pass = once && idleOf('newest') <= 1 && idleOf('oldest') <= 2;
	emit({
		figure: 'P13',
		title: `Polling trigger on Platform 2.0, one event per way of reading, on a list of ${RECORDS.toLocaleString('en')} records answered newest first and oldest first: an idle poll, ${BUSY} events between polls, the static data kept; beside a whole-list rescan (Famulor's method)`,
		columns: ['idle poll: requests', `${BUSY} events: requests`, `${BUSY} events: polls`, 'each once', 'static data KB', 'rescan: requests a poll', 'rescan: ids kept KB'],
		rows,
		summary: `P13 ${pass ? 'PASS' : 'FAIL'}: an idle poll costs at most ${idleOf('newest')} request newest first and ${idleOf('oldest')} oldest first (goals ≤ 1 and ≤ 2; a rescan of a paged list ${rescanMin} or more), every event emitted once: ${once}`,
		pass,
		notes: [
			'newTool reads an unpaged list (the catalogue gives it no paging): one request, the whole list in it.',
			'campaignStarted reads every campaign in status running (List Campaigns has no order): here none ran before, so one request; each page of 200 running campaigns costs one more. Campaign Completed reads the completed ones the same way and refuses more than 2,000.',
			"The rescan column pages the same list with limit 100 and keeps every id, as Famulor's node documents.",
			'Oldest first, a sweep starts with offset 0 (the total and the order), then reads the end of the list: 2 requests an idle poll, one more than newest first for every sweep.',
		],
	});
	const idle = await pollingRows('P13b', [...EVENTS2], (event) => event, (sb, event) => idleRow(sb, event, RECORDS));
	const most = (order: Order) => Math.max(...idle.map((r) => Number(r[`idle poll, ${order} first: requests`])));
	const idlePass = most('newest') <= 1 && most('oldest') <= 2;
	emit({
		figure: 'P13b',
		title: `Polling trigger on Platform 2.0, every event: requests of an idle poll on a list of ${RECORDS.toLocaleString('en')} records (matching the event's filters), answered newest first and oldest first`,
		columns: ['list', 'read', ...ORDERS.map((order) => `idle poll, ${order} first: requests`)],
		rows: idle,
		summary: `P13b ${idlePass ? 'PASS' : 'FAIL'}: an idle poll costs at most ${most('newest')} request newest first and ${most('oldest')} oldest first, over all ${idle.length} events (goals ≤ 1 and ≤ 2)`,
		pass: idlePass,
		notes: [
			'Unpaged lists (automations, booking event types, routines, tools) come whole in one answer: their order does not matter.',
			`Campaign Started/Paused/Completed read the campaigns in that status whole (here none: ${RECORDS.toLocaleString('en')} drafts), one request per 200 in either order.`,
			'New Campaign Lead and New Contact ask for contacts created since the cursor (created_from): a short list, read in one request in either order.',
		],
	});
});
