import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../shared/objects';

/**
 * What one lead's item learns from the answer to the bulk request it travelled in
 * (`POST /campaigns/{id}/leads` with a list of leads).
 *
 * Documented: `meta: {created, dnc_flagged, invalid}`, the request's counts. Not documented: what
 * `data` holds per lead. The sandbox answers one row per lead in request order,
 * `{status: 'created'|'dnc_flagged'|'invalid', phone_number, id?, reason?}` — that is the sandbox's
 * reading, and the node takes rows only when they line up with what was sent (as many as sent, each
 * with a known status and, if it says one, the number sent at its place). Otherwise each lead gets
 * the request's counts and `status: 'unknown'`, unless the counts leave no doubt (all created, all
 * flagged, or all invalid).
 */
export type LeadStatus = 'created' | 'dnc_flagged' | 'invalid' | 'unknown';

const STATUSES = new Set(['created', 'dnc_flagged', 'invalid']);

/** One lead's share of the answer (also what Retry On Fail keeps and replays for it). */
export interface LeadShare {
	status: LeadStatus;
	lead_id?: string | number;
	reason?: string;
	/** the request's counts and this lead's place in it */
	request: { leads: number; position: number; created?: number; dnc_flagged?: number; invalid?: number };
}

export interface SentLead {
	phone_number: string;
}

export function leadShares(answer: unknown, sent: SentLead[]): LeadShare[] {
	const body = isObject(answer) ? answer : {};
	const counts = countsOf(body.meta);
	const rows = rowsOf(body.data, sent);
	const unanimous = rows ? undefined : unanimousStatus(counts, sent.length);
	return sent.map((_lead, position): LeadShare => {
		const request = { leads: sent.length, position, ...counts };
		const row = rows?.[position];
		if (!row) return { status: unanimous ?? 'unknown', request };
		const id = row.id ?? (isObject(row.lead) ? row.lead.id : undefined);
		return {
			status: row.status as LeadStatus,
			...(typeof id === 'string' || typeof id === 'number' ? { lead_id: id } : {}),
			...(typeof row.reason === 'string' ? { reason: row.reason } : {}),
			request,
		};
	});
}

function countsOf(meta: unknown): { created?: number; dnc_flagged?: number; invalid?: number } {
	if (!isObject(meta)) return {};
	const counts: { created?: number; dnc_flagged?: number; invalid?: number } = {};
	for (const key of ['created', 'dnc_flagged', 'invalid'] as const) {
		if (typeof meta[key] === 'number') counts[key] = meta[key];
	}
	return counts;
}

/** Per-lead rows, when they line up with what was sent; else undefined. */
function rowsOf(data: unknown, sent: SentLead[]): IDataObject[] | undefined {
	if (!Array.isArray(data) || data.length !== sent.length) return undefined;
	const lined = data.every(
		(row, at) =>
			isObject(row) &&
			STATUSES.has(row.status as string) &&
			(row.phone_number === undefined || row.phone_number === null || row.phone_number === sent[at].phone_number),
	);
	return lined ? (data as IDataObject[]) : undefined;
}

/** The status every lead of the request has, when the counts say all of them had the same one. */
function unanimousStatus(counts: { created?: number; dnc_flagged?: number; invalid?: number }, size: number): LeadStatus | undefined {
	const { created, dnc_flagged: flagged, invalid } = counts;
	if (created === undefined || flagged === undefined || invalid === undefined) return undefined;
	// `created` may or may not include the flagged ones (the docs do not say): both readings are taken.
	if (invalid === size && created === 0 && flagged === 0) return 'invalid';
	if (flagged === size && invalid === 0 && (created === 0 || created === size)) return 'dnc_flagged';
	if (created === size && flagged === 0 && invalid === 0) return 'created';
	return undefined;
}

/** The words an item's output says about its lead. */
export function leadMessage(share: LeadShare): string {
	const where = `lead ${share.request.position + 1} of ${share.request.leads} in its request`;
	switch (share.status) {
		case 'created':
			return `Added to the campaign (${where})`;
		case 'dnc_flagged':
			return `Added, but flagged do-not-call: the campaign will not call it (${where})`;
		case 'invalid':
			return `Refused by the platform${share.reason ? `: ${share.reason}` : ''} (${where})`;
		default:
			return `The platform answered only counts for the request this lead was in (${countsText(share)}); whether this lead was created, flagged or refused is unknown (${where})`;
	}
}

function countsText(share: LeadShare): string {
	const { created, dnc_flagged: flagged, invalid } = share.request;
	const parts = [
		created !== undefined ? `${created} created` : undefined,
		flagged !== undefined ? `${flagged} flagged do-not-call` : undefined,
		invalid !== undefined ? `${invalid} invalid` : undefined,
	].filter((part): part is string => part !== undefined);
	return parts.length > 0 ? parts.join(', ') : 'no counts either';
}
