/**
 * P9b — the polling trigger on Platform 2.0 (Call Completed, List Calls sorted by updated_at): the
 * polling cost per event and per poll with Poll Times "every minute", each load a simulated hour
 * (the platform's and n8n's clocks are moved, nothing waits). Calls last 1–5 minutes and change three
 * times (start, end, analysis 30 s after the end), so the list's top moves more often than calls end.
 *  - quiet: a call every 10 minutes; busy: 2 calls a minute; campaign: 10 calls a minute;
 *  - catch-up: n8n was down for an hour of the campaign load (600 calls), then polls every minute.
 * Goal: ≤ 1 request a poll when nothing changed; every call emitted once (checked).
 */
import path from 'node:path';
import type { IDataObject, INodeType } from 'n8n-workflow';

import { PLATFORM2_KEYS, type Sandbox } from '../sandbox';
import { recordAt } from '../sandbox/platform2/behaviours/pollingTimeline';
import { pollingClock } from '../nodes/VoiceAssistant/polling/clock';
import { runPoll } from '../test/harness/poll';
import { ROOT, emit, round, type BenchRow } from './lib';
import { pollingRows, runFigure } from './pollingRun';

const { VoiceAssistantPollingTrigger } = require(path.join(ROOT, 'nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node.ts')) as {
	VoiceAssistantPollingTrigger: new () => INodeType;
};

const MINUTE = 60_000;
const LIMITS = { perMinute: 100, burst: 20 };

interface Load {
	name: string;
	callsPerMinute: number;
	downMinutes: number;
}

const LOADS: Load[] = [
	{ name: 'quiet (a call / 10 min)', callsPerMinute: 0.1, downMinutes: 0 },
	{ name: 'busy (2 calls / min)', callsPerMinute: 2, downMinutes: 0 },
	{ name: 'campaign (10 calls / min)', callsPerMinute: 10, downMinutes: 0 },
	{ name: 'catch-up after 1 h down (600 calls)', callsPerMinute: 10, downMinutes: 60 },
];

async function runLoad(sb: Sandbox, load: Load): Promise<BenchRow> {
	sb.reset();
	const node = new VoiceAssistantPollingTrigger();
	const memory: IDataObject = {};
	let server = Date.UTC(2026, 2, 10, 12, 0, 0);
	let n8n = Date.UTC(2032, 0, 1) + LOADS.indexOf(load) * 10 * 60 * MINUTE;
	pollingClock.now = () => n8n;
	const write = (collection: string, fields: Record<string, unknown>, id?: string) => recordAt(sb.platform2, { collection, id, fields, at: server });
	const parameters = { accountKind: 'platform2', event2: 'callCompleted' } as never;
	const credentials = { apiKey: PLATFORM2_KEYS.full, origin: sb.origin };
	const poll = async (activationPoll = false) =>
		(await runPoll(node, { parameters, credentials, credentialType: 'voiceAssistantPlatform2Api', staticData: memory, activationPoll })).items;
	await poll(true);
	const running: Array<{ id: string; endsAt: number; analysed?: number }> = [];
	const ended = new Set<string>();
	const emitted: string[] = [];
	const perPoll: Array<{ at: number; requests: number; fresh: boolean }> = [];
	let due = 0;
	let seed = 11;
	const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
	const minutes = load.downMinutes + 60;
	for (let minute = 0; minute < minutes + 6; minute++) {
		let changed = false;
		for (let second = 0; second < 60; second += 5) {
			server += 5000;
			due += (load.callsPerMinute / 60) * 5;
			while (due >= 1 && minute < minutes) {
				due -= 1;
				running.push({ id: String(write('/calls', { status: 'in_progress', direction: 'outbound', ended_at: null }).id), endsAt: server + (1 + random() * 4) * MINUTE });
				changed = true;
			}
			for (const entry of running) {
				if (entry.analysed === undefined && entry.endsAt <= server) {
					write('/calls', { status: 'completed', ended_at: new Date(server).toISOString() }, entry.id);
					ended.add(entry.id);
					entry.analysed = server + 30_000;
					changed = true;
				} else if (entry.analysed !== undefined && entry.analysed <= server) {
					write('/calls', { summary: 'analysed' }, entry.id);
					entry.analysed = Infinity;
					changed = true;
				}
			}
		}
		n8n += MINUTE;
		if (minute < load.downMinutes) continue;
		const before = sb.requests.length;
		const ids = (await poll()).map((item) => String(item.json.id));
		emitted.push(...ids);
		perPoll.push({ at: n8n, requests: sb.requests.filter((r, i) => i >= before && r.path === '/api/v1/calls').length, fresh: changed || load.downMinutes > 0 });
	}
	const requests = perPoll.map((p) => p.requests);
	const idle = perPoll.filter((p) => !p.fresh);
	const maxIn = (ms: number) => Math.max(...perPoll.map((p) => perPoll.filter((q) => q.at >= p.at && q.at < p.at + ms).reduce((s, q) => s + q.requests, 0)));
	const exactlyOnce = emitted.length === ended.size && new Set(emitted).size === emitted.length && emitted.every((id) => ended.has(id));
	return {
		client: load.name,
		polls: perPoll.length,
		'requests/poll (mean)': round(requests.reduce((s, r) => s + r, 0) / requests.length, 2),
		'requests/poll (max)': Math.max(...requests),
		'idle polls': idle.length,
		'requests/idle poll (max)': idle.length > 0 ? Math.max(...idle.map((p) => p.requests)) : '-',
		'requests per event': ended.size > 0 ? round(requests.reduce((s, r) => s + r, 0) / ended.size, 2) : '-',
		'peak % of 100/min': round((100 * maxIn(60_000)) / LIMITS.perMinute, 1),
		'peak % of 20/10 s': round((100 * maxIn(10_000)) / LIMITS.burst, 1),
		'calls ended': ended.size,
		'emitted once each': exactlyOnce,
	};
}

runFigure(async () => {
	const rows = await pollingRows('P9b', LOADS, (load) => load.name, runLoad);
	const idleMax = Math.max(...rows.map((r) => (typeof r['requests/idle poll (max)'] === 'number' ? r['requests/idle poll (max)'] : 0)));
	const steadyMax = Math.max(...rows.slice(0, 3).map((r) => Number(r['requests/poll (max)'])));
	const worstMinute = Math.max(...rows.map((r) => Number(r['peak % of 100/min'])));
	const once = rows.every((r) => r['emitted once each'] === true);
	emit({
		figure: 'P9B',
		title: 'Polling trigger on Platform 2.0 (Call Completed), Poll Times every minute: polling cost per event and per poll (a simulated hour per load)',
		columns: ['polls', 'requests/poll (mean)', 'requests/poll (max)', 'idle polls', 'requests/idle poll (max)', 'requests per event', 'peak % of 100/min', 'peak % of 20/10 s', 'calls ended', 'emitted once each'],
		rows,
		summary: `P9B polling on Platform 2.0: polling cost per event ${rows[1]['requests per event']} requests (busy), ${idleMax} request a poll when nothing changed (goal ≤ 1), at most ${steadyMax} a poll in steady use; worst ${worstMinute} % of the minute window; every call emitted once: ${once}`,
		pass: once && idleMax <= 1 && worstMinute <= 10,
		notes: ['2.0 publishes no rate-limit figures: the share is taken of the pacer\'s documented classic windows until the platform says otherwise.'],
	});
});
