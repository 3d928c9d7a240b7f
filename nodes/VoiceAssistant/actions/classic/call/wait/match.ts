import type { IDataObject } from 'n8n-workflow';

import { isFinalState } from '../../../../shared/callStates';

/** One placed (or about to be placed) call waiting to be recognised in the call list. */
export interface MatchEntry {
	/** order in which the snapshots were taken */
	seq: number;
	/** ids of the number's calls that existed before; null when no snapshot was taken */
	knownIds: ReadonlySet<number> | null;
	/** the id make_call answered, or one assigned earlier */
	callId?: number;
	/** snapshot taken, make_call not answered yet */
	pending: boolean;
}

/**
 * Which new call belongs to which waiting item, for one assistant and one customer number.
 *
 * The rule: a call is ours if it was not in our snapshot (taken before placing) and nobody else
 * claimed it. Several items on one number are served in snapshot order, oldest call first
 * (ascending id, the platform's creation order), so two calls to one number never share a record.
 * An item still placing its call holds back the call it would get, so a later item cannot take it.
 * Without a snapshot, only a call still running when first seen is taken (an old call has ended).
 * Returns seq → call id for the entries that got their call now.
 */
export function assignCalls(
	entries: readonly MatchEntry[],
	records: readonly IDataObject[],
	claimed: ReadonlySet<number>,
): Map<number, number> {
	const candidates = records
		.filter((record) => typeof record.id === 'number' && !claimed.has(record.id))
		.sort((a, b) => (a.id as number) - (b.id as number));
	const assigned = new Map<number, number>();
	for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
		if (entry.callId !== undefined) continue;
		const index = candidates.findIndex((record) =>
			entry.knownIds ? !entry.knownIds.has(record.id as number) : !isFinalState(record.status),
		);
		if (index < 0) break; // later snapshots know at least as much: none of theirs is listed yet
		const [record] = candidates.splice(index, 1);
		if (!entry.pending) assigned.set(entry.seq, record.id as number);
	}
	return assigned;
}

/** Digits only: `+49 151…` and `+49151…` are one number. */
export function samePhone(a: unknown, b: unknown): boolean {
	const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : '');
	return digits(a) !== '' && digits(a) === digits(b);
}
