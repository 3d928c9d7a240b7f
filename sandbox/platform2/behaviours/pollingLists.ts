/**
 * The lists the polling trigger follows on Platform 2.0 (issue #32), ordered and filtered as the
 * trigger relies on (docs/sandbox.md "Platform 2.0: lists a polling trigger follows"):
 * - listCalls (calls.ts, with the calls' progression): `sort=updated_at` puts the call changed last first.
 * - listHistory, listBookings, listScheduledCallbacks (no sort parameter in the catalogue): latest
 *   change (updated_at) first; history's `from`/`to` bound created_at, bookings' the appointment's start.
 * - listAudienceContacts: newest created first; `created_from`/`created_to` bound created_at.
 * Equality filters and paging stay the generic ones (paging.ts); the sandbox's list order (listOrder.ts) may
 * turn any of them round (oldest first).
 */
import type { P2Answer } from '../answers';
import type { P2Call } from '../context';
import { listRows } from '../crud';
import { pageOf } from '../paging';
import type { P2Record } from '../records';

const time = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : NaN);

/** Keeps rows whose `field` is within [from, to] (either bound optional); rows without the field are kept. */
function within(rows: P2Record[], field: string, from: unknown, to: unknown): P2Record[] {
	const low = time(from);
	const high = time(to);
	return rows.filter((row) => {
		const at = time(row[field]);
		if (Number.isNaN(at)) return true;
		return !(at < low) && !(at > high);
	});
}

/** Newest first by `field` (stable: equal times keep the store's order, newest created first). */
export function newestFirst(rows: P2Record[], field: string): P2Record[] {
	return rows
		.map((row, index) => ({ row, index, at: time(row[field]) }))
		.sort((a, b) => (Number.isNaN(b.at) ? -Infinity : b.at) - (Number.isNaN(a.at) ? -Infinity : a.at) || a.index - b.index)
		.map(({ row }) => row);
}

function ordered(call: P2Call, order: string, bound: string, fromParam: string, toParam: string): P2Answer {
	const rows = within(listRows(call), bound, call.query[fromParam], call.query[toParam]);
	return pageOf(call.op, newestFirst(rows, order), call.query, call.state.listOrder);
}

export const listHistory = (call: P2Call): P2Answer => ordered(call, 'updated_at', 'created_at', 'from', 'to');
export const listBookings = (call: P2Call): P2Answer => ordered(call, 'updated_at', 'start_at', 'from', 'to');
export const listScheduledCallbacks = (call: P2Call): P2Answer => ordered(call, 'updated_at', 'created_at', 'from', 'to');
export const listAudienceContacts = (call: P2Call): P2Answer => ordered(call, 'created_at', 'created_at', 'created_from', 'created_to');
