/**
 * P12 — the wait's polling share: one call waited for (Wait for Call to End) on Platform 2.0 (Calls →
 * Create Call, polling getCall by id) beside classic (Call → Make, polling /user/calls), each on its own
 * credential, against a sandbox with the documented limits (100/min, 20/10 s) time-scaled 10x and an
 * answered call that lasts BENCH_P12_CALL_MINUTES real-equivalent minutes (default 5; --quick: 1).
 * Measured from the sandbox's request log: the polls made from placing the call until its end was
 * seen, per minute of call, and the share of the per-minute limit that is; the peak in any 10 s
 * window against the burst limit; how late the end was seen. Target: ≤ 20 % (the wait's budget,
 * engine/wait/budget.ts), and the same figure on both APIs (one engine, no second copy).
 */
import type { IDataObject } from 'n8n-workflow';

import { PLATFORM2_KEYS, startSandbox, type RequestLogEntry, type Sandbox } from '../sandbox';
import { runNode } from '../test/harness';
import { emit, loadVoiceAssistant, log, phoneNumber, round, targetLine, type BenchRow } from './lib';

const CALL_MINUTES = Number(process.env.BENCH_P12_CALL_MINUTES ?? 5);
const TIME_SCALE = 10;
/** preciseReset: Reset headers with milliseconds, so the pacer learns the scaled windows exactly (else ~4 s spacing instead of 3 s). */
const LIMITS = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: TIME_SCALE, preciseReset: true };
/** An answered call takes 3 steps (queued → ringing → in progress → completed) on both APIs. */
const STEP_MS = Math.round((CALL_MINUTES * 60_000) / 3 / TIME_SCALE);
const MINUTE_MS = 60_000 / TIME_SCALE;
const BURST_MS = (LIMITS.burstWindowSeconds * 1000) / TIME_SCALE;

const VoiceAssistant = loadVoiceAssistant();

function peakInWindow(times: number[], ms: number): number {
	let peak = 0;
	for (let i = 0, j = 0; i < times.length; i++) {
		while (times[i] - times[j] >= ms) j++;
		peak = Math.max(peak, i - j + 1);
	}
	return peak;
}

interface Measured {
	api: string;
	pollPath: string;
	polls: number;
	rejected: number;
	callMinutes: number;
	perMinute: number;
	share: number;
	peakBurst: number;
	lateS: number;
	status: string;
}

function measure(api: string, pollPath: string, log0: RequestLogEntry[], placed: RequestLogEntry | undefined, isPoll: (r: RequestLogEntry) => boolean, endedAt: number, status: string): Measured {
	if (!placed) throw new Error(`${api}: the call was not placed`);
	const polls = log0.filter((r) => r.at >= placed.at && isPoll(r));
	const accepted = polls.filter((r) => r.status === 200);
	const times = accepted.map((r) => r.at);
	const seenAt = times.find((at) => at >= endedAt) ?? times[times.length - 1];
	if (process.env.BENCH_P12_DEBUG) log(`${api}: placed ${placed.at}, polls at +${times.map((at) => at - placed.at).join(", +")} ms, ended +${endedAt - placed.at} ms`);
	const callMinutes = (endedAt - placed.at) / MINUTE_MS;
	const perMinute = accepted.length / callMinutes;
	return {
		api,
		pollPath,
		polls: accepted.length,
		rejected: polls.length - accepted.length,
		callMinutes,
		perMinute,
		share: perMinute / LIMITS.perMinute,
		peakBurst: peakInWindow(times, BURST_MS),
		lateS: ((seenAt - endedAt) * TIME_SCALE) / 1000,
		status,
	};
}

async function platform2(sb: Sandbox): Promise<Measured> {
	const assistant = String(sb.platform2.list('A', '/assistants')[0].id);
	const result = await runNode({
		node: VoiceAssistant,
		parameters: {
			accountKind: 'platform2',
			resource: 'calls',
			operation: 'createCall',
			assistantId: { __rl: true, mode: 'id', value: assistant },
			toNumber: phoneNumber(1, 7),
			variablesInput: 'none',
			waitForEnd: true,
			maxWaitMinutes: CALL_MINUTES + 5,
		},
		credentials: { apiKey: PLATFORM2_KEYS.full, origin: sb.origin },
		credentialType: 'voiceAssistantPlatform2Api',
	});
	if (result.error) throw result.error;
	const item = result.items[0].json as IDataObject;
	const id = String(item.call_id);
	const call = sb.platform2.list('A', '/calls').find((c) => c.id === id);
	const log0 = sb.requests.filter((r) => r.path.startsWith('/api/v1/'));
	const placed = log0.find((r) => r.method === 'POST' && r.path === '/api/v1/calls');
	// The 2.0 sandbox moves a call on when it is read, so ended_at is the time of the read that saw the
	// end; the call itself ended at its third step after placing.
	const endedAt = Math.min(Date.parse(String(call?.ended_at)), (placed?.at ?? 0) + 3 * STEP_MS);
	return measure('Platform 2.0 (Create Call)', 'GET /calls/{id}', log0, placed, (r) => r.method === 'GET' && r.path === `/api/v1/calls/${id}`, endedAt, String(item.status));
}

async function classic(sb: Sandbox): Promise<Measured> {
	const phone = phoneNumber(1, 8);
	const result = await runNode({
		node: VoiceAssistant,
		parameters: {
			resource: 'call',
			operation: 'make',
			assistantId: { __rl: true, mode: 'id', value: '1' },
			phoneNumber: phone,
			variablesInput: 'none',
			waitForEnd: true,
			maxWaitMinutes: CALL_MINUTES + 5,
		},
		credentials: { apiToken: sb.tokens.alice, baseUrl: sb.baseUrl },
	});
	if (result.error) throw result.error;
	const item = result.items[0].json as IDataObject;
	const call = sb.store.calls.find((c) => c.client_phone_number === phone);
	const log0 = sb.requests.filter((r) => r.path.startsWith('/api/user/'));
	const placed = log0.find((r) => r.method === 'POST' && r.path === '/api/user/make_call');
	// every read of the calls after make_call is a poll (the snapshot before it is not)
	return measure('classic (Call → Make)', 'GET /user/calls[/{id}]', log0, placed, (r) => r.method === 'GET' && r.path.startsWith('/api/user/calls'), Number(call?.finished_at), String(item.status));
}

async function main(): Promise<void> {
	const sb = await startSandbox({ quiet: true, rateLimit: LIMITS, callTiming: { stepMs: STEP_MS } });
	try {
		log(`P12: one call of ${CALL_MINUTES} min (real-equivalent) on each API, limits time-scaled ${TIME_SCALE}x`);
		const results = await Promise.all([platform2(sb), classic(sb)]);
		const rows: BenchRow[] = results.map((m) => ({
			client: m.api,
			'polls': m.polls,
			'call (min)': round(m.callMinutes, 2),
			'polls / min of call': round(m.perMinute, 1),
			'share of 100/min': `${round(m.share * 100, 1)} %`,
			'peak in 10 s': `${m.peakBurst} of ${LIMITS.burst}`,
			'end seen after': `${round(m.lateS, 1)} s`,
			'429s': m.rejected,
			'status': m.status,
		}));
		const [p2, cl] = results;
		const pass = results.every((m) => m.share <= 0.2 && m.rejected === 0 && m.status === 'completed');
		emit({
			figure: 'P12',
			title: `the wait's polling share: one ${CALL_MINUTES}-minute call waited for, Platform 2.0 beside classic (limits time-scaled ${TIME_SCALE}x)`,
			columns: ['polls', 'call (min)', 'polls / min of call', 'share of 100/min', 'peak in 10 s', 'end seen after', '429s', 'status'],
			rows,
			summary: targetLine(
				'P12',
				pass,
				`a waited call polls ${round(p2.perMinute, 1)}/min on 2.0 (${round(p2.share * 100, 1)} % of the 100/min limit) and ${round(cl.perMinute, 1)}/min on classic (${round(cl.share * 100, 1)} %), over a ${CALL_MINUTES}-minute call (target ≤ 20 %)`,
			),
			pass,
			notes: [
				`Polls: 2.0 ${p2.pollPath}, classic ${cl.pollPath}, from placing the call until its end was seen; counted per real-equivalent minute of the call (placed → ended).`,
				'Both waits start at the budget spacing (3 s at the documented limits: a fifth of 100/min) and grow ×1.5 per poll up to 15 s, so a long call settles at 4 polls a minute (4 %); the first minute takes 6.',
				`Sandbox: documented limits time-scaled ${TIME_SCALE}x, call step ${STEP_MS} ms (real), times in the table scaled back.`,
			],
		});
	} finally {
		await sb.stop();
	}
}

main()
	.then(() => process.exit(0))
	.catch((error) => {
		log(`P12 failed: ${error instanceof Error ? error.stack : String(error)}`);
		process.exit(1);
	});
