/**
 * P9 — the polling trigger's cost: requests per poll and the share of the documented rate limit
 * (100 a minute, 20 per 10 s) it takes with Poll Times "every minute", under four loads, each a
 * simulated hour (the platform's and n8n's clocks are moved, nothing waits):
 *  - quiet: a call every 10 minutes; busy: 2 calls a minute; campaign: 10 calls a minute (calls last
 *    1-5 minutes);
 *  - catch-up: n8n was down for an hour of the campaign load (600 calls), then polls every minute.
 * Each call that ends must be emitted exactly once (checked). Target: ≤ 10 % of every window.
 */
import path from 'node:path';
import type { IDataObject, INodeType } from 'n8n-workflow';

import type { Sandbox } from '../sandbox';
import type { Call } from '../sandbox/records';
import { pollingClock } from '../nodes/VoiceAssistant/polling/clock';
import { runPoll } from '../test/harness/poll';
import { ROOT, emit, round, type BenchRow } from './lib';
import { pollingRows, runFigure } from './pollingRun';

// The explicit .ts: the codex file VoiceAssistantPollingTrigger.node.json lies beside it (see lib.ts loadVoiceAssistant).
const { VoiceAssistantPollingTrigger } = require(path.join(ROOT, 'nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node.ts')) as {
	VoiceAssistantPollingTrigger: new () => INodeType;
};

const MINUTE = 60_000;
const LIMITS = { perMinute: 100, burst: 20 };

interface Load {
	name: string;
	callsPerMinute: number;
	/** minutes of load before n8n's first poll after its activation (a downtime to catch up) */
	downMinutes: number;
	/** one call stays "in progress" for ever (a platform fault): the polls read down to it until they give it up */
	stuckCall?: boolean;
}

const LOADS: Load[] = [
	{ name: 'quiet (a call / 10 min)', callsPerMinute: 0.1, downMinutes: 0 },
	{ name: 'busy (2 calls / min)', callsPerMinute: 2, downMinutes: 0 },
	{ name: 'campaign (10 calls / min)', callsPerMinute: 10, downMinutes: 0 },
	{ name: 'catch-up after 1 h down (600 calls)', callsPerMinute: 10, downMinutes: 60 },
	{ name: 'campaign, one call stuck in progress', callsPerMinute: 10, downMinutes: 0, stuckCall: true },
];

function addCall(sb: Sandbox, at: number, lastsMs: number): Call {
	const call = {
		id: sb.store.nextId('call'),
		user_id: 1,
		assistant_id: 1,
		campaign_id: null,
		lead_id: null,
		assistant_name: 'Sales Agent',
		campaign_name: null,
		type: 'outbound',
		duration: Math.round(lastsMs / 1000),
		assistant_phone_number: '+4930123456',
		client_phone_number: '+4917612345670',
		status: 'in-progress',
		transcript: '',
		transcript_items: [],
		variables: {},
		input_variables: {},
		evaluation: {},
		webhook_response: null,
		inbound_webhook_response: null,
		carrier_cost: 0,
		total_cost: 0,
		answered_by: 'human',
		recording_url: null,
		created_at: at,
		updated_at: at,
		finished_at: null,
	} as Call;
	sb.store.calls.push(call);
	return call;
}

async function runLoad(sb: Sandbox, load: Load): Promise<BenchRow> {
	sb.reset();
	const node = new VoiceAssistantPollingTrigger();
	const memory: IDataObject = {};
	let server = Date.UTC(2026, 0, 10, 12, 0, 0);
	let n8n = Date.UTC(2031, 0, 1) + LOADS.indexOf(load) * 10 * 60 * MINUTE;
	pollingClock.now = () => n8n;
	const parameters = { event: 'callEnded', assistantId: { __rl: true, mode: 'id', value: '1' } } as never;
	const credentials = { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl };
	const poll = async (activationPoll = false) => (await runPoll(node, { parameters, credentials, staticData: memory, activationPoll })).items;
	await poll(true);
	if (load.stuckCall) addCall(sb, server + 1000, Infinity);
	const running: Array<{ call: Call; endsAt: number }> = [];
	const ended = new Set<number>();
	/** per call: the minute it ended in, and the minute of the poll that emitted it */
	const endMinute = new Map<number, number>();
	let latePolls = 0;
	const emitted: number[] = [];
	const perPoll: Array<{ at: number; requests: number }> = [];
	let due = 0;
	let seed = 7;
	const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
	const minutes = load.downMinutes + 60;
	for (let minute = 0; minute < minutes + 5; minute++) {
		// A minute of the platform: calls start (spread over the minute) and end.
		for (let second = 0; second < 60; second += 5) {
			server += 5000;
			due += (load.callsPerMinute / 60) * 5;
			while (due >= 1 && minute < minutes) {
				due -= 1;
				running.push({ call: addCall(sb, server, (1 + random() * 4) * MINUTE), endsAt: server + (1 + random() * 4) * MINUTE });
			}
			for (const entry of running.filter((r) => r.endsAt <= server)) {
				Object.assign(entry.call, { status: 'completed', updated_at: server, finished_at: server });
				ended.add(entry.call.id);
				endMinute.set(entry.call.id, minute);
			}
			for (let i = running.length - 1; i >= 0; i--) if (running[i].endsAt <= server) running.splice(i, 1);
		}
		n8n += MINUTE;
		if (minute < load.downMinutes) continue;
		const before = sb.requests.length;
		const ids = (await poll()).map((item) => Number(item.json.id));
		// Polls after the first one that could have emitted the call (the end of its minute, or n8n's return).
		for (const id of ids) latePolls = Math.max(latePolls, minute - Math.max(endMinute.get(id) ?? minute, load.downMinutes));
		emitted.push(...ids);
		perPoll.push({ at: n8n, requests: sb.requests.filter((r, i) => i >= before && r.path === '/api/user/calls').length });
	}
	const requests = perPoll.map((p) => p.requests);
	const steady = perPoll.slice(Math.min(perPoll.length - 1, 5));
	const maxIn = (ms: number) => Math.max(...perPoll.map((p) => perPoll.filter((q) => q.at >= p.at && q.at < p.at + ms).reduce((s, q) => s + q.requests, 0)));
	const exactlyOnce = emitted.length === ended.size && new Set(emitted).size === emitted.length && emitted.every((id) => ended.has(id));
	return {
		client: load.name,
		polls: perPoll.length,
		'requests/poll (mean)': round(requests.reduce((s, r) => s + r, 0) / requests.length, 2),
		'requests/poll (max)': Math.max(...requests),
		'steady requests/poll': round(steady.reduce((s, p) => s + p.requests, 0) / steady.length, 2),
		'peak % of 100/min': round((100 * maxIn(60_000)) / LIMITS.perMinute, 1),
		'peak % of 20/10 s': round((100 * maxIn(10_000)) / LIMITS.burst, 1),
		'polls late (max)': latePolls,
		'calls ended': ended.size,
		'emitted once each': exactlyOnce,
	};
}

runFigure(async () => {
	const rows = await pollingRows('P9', LOADS, (load) => load.name, runLoad);
	const worstMinute = Math.max(...rows.map((r) => Number(r['peak % of 100/min'])));
	const worstBurst = Math.max(...rows.map((r) => Number(r['peak % of 20/10 s'])));
	const once = rows.every((r) => r['emitted once each'] === true);
	emit({
		figure: 'P9',
		title: 'Polling trigger, Poll Times every minute: requests per poll and share of the rate limit (a simulated hour per load)',
		columns: ['polls', 'requests/poll (mean)', 'requests/poll (max)', 'steady requests/poll', 'peak % of 100/min', 'peak % of 20/10 s', 'polls late (max)', 'calls ended', 'emitted once each'],
		rows,
		summary: `P9 polling trigger: ${rows[1]['steady requests/poll']} request per one-minute poll in steady use (${rows[1]['peak % of 100/min']} % of 100/min); worst ${worstMinute} % of the minute window, ${worstBurst} % of the burst window (target ≤ 10 %); every call emitted once: ${once}`,
		pass: once && worstMinute <= 10 && worstBurst <= 10,
		notes: ['The documented limits are the pacer\'s windows until the platform says otherwise; the share is kept on n8n\'s clock.'],
	});
});
