/**
 * Platform 2.0 calls that run (the classic simulator's rule, sandbox/conversation.ts: the last digit of
 * the number decides the outcome) and the rules around placing them:
 * - createCall: the checks of campaigns.ts (E.164, assistant, caller number, +1 900 → 403
 *   destination_forbidden), then a number on the workspace's suppression list (voice or all channels)
 *   → 403 `destination_forbidden` too (the catalogue: "destinations that are not allowed return 403
 *   destination_forbidden"; an opted-out number is one), and the daily outbound cap (`daily_limit` of
 *   the `/settings/outbound-limits` document, default 100; outbound calls created today, UTC) → 409
 *   `outbound_limit_reached`, a code the platform's docs do not name: this sandbox's reading (docs/sandbox.md).
 * - The call moves queued → ringing → in_progress → completed, one step every `callTiming.stepMs`
 *   (busy / no_answer after ringing, failed after queued), computed from its age when read, so no
 *   timer runs; a finished call has duration_sec, transcript, summary, extracted_variables, ended_at
 *   and (answered) a signed recording_url on the recording host. An answered call calls its
 *   assistant's api tools while in_progress (toolRuns.ts, the one timer) and stays in_progress until
 *   the last answered or timed out; their question and answer join the transcript.
 * - listCalls: filters as the catalogue lists them (assistant_id, status, direction, …) plus from/to on
 *   created_at; getCallRecording: `{url, expires_in, expires_at}` (404 without a recording);
 *   getOutboundLimits: `{daily_limit, used_today, remaining, resets_at}`.
 */
import { answered, outcomeFor } from '../../conversation';
import { data, errorDetail, NOT_FOUND, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { filterRows, pageOf } from '../paging';
import type { P2Record } from '../records';
import { createCall as placeChecked } from './campaigns';
import { newestFirst } from './pollingLists';
import { startToolRun, toolRunOf, withToolLines } from './toolRuns';

export const DEFAULT_DAILY_OUTBOUND_LIMIT = 100;
const LIMITS_PATH = '/settings/outbound-limits';

/** When each running call was placed (its age decides its state); records of the seed are not here. */
const placed = new WeakMap<P2Record, number>();

const e164 = (value: unknown): string => (typeof value === 'string' ? `+${value.replace(/\D/g, '')}` : '');

function suppressed(call: P2Call, phone: string): boolean {
	return call.state.records.list(call.workspace.id, '/suppression-list').some((entry) => {
		const channel = typeof entry.channel === 'string' ? entry.channel : 'all';
		return (channel === 'all' || channel === 'voice') && [entry.phone_number, entry.value].some((v) => e164(v) === phone);
	});
}

function startOfUtcDay(now: number): number {
	const d = new Date(now);
	return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

function limits(call: P2Call): { daily_limit: number; used_today: number; remaining: number; resets_at: string } {
	const doc = call.state.records.singleton(call.workspace.id, LIMITS_PATH);
	const limit = typeof doc?.daily_limit === 'number' ? doc.daily_limit : DEFAULT_DAILY_OUTBOUND_LIMIT;
	const since = startOfUtcDay(Date.now());
	const used = call.state.records
		.list(call.workspace.id, '/calls')
		.filter((r) => r.direction === 'outbound' && Date.parse(String(r.created_at)) >= since).length;
	return { daily_limit: limit, used_today: used, remaining: Math.max(0, limit - used), resets_at: new Date(since + 86_400_000).toISOString() };
}

export function createCall(call: P2Call): P2Answer | undefined {
	const body = call.body as { to_number?: unknown };
	const phone = typeof body.to_number === 'string' ? body.to_number : '';
	const checked = placeChecked(call);
	if (checked.status !== 201) return checked;
	const record = (checked.body as { data: P2Record }).data;
	const drop = () => call.state.records.remove(call.workspace.id, '/calls', [], record);
	if (suppressed(call, phone)) {
		drop();
		return errorDetail(403, 'destination_forbidden', `Calls to ${phone} are not allowed: the number is on the workspace's suppression list`);
	}
	const today = limits(call);
	if (today.used_today > today.daily_limit) {
		drop();
		const used = today.used_today - 1;
		return errorDetail(409, 'outbound_limit_reached', `The workspace's daily outbound-call cap (${today.daily_limit}) is reached`, {
			daily_limit: today.daily_limit,
			used_today: used,
			resets_at: today.resets_at,
		});
	}
	placed.set(record, Date.now());
	Object.assign(record, { duration_sec: null, transcript: null, summary: null, extracted_variables: null, recording_url: null });
	if (outcome2(phone) === 'completed') startToolRun(call, record);
	return checked;
}

type Outcome2 = 'completed' | 'busy' | 'no_answer' | 'failed';

function outcome2(phone: string): Outcome2 {
	const classic = outcomeFor(phone);
	if (answered(classic)) return 'completed';
	return classic === 'no-answer' ? 'no_answer' : (classic as Outcome2);
}

/** The states a call passes through, one per step after `queued`. */
function path(outcome: Outcome2): string[] {
	if (outcome === 'failed') return ['failed'];
	if (outcome === 'completed') return ['ringing', 'in_progress', 'completed'];
	return ['ringing', outcome];
}

/** Brings a placed call up to date with its age. */
function advance(call: P2Call, record: P2Record): void {
	const at = placed.get(record);
	if (at === undefined) return;
	const phone = String(record.to_number);
	const outcome = outcome2(phone);
	const states = path(outcome);
	const now = Date.now();
	const steps = Math.floor((now - at) / Math.max(1, call.state.sim.stepMs));
	if (steps < 1) return;
	// tools still answering: the call stays in_progress (it ends at the later of its last step and their last answer)
	const run = toolRunOf(record);
	const held = run !== undefined && !run.done ? states.length - 1 : states.length;
	const status = states[Math.min(steps, held) - 1];
	if (status === record.status) return;
	const stamp = new Date(now).toISOString();
	Object.assign(record, { status, updated_at: stamp });
	if (status !== states[states.length - 1]) return;
	placed.delete(record);
	const talked = outcome === 'completed';
	const digits = phone.replace(/\D/g, '');
	const duration = talked ? 20 + ([...digits].reduce((sum, d) => sum + Number(d), 0) % 90) : 0;
	const name = String(record.id).replace(/-/g, '');
	if (talked) call.state.sim.recordings.add(`${name}.mp3`);
	Object.assign(record, {
		duration_sec: duration,
		ended_at: stamp,
		transcript: talked ? withToolLines('Assistant: Hello, this is the assistant calling.\nCustomer: Hi, yes, go ahead.\nAssistant: Thank you, goodbye.', run) : null,
		summary: talked ? 'The customer listened and agreed to a follow-up.' : null,
		extracted_variables: talked ? { interested: true } : {},
		recording_url: talked ? signed(call, name, 3600) : null,
	});
}

function signed(call: P2Call, name: string, seconds: number): string {
	const expires = Math.floor(Date.now() / 1000) + seconds;
	return `${call.state.sim.recordingOrigin}/recordings/${name}.mp3?expires=${expires}&signature=${name.slice(0, 16)}`;
}

export function getCall(call: P2Call): P2Answer | undefined {
	advance(call, call.found[0]);
	return undefined; // the record as it now is (crud.ts)
}

export function listCalls(call: P2Call): P2Answer {
	const all = call.state.records.list(call.workspace.id, '/calls');
	for (const record of all) advance(call, record);
	const from = typeof call.query.from === 'string' ? Date.parse(call.query.from) : NaN;
	const to = typeof call.query.to === 'string' ? Date.parse(call.query.to) : NaN;
	const rows = filterRows(all, call.query, call.op).filter((r) => {
		const at = Date.parse(String(r.created_at));
		return !(Number.isFinite(from) && at < from) && !(Number.isFinite(to) && at > to);
	});
	// sort=updated_at: the call changed last first (what the polling trigger reads); default: newest created first
	return pageOf(call.op, call.query.sort === 'updated_at' ? newestFirst(rows, 'updated_at') : rows, call.query, call.state.listOrder);
}

export function getCallRecording(call: P2Call): P2Answer {
	const record = call.found[0];
	advance(call, record);
	const name = String(record.id).replace(/-/g, '');
	// a seeded call that was answered has a recording too
	if (!record.recording_url && !placed.has(record) && record.status === 'completed') call.state.sim.recordings.add(`${name}.mp3`);
	else if (!record.recording_url) return NOT_FOUND;
	const seconds = typeof call.query.expires_in === 'number' ? call.query.expires_in : 3600;
	return data({ url: signed(call, name, seconds), expires_in: seconds, expires_at: new Date(Date.now() + seconds * 1000).toISOString() });
}

export function getOutboundLimits(call: P2Call): P2Answer {
	return data(limits(call));
}
