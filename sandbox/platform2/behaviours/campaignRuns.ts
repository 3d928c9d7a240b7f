/**
 * Campaign runs (the sandbox's reading; the README says only "start → running, stop = pause, 409 if not
 * running"): Start queues the campaign's pending leads (oldest first, do-not-call leads left out) and
 * each becomes a call record `stepMs` (the sandbox's callTiming.stepMs) after the one before it,
 * counted from the start: lead n at start + n × stepMs. Calls are made lazily, when any request of the
 * workspace arrives after their time, so the result depends only on the times, never on a timer. The
 * outcome is the number's: last digit 8 → no_answer, 7 → busy, otherwise completed (duration 30 s +
 * the digit sum mod 90). Each call is listed by listCalls/getCall and in listHistory (type call), the
 * lead gets the call's status and `call_id`; with no lead left the campaign is `completed`. Stop
 * (running only, else 409 campaign_not_running) makes the calls already due, then pauses: the leads
 * not yet called stay pending and a new Start queues them again. Starting a running campaign changes nothing.
 * Each status change stamps its time (`started_at` on every start or resume, `paused_at`, `completed_at`).
 */
import { data, errorCode, type P2Answer } from '../answers';
import { newId, type P2Call, type P2State } from '../context';
import type { P2Record } from '../records';

interface Run {
	startedAt: number;
	queue: P2Record[];
	next: number;
}

/** The runs in progress, by campaign record (a reset re-seeds the records, so its runs are gone too). */
const runs = new WeakMap<P2Record, Run>();

const LEADS = '/campaigns/{}/leads';

export function startCampaign(call: P2Call): P2Answer {
	const campaign = call.found[0];
	if (campaign.status === 'running') return data(campaign);
	const now = Date.now();
	const queue = [...call.state.records.list(call.workspace.id, LEADS, [campaign.id])].reverse().filter((lead) => lead.status === 'pending' && lead.do_not_call !== true);
	runs.set(campaign, { startedAt: now, queue, next: 0 });
	Object.assign(campaign, { status: 'running', started_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() });
	return data(campaign);
}

export function stopCampaign(call: P2Call): P2Answer {
	const campaign = call.found[0];
	if (campaign.status !== 'running') return errorCode(409, 'campaign_not_running');
	runs.delete(campaign);
	const now = new Date().toISOString();
	Object.assign(campaign, { status: 'paused', paused_at: now, updated_at: now });
	return data(campaign);
}

/** Makes the calls of every running campaign of the workspace whose time has come (engine.ts, before each answer). */
export function advanceCampaignRuns(state: P2State, workspaceId: string, now = Date.now()): void {
	for (const campaign of state.records.list(workspaceId, '/campaigns')) {
		const run = runs.get(campaign);
		if (!run || campaign.status !== 'running') continue;
		while (run.next < run.queue.length && run.startedAt + (run.next + 1) * state.sim.stepMs <= now) {
			const at = run.startedAt + (run.next + 1) * state.sim.stepMs;
			makeCall(state, workspaceId, campaign, run.queue[run.next], at);
			run.next++;
		}
		if (run.next >= run.queue.length) {
			runs.delete(campaign);
			const at = new Date(run.startedAt + run.queue.length * state.sim.stepMs).toISOString();
			Object.assign(campaign, { status: 'completed', completed_at: at, updated_at: at });
		}
	}
}

function outcome(phone: string): { status: string; duration: number } {
	const digits = phone.replace(/\D/g, '');
	const last = digits.at(-1);
	if (last === '8') return { status: 'no_answer', duration: 0 };
	if (last === '7') return { status: 'busy', duration: 0 };
	const sum = [...digits].reduce((total, digit) => total + Number(digit), 0);
	return { status: 'completed', duration: 30 + (sum % 90) };
}

function makeCall(state: P2State, workspaceId: string, campaign: P2Record, lead: P2Record, at: number): void {
	const phone = String(lead.phone ?? lead.phone_number ?? '');
	const { status, duration } = outcome(phone);
	const started = new Date(at).toISOString();
	const ended = new Date(at + duration * 1000).toISOString();
	const assistant = typeof campaign.assistant_id === 'string' ? state.records.find(workspaceId, '/assistants', [], campaign.assistant_id) : undefined;
	const fromId = assistant?.outbound_phone_number_id;
	const from = typeof fromId === 'string' ? state.records.find(workspaceId, '/phone-numbers', [], fromId) : undefined;
	const id = newId(state, 'uuid', () => []);
	const fields = {
		status,
		direction: 'outbound',
		assistant_id: campaign.assistant_id ?? null,
		campaign_id: campaign.id,
		lead_id: lead.id,
		to_number: phone,
		from_number: (from?.number as string | undefined) ?? null,
		phone_number_id: from?.id ?? null,
		variables: lead.variables ?? {},
		duration_sec: duration,
		ended_at: ended,
		created_at: started,
		updated_at: ended,
	};
	state.records.insert(workspaceId, '/calls', [], { id, ...fields });
	state.records.insert(workspaceId, '/history', [], { id, type: 'call', ...fields });
	Object.assign(lead, { status, call_id: id, last_called_at: started, updated_at: ended });
}
