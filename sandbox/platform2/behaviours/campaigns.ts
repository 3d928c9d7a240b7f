/**
 * Campaigns and calls where the README names a rule (start/stop: campaignRuns.ts): addLeads (one lead or up to 1000; numbers on the suppression
 * list are added flagged do_not_call; meta {created, dnc_flagged, invalid}), createCall (a queued call
 * record; 403 destination_forbidden for premium-rate +1 900 numbers, the blocked destination we chose).
 */
import { data, errorDetail, invalid, NOT_FOUND, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { createRecord } from '../crud';
import type { P2Record } from '../records';

const E164 = /^\+[1-9]\d{6,14}$/;
/** Destinations the sandbox refuses with destination_forbidden: US premium-rate numbers. */
export const BLOCKED_DESTINATION_PREFIX = '+1900';
export const MAX_LEADS_PER_REQUEST = 1000;

function suppressed(call: P2Call, phone: string): boolean {
	return call.state.records.list(call.workspace.id, '/suppression-list').some((e) => e.phone_number === phone || e.value === phone);
}

export function addLeads(call: P2Call): P2Answer {
	const body = call.body;
	const leads = Array.isArray(body) ? body : [body];
	if (typeof body !== 'object' || body === null) return invalid('body', 'must be a lead object or an array of leads');
	if (leads.length === 0) return invalid('body', 'must hold at least one lead');
	if (leads.length > MAX_LEADS_PER_REQUEST) return invalid('body', `must hold at most ${MAX_LEADS_PER_REQUEST} leads`);
	const created: P2Record[] = [];
	let dnc = 0;
	let bad = 0;
	for (const lead of leads) {
		const fields = typeof lead === 'object' && lead !== null && !Array.isArray(lead) ? (lead as Record<string, unknown>) : null;
		const phone = fields?.phone_number ?? fields?.phone;
		if (!fields || typeof phone !== 'string' || !E164.test(phone)) {
			bad++;
			continue;
		}
		const flagged = suppressed(call, phone);
		if (flagged) dnc++;
		created.push(createRecord(call, { ...fields, phone_number: phone, status: flagged ? 'do_not_call' : 'pending', do_not_call: flagged }));
	}
	return data(Array.isArray(body) ? created : (created[0] ?? null), { created: created.length, dnc_flagged: dnc, invalid: bad }, 201);
}

export function createCall(call: P2Call): P2Answer {
	const body = call.body as { assistant_id: string; to_number: string; phone_number_id?: string; variables?: unknown; lead?: unknown };
	const { records } = call.state;
	const ws = call.workspace.id;
	if (!E164.test(body.to_number)) return invalid('to_number', 'must be an E.164 phone number (+ and 7 to 15 digits)');
	if (!records.find(ws, '/assistants', [], body.assistant_id)) return NOT_FOUND;
	const from = body.phone_number_id ? records.find(ws, '/phone-numbers', [], body.phone_number_id) : undefined;
	if (body.phone_number_id && !from) return NOT_FOUND;
	if (body.to_number.startsWith(BLOCKED_DESTINATION_PREFIX)) {
		return errorDetail(403, 'destination_forbidden', `Calls to ${body.to_number} are not allowed from this workspace`);
	}
	const record = createRecord(call, {
		status: 'queued',
		direction: 'outbound',
		assistant_id: body.assistant_id,
		to_number: body.to_number,
		from_number: (from?.number as string | undefined) ?? null,
		phone_number_id: body.phone_number_id ?? null,
		campaign_id: null,
		variables: body.variables ?? {},
		lead: body.lead ?? null,
		duration_sec: null,
		ended_at: null,
	});
	return data(record, undefined, 201);
}
