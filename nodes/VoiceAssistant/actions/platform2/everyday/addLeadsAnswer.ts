import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../../shared/objects';

/**
 * What one lead's item learns from the answer to the bulk request it travelled in
 * (`POST /campaigns/{id}/leads` with a list of leads), read as the API reference states it (catalogue
 * C1, addLeads): "`data` is the array of created leads and `meta` reports `created`, `dnc_flagged` and
 * `invalid` rows"; "numbers on your Do-Not-Call list are created with status `do_not_call`"; "phone
 * numbers are normalized to E.164"; "an existing contact with the same phone or email causes a
 * conflict instead of being silently merged".
 *
 * So each created lead record is matched back to the item that sent it by its `phone` in E.164 (the
 * node sends E.164, so the platform's normalised number is the one sent). Several items of one request
 * with the same number: a record goes to the one whose name and e-mail agree with it, else to the first
 * in input order; the others were refused as conflicts. A record whose status is `do_not_call` is
 * flagged; an item with no record is invalid, when `meta.invalid` counts exactly the items left without
 * one. When the counts disagree, or records cannot be matched (a record with no phone, or a number that
 * was not sent), those items say `unknown`, with the counts: never a guess.
 */
export type LeadStatus = 'created' | 'dnc_flagged' | 'invalid' | 'unknown';

/** One lead's share of the answer (also what Retry On Fail keeps and replays for it). */
export interface LeadShare {
	status: LeadStatus;
	lead_id?: string | number;
	/** the created lead record, as the platform answered it */
	lead?: IDataObject;
	/** invalid because an earlier lead of the same request had the same number and was created: its place */
	sameNumberAs?: number;
	/** why the status is unknown */
	doubt?: string;
	/** the request's counts and this lead's place in it */
	request: { leads: number; position: number; created?: number; dnc_flagged?: number; invalid?: number };
}

/** What the node sent for one lead, as the answer is matched against it. */
export interface SentLead {
	phone: string;
	name?: string;
	email?: string;
}

type Counts = { created?: number; dnc_flagged?: number; invalid?: number };

export function leadShares(answer: unknown, sent: SentLead[]): LeadShare[] {
	const body = isObject(answer) ? answer : {};
	const counts = countsOf(body.meta);
	const place = (position: number) => ({ leads: sent.length, position, ...counts });
	if (!Array.isArray(body.data) && !isObject(body.data)) {
		// no records at all: only the counts can say something, and only when they are unanimous
		const unanimous = unanimousStatus(counts, sent.length);
		return sent.map((_lead, position) => ({ status: unanimous ?? 'unknown', ...(unanimous ? {} : { doubt: 'the answer held no lead records' }), request: place(position) }));
	}
	const records = (Array.isArray(body.data) ? body.data : [body.data]).filter(isObject);
	const matched = matchRecords(records, sent);
	if (!matched) {
		const doubt = 'the lead records of the answer could not be matched to the leads sent (a record without a phone number, or a number that was not sent)';
		return sent.map((_lead, position) => ({ status: 'unknown', doubt, request: place(position) }));
	}
	const missing = sent.length - matched.filter((record) => record !== undefined).length;
	const countsAgree = counts.invalid === undefined || counts.invalid === missing;
	return sent.map((lead, position): LeadShare => {
		const record = matched[position];
		if (record) {
			const id = record.id;
			return {
				status: record.status === 'do_not_call' ? 'dnc_flagged' : 'created',
				...(typeof id === 'string' || typeof id === 'number' ? { lead_id: id } : {}),
				lead: record,
				request: place(position),
			};
		}
		if (!countsAgree) {
			return { status: 'unknown', doubt: `the answer counts ${String(counts.invalid)} invalid, but ${missing} leads of the request have no created record`, request: place(position) };
		}
		const twin = sent.findIndex((other, at) => at !== position && other.phone === lead.phone && matched[at] !== undefined);
		return { status: 'invalid', ...(twin >= 0 ? { sameNumberAs: twin } : {}), request: place(position) };
	});
}

/** Each sent lead's record (undefined: none), or undefined when the records cannot be matched at all. */
function matchRecords(records: IDataObject[], sent: SentLead[]): Array<IDataObject | undefined> | undefined {
	const matched: Array<IDataObject | undefined> = sent.map(() => undefined);
	// the positions of each number, in input order (one pass: a request holds up to 1,000 leads)
	const positions = new Map<string, number[]>();
	sent.forEach((lead, position) => positions.set(lead.phone, [...(positions.get(lead.phone) ?? []), position]));
	for (const record of records) {
		const phone = e164Of(record.phone ?? record.phone_number);
		if (phone === undefined) return undefined;
		const free = (positions.get(phone) ?? []).filter((position) => matched[position] === undefined);
		if (free.length === 0) return undefined;
		const agreeing = free.find((position) => agrees(record, sent[position]));
		matched[agreeing ?? free[0]] = record;
	}
	return matched;
}

/** The record's name and e-mail are those sent (a field the record does not carry agrees). */
function agrees(record: IDataObject, lead: SentLead): boolean {
	const same = (ours: string | undefined, theirs: unknown) =>
		theirs === undefined || theirs === null || (ours ?? '').trim().toLowerCase() === String(theirs).trim().toLowerCase();
	return same(lead.name, record.name) && same(lead.email, record.email);
}

function e164Of(value: unknown): string | undefined {
	if (typeof value !== 'string' || !/\d/.test(value)) return undefined;
	return `+${value.replace(/\D/g, '')}`;
}

function countsOf(meta: unknown): Counts {
	if (!isObject(meta)) return {};
	const counts: Counts = {};
	for (const key of ['created', 'dnc_flagged', 'invalid'] as const) {
		if (typeof meta[key] === 'number') counts[key] = meta[key];
	}
	return counts;
}

/** The status every lead of the request has, when the counts say all of them had the same one. */
function unanimousStatus(counts: Counts, size: number): LeadStatus | undefined {
	const { created, dnc_flagged: flagged, invalid } = counts;
	if (created === undefined || flagged === undefined || invalid === undefined) return undefined;
	// `created` may or may not include the flagged ones (the reference does not say): both readings are taken.
	if (invalid === size && created === 0 && flagged === 0) return 'invalid';
	if (flagged === size && invalid === 0 && (created === 0 || created === size)) return 'dnc_flagged';
	if (created === size && flagged === 0 && invalid === 0) return 'created';
	return undefined;
}

/** The words an item's output says about its lead. */
export function leadMessage(share: LeadShare, phone: string): string {
	const where = `lead ${share.request.position + 1} of ${share.request.leads} in its request`;
	switch (share.status) {
		case 'created':
			return `Added to the campaign${share.lead_id !== undefined ? ` as lead ${String(share.lead_id)}` : ''} (${where})`;
		case 'dnc_flagged':
			return `Added, but with status "do_not_call": ${phone} is on the workspace's Do-Not-Call list, so the campaign will not call it (${where})`;
		case 'invalid':
			if (share.sameNumberAs !== undefined) {
				return `Not added: lead ${share.sameNumberAs + 1} of the same request has the same number ${phone} and was added; the platform keeps one contact per phone number or e-mail (${where})`;
			}
			return `Not added: the platform created no lead for ${phone} (${countsText(share)} in this request). The API reference names the reasons: a number or e-mail address it cannot use, or a contact with the same phone number or e-mail already in the workspace (${where})`;
		default:
			return `Unknown whether this lead was added: ${share.doubt ?? 'the answer does not say'} (${countsText(share)}). Check the campaign's leads before adding it again (${where})`;
	}
}

function countsText(share: LeadShare): string {
	const { created, dnc_flagged: flagged, invalid } = share.request;
	const parts = [
		created !== undefined ? `${created} created` : undefined,
		flagged !== undefined ? `${flagged} flagged do-not-call` : undefined,
		invalid !== undefined ? `${invalid} invalid` : undefined,
	].filter((part): part is string => part !== undefined);
	return parts.length > 0 ? `the answer counts ${parts.join(', ')}` : 'the answer gives no counts';
}
