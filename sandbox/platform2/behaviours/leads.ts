/**
 * addLeads (`POST /campaigns/{id}/leads`) as the API reference states it (catalogue C1, addLeads; the
 * lead's fields as Update Lead names them): the body is one lead object or an array of 1–1000 (more:
 * 400 naming `body`), each lead `{phone, name?, email?, tags?, custom_fields?}`.
 * - A key that is not a lead field (the classic names `phone_number`, `variables`…) is refused: 400
 *   `invalid_request` naming it (`body[3].phone_number`), nothing created. The reference does not say
 *   how unknown keys are treated; a strict schema is the sandbox's reading, so a client that sends the
 *   old shape learns it at once.
 * - Phone numbers are normalised to E.164 (spaces, dashes and brackets dropped; a number must start
 *   with + and hold 7 to 15 digits); e-mail addresses are checked and lower-cased.
 * - A number on the workspace's suppression list (an entry for all channels or for calls) is created
 *   with status `do_not_call`; any other lead with status `pending`.
 * - Not created (counted `invalid`, absent from `data`): no or an unusable phone, an unusable e-mail, a US
 *   premium-rate number (`+1900`, the destination the sandbox never calls), or a conflict: a contact with
 *   the same phone or e-mail already in the workspace (any campaign's leads or the Audience), earlier in
 *   the same request included ("causes a conflict instead of being silently merged").
 * An array body answers `data: [created lead records, in request order]`; a single lead object its
 * record (201), or 409 `conflict` / 400 `invalid_request` when it is not created. `meta` counts
 * `created` (every lead added, flagged ones included: the reference says they are "created with status
 * do_not_call"), `dnc_flagged` and `invalid`.
 */
import { data, errorDetail, invalid, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { createRecord } from '../crud';
import type { P2Record } from '../records';
import { BLOCKED_DESTINATION_PREFIX, MAX_LEADS_PER_REQUEST } from './campaigns';

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A campaign lead's fields (Update Lead's body in the catalogue). */
const LEAD_FIELDS = new Set(['phone', 'name', 'email', 'tags', 'custom_fields']);
/** Suppression entries that stop calls (the others are for messages only). */
const CALL_CHANNELS = new Set([undefined, null, 'all', 'call', 'calls', 'voice', 'phone']);

function suppressedNumbers(call: P2Call): Set<unknown> {
	const entries = call.state.records.list(call.workspace.id, '/suppression-list');
	return new Set(entries.filter((e) => CALL_CHANNELS.has(e.channel as string)).flatMap((e) => [e.phone_number, e.value]));
}

/** The workspace's contacts by phone and by e-mail: every campaign's leads and the Audience. */
function existingContacts(call: P2Call): { phones: Set<string>; emails: Set<string> } {
	const { records } = call.state;
	const ws = call.workspace.id;
	const rows = [
		...records.list(ws, '/leads'),
		...records.list(ws, '/campaigns').flatMap((campaign) => records.list(ws, '/campaigns/{}/leads', [campaign.id])),
	];
	const phones = new Set<string>();
	const emails = new Set<string>();
	for (const row of rows) {
		for (const phone of [row.phone, row.phone_number]) if (typeof phone === 'string') phones.add(normalisedPhone(phone) ?? phone);
		if (typeof row.email === 'string') emails.add(row.email.toLowerCase());
	}
	return { phones, emails };
}

function normalisedPhone(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (!text.startsWith('+')) return undefined;
	const e164 = `+${text.replace(/[\s().-]/g, '').slice(1)}`;
	return E164.test(e164) ? e164 : undefined;
}

type Checked = { lead: Record<string, unknown> } | { refused: string; conflict?: boolean };

function checked(fields: Record<string, unknown>, contacts: { phones: Set<string>; emails: Set<string> }): Checked {
	const phone = normalisedPhone(fields.phone);
	if (!phone) return { refused: 'phone must be a phone number in international format (+ and 7 to 15 digits)' };
	if (phone.startsWith(BLOCKED_DESTINATION_PREFIX)) return { refused: 'phone is a premium-rate number, which campaigns do not call' };
	const email = typeof fields.email === 'string' && fields.email.trim() !== '' ? fields.email.trim().toLowerCase() : undefined;
	if (fields.email !== undefined && fields.email !== null && (email === undefined || !EMAIL.test(email))) return { refused: 'email must be an e-mail address' };
	if (contacts.phones.has(phone)) return { refused: `a contact with the phone ${phone} already exists`, conflict: true };
	if (email && contacts.emails.has(email)) return { refused: `a contact with the e-mail ${email} already exists`, conflict: true };
	return { lead: { ...fields, phone, ...(email ? { email } : {}) } };
}

export function addLeads(call: P2Call): P2Answer {
	const body = call.body;
	if (typeof body !== 'object' || body === null) return invalid('body', 'must be a lead object or an array of leads');
	const single = !Array.isArray(body);
	const leads: unknown[] = Array.isArray(body) ? body : [body];
	if (leads.length === 0) return invalid('body', 'must hold at least one lead');
	if (leads.length > MAX_LEADS_PER_REQUEST) return invalid('body', `must hold at most ${MAX_LEADS_PER_REQUEST} leads (got ${leads.length})`);
	for (const [at, lead] of leads.entries()) {
		const where = single ? 'body' : `body[${at}]`;
		if (typeof lead !== 'object' || lead === null || Array.isArray(lead)) return invalid(where, 'must be a lead object');
		const unknown = Object.keys(lead).find((key) => !LEAD_FIELDS.has(key));
		if (unknown !== undefined) return invalid(`${where}.${unknown}`, `is not a field of a lead (a lead has ${[...LEAD_FIELDS].join(', ')})`);
	}
	const suppressed = suppressedNumbers(call);
	const contacts = existingContacts(call);
	const created: P2Record[] = [];
	let flagged = 0;
	let refused: Checked | undefined;
	for (const lead of leads as Array<Record<string, unknown>>) {
		const result = checked(lead, contacts);
		if (!('lead' in result)) {
			refused = result;
			continue;
		}
		const phone = result.lead.phone as string;
		const dnc = suppressed.has(phone);
		if (dnc) flagged += 1;
		created.push(createRecord(call, { ...result.lead, tags: result.lead.tags ?? [], custom_fields: result.lead.custom_fields ?? {}, status: dnc ? 'do_not_call' : 'pending' }));
		contacts.phones.add(phone);
		if (typeof result.lead.email === 'string') contacts.emails.add(result.lead.email);
	}
	const meta = { created: created.length, dnc_flagged: flagged, invalid: leads.length - created.length };
	if (!single) return data(created, meta, 201);
	if (refused && !('lead' in refused)) {
		if (refused.conflict) return errorDetail(409, 'conflict', refused.refused);
		const [field, ...problem] = refused.refused.split(' ');
		return invalid(field, problem.join(' '));
	}
	return data(created[0], meta, 201);
}
