/**
 * addLeads (`POST /campaigns/{id}/leads`): one lead object or an array of 1–1000 (more: 400 naming
 * `body`). Documented: `meta: {created, dnc_flagged, invalid}`. The sandbox's reading of what the docs
 * leave open, per lead in request order:
 * - a number on the workspace's suppression list (an entry for all channels or for calls), or a lead
 *   sent with `do_not_call: true`, is added flagged: the lead record has `do_not_call: true` and status
 *   `do_not_call`, its row `{status: 'dnc_flagged', id, phone_number}`;
 * - a lead that is no object, has no E.164 `phone_number`, or a US premium-rate number (`+1900`, the
 *   destination the sandbox never calls) is refused: `{status: 'invalid', phone_number, reason}`, no record;
 * - any other lead is created (status `pending`): `{status: 'created', id, phone_number}`.
 * An array body answers the rows (`data: [row, …]`, one per lead, in request order); a single lead
 * object answers its record, as before (`data: record` or null when refused). `created` counts every
 * lead added, flagged ones included; `dnc_flagged` the flagged ones; `invalid` the refused ones.
 */
import { data, invalid, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { createRecord } from '../crud';
import type { P2Record } from '../records';
import { BLOCKED_DESTINATION_PREFIX, MAX_LEADS_PER_REQUEST } from './campaigns';

const E164 = /^\+[1-9]\d{6,14}$/;
/** Suppression entries that stop calls (the others are for messages only). */
const CALL_CHANNELS = new Set([undefined, null, 'all', 'call', 'calls', 'voice', 'phone']);

export type LeadRow =
	| { status: 'created' | 'dnc_flagged'; id: P2Record['id']; phone_number: string }
	| { status: 'invalid'; phone_number: unknown; reason: string };

function suppressedNumbers(call: P2Call): Set<unknown> {
	const entries = call.state.records.list(call.workspace.id, '/suppression-list');
	return new Set(entries.filter((e) => CALL_CHANNELS.has(e.channel as string)).flatMap((e) => [e.phone_number, e.value]));
}

function refusal(fields: Record<string, unknown> | null, phone: unknown): string | undefined {
	if (!fields) return 'is not a lead object';
	if (typeof phone !== 'string' || !E164.test(phone)) return 'phone_number must be an E.164 phone number (+ and 7 to 15 digits)';
	if (phone.startsWith(BLOCKED_DESTINATION_PREFIX)) return 'phone_number is a premium-rate number, which campaigns do not call';
	return undefined;
}

export function addLeads(call: P2Call): P2Answer {
	const body = call.body;
	if (typeof body !== 'object' || body === null) return invalid('body', 'must be a lead object or an array of leads');
	const leads: unknown[] = Array.isArray(body) ? body : [body];
	if (leads.length === 0) return invalid('body', 'must hold at least one lead');
	if (leads.length > MAX_LEADS_PER_REQUEST) return invalid('body', `must hold at most ${MAX_LEADS_PER_REQUEST} leads (got ${leads.length})`);
	const suppressed = suppressedNumbers(call);
	const rows: LeadRow[] = [];
	const records: Array<P2Record | null> = [];
	for (const lead of leads) {
		const fields = typeof lead === 'object' && lead !== null && !Array.isArray(lead) ? (lead as Record<string, unknown>) : null;
		const phone = fields?.phone_number ?? fields?.phone;
		const reason = refusal(fields, phone);
		if (reason !== undefined || !fields) {
			rows.push({ status: 'invalid', phone_number: phone ?? null, reason: reason ?? 'is not a lead object' });
			records.push(null);
			continue;
		}
		const flagged = suppressed.has(phone) || fields.do_not_call === true;
		const record = createRecord(call, { ...fields, phone_number: phone, status: flagged ? 'do_not_call' : 'pending', do_not_call: flagged });
		rows.push({ status: flagged ? 'dnc_flagged' : 'created', id: record.id, phone_number: phone as string });
		records.push(record);
	}
	const count = (status: LeadRow['status']) => rows.filter((row) => row.status === status).length;
	const meta = { created: count('created') + count('dnc_flagged'), dnc_flagged: count('dnc_flagged'), invalid: count('invalid') };
	return data(Array.isArray(body) ? rows : records[0], meta, 201);
}
