/**
 * The checks of a placed call where the README names a rule (start/stop: campaignRuns.ts; addLeads:
 * leads.ts; a call's life: calls.ts): createCall (a queued call
 * record; 403 destination_forbidden for premium-rate +1 900 numbers, the blocked destination we chose).
 */
import { data, errorDetail, invalid, NOT_FOUND, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { createRecord } from '../crud';

const E164 = /^\+[1-9]\d{6,14}$/;
/** Destinations the sandbox refuses with destination_forbidden: US premium-rate numbers. */
export const BLOCKED_DESTINATION_PREFIX = '+1900';
export const MAX_LEADS_PER_REQUEST = 1000;

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
