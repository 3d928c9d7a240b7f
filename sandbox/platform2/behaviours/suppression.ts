/**
 * The suppression list (do-not-contact opt-outs) and the SMS it stops. The catalogue does not break
 * addSuppressionEntry's body into fields; the sandbox reads it as the node sends it: exactly one of
 * `phone_number` (E.164; `phone` is read the same), `email` or `contact_id` (an audience contact of
 * `/leads`, whose number and address the entry then carries), an optional `channel` (one of the list's
 * channels; none = every channel, stored as `all`) and `reason`. The same person and channel again
 * answers the existing entry (200) instead of a second one (201).
 * removeSuppressionEntry: by the entry's id only that entry; by a number or an address every entry of
 * it (the opt-out is lifted on every channel); 404 when none.
 * sendSms (the sandbox's reading of a suppressed recipient): 403 `{error: {code: "recipient_suppressed",
 * message, entry_id}}` when `to` has an entry for `sms` or for every channel, nothing sent; also `to` in
 * E.164 (400), the sender one of the workspace's numbers (404) that can send SMS (400). A sent SMS is
 * 201 with a `queued` message record, kept in the workspace's `/sms` (sb.platform2.list('A', '/sms')).
 */
import { data, errorDetail, invalid, NOT_FOUND, type P2Answer } from '../answers';
import { newId, nowIso, type P2Call } from '../context';
import { createRecord } from '../crud';
import type { P2Record } from '../records';

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIST = '/suppression-list';

function channels(call: P2Call): string[] {
	const list = call.state.ops.find((op) => op.id === 'listSuppressionEntries');
	return list?.queryParams.find((param) => param.name === 'channel')?.enum?.map(String) ?? [];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function addSuppressionEntry(call: P2Call): P2Answer {
	const body = call.body;
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalid('body', 'must be a JSON object');
	const given = body as Record<string, unknown>;
	const phone = text(given.phone_number) ?? text(given.phone);
	const email = text(given.email);
	const contactId = text(given.contact_id);
	if ([phone, email, contactId].filter(Boolean).length !== 1) return invalid('body', 'must name exactly one of contact_id, phone_number, email');
	if (phone && !E164.test(phone)) return invalid('phone_number', 'must be an E.164 phone number (+ and 7 to 15 digits)');
	if (email && !EMAIL.test(email)) return invalid('email', 'must be an e-mail address');
	const channel = given.channel === undefined || given.channel === null ? 'all' : given.channel;
	if (channel !== 'all' && !channels(call).includes(String(channel))) return invalid('channel', `must be one of ${channels(call).join(', ')}`);
	let who: Record<string, unknown> = { phone_number: phone ?? null, email: email ?? null, contact_id: null };
	if (contactId) {
		const contact = call.state.records.find(call.workspace.id, '/leads', [], contactId);
		if (!contact) return NOT_FOUND;
		who = { phone_number: contact.phone_number ?? null, email: contact.email ?? null, contact_id: contact.id };
	}
	const rows = call.state.records.list(call.workspace.id, LIST);
	const same = rows.find((row) => row.channel === channel && (contactId ? row.contact_id === contactId : phone ? row.phone_number === phone : row.email === email));
	if (same) return data(same);
	return data(createRecord(call, { ...who, channel, reason: text(given.reason) ?? null }), undefined, 201);
}

export function removeSuppressionEntry(call: P2Call): P2Answer {
	const key = call.params.id;
	const rows = call.state.records.list(call.workspace.id, LIST);
	const gone = rows.filter((row) => String(row.id) === key) as P2Record[];
	const matched = gone.length > 0 ? gone : rows.filter((row) => row.phone_number === key || row.email === key || row.value === key);
	if (matched.length === 0) return NOT_FOUND;
	for (const row of matched) call.state.records.remove(call.workspace.id, LIST, [], row);
	return data({ id: matched[0].id, deleted: true, removed: matched.length });
}

export function sendSms(call: P2Call): P2Answer {
	const body = call.body as { from_number_id: string; to: string; body: string };
	const ws = call.workspace.id;
	if (!E164.test(body.to)) return invalid('to', 'must be an E.164 phone number (+ and 7 to 15 digits)');
	const from = call.state.records.find(ws, '/phone-numbers', [], body.from_number_id);
	if (!from) return NOT_FOUND;
	if ((from.capabilities as { sms?: boolean } | undefined)?.sms === false) return invalid('from_number_id', 'is a number that cannot send SMS');
	const entry = call.state.records.list(ws, LIST).find((row) => (row.channel === 'all' || row.channel === 'sms') && row.phone_number === body.to);
	if (entry) return errorDetail(403, 'recipient_suppressed', `${body.to} opted out of SMS (suppression list)`, { entry_id: entry.id });
	const now = nowIso();
	const message: P2Record = { id: newId(call.state, 'uuid', () => call.state.records.list(ws, '/sms')), status: 'queued', direction: 'outbound', from_number_id: from.id, from_number: from.number ?? null, to: body.to, body: body.body, created_at: now, updated_at: now };
	call.state.records.insert(ws, '/sms', [], message);
	return data(message, undefined, 201);
}
