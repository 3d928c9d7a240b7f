/**
 * Where the polling trigger stands, kept in the node's static data so that a restart of n8n or a
 * deactivate/activate cycle resumes where it stopped. Pure: no requests, no clock.
 *
 * The call list is ordered by creation time, newest first, while calls end later. So every poll
 * walks the list from the top down to a floor (a "sweep"): below the floor every call has been dealt
 * with. The floor is the oldest call still in progress, or the newest call of the last sweep minus
 * RESCAN_MS (a call that reaches the list late is still seen), whichever is older. A call is emitted
 * the first time a sweep sees it in a final state; its id is remembered until the floor passes it.
 * All times are the platform's timestamps (shared/platformTime.ts), compared only with each other,
 * except one: with the account's zone known, "the last N hours" of a first activation start N hours
 * before n8n's now (includeFrom) rather than before the newest timestamp in the list.
 */
import type { IDataObject } from 'n8n-workflow';

import { isFinalState } from '../../shared/callStates';
import { platformTime } from '../../shared/platformTime';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const CURSOR_VERSION = 1;
/**
 * Every sweep reads again the calls created this long before the newest call of the last one: a
 * call whose record reaches the list a little after a newer one (two servers writing at once,
 * timestamps in whole seconds) is still seen.
 */
export const RESCAN_MS = 2 * MINUTE;
/**
 * A call still in progress this long after the newest call was created is no longer followed. Calls
 * last at most 20 minutes (max_call_duration); one stuck in progress keeps every sweep reading down
 * to it, so the bound is also what such a call can cost.
 */
export const FOLLOW_MS = HOUR;
/** After a downtime, calls created more than this before the newest call are not caught up. */
export const CATCH_UP_MS = 24 * HOUR;
/** Most call ids remembered as dealt with (each with its creation time; about 20 bytes in the static data). */
export const MAX_REMEMBERED = 5000;

const hours = (ms: number) => `${ms / HOUR} hour${ms === HOUR ? '' : 's'}`;

/** A walk of the list from the top down to the floor; it may take several polls (thinned). */
export interface Sweep extends IDataObject {
	page: number;
	/** calls created before this are not looked at; null: no floor (the list was empty at activation) */
	floor: number | null;
	/** the newest creation time this sweep has seen */
	top: number | null;
	/** the list's total at the last page, to notice a list that shrank between two pages */
	total: number | null;
	steppedBack: boolean;
}

export interface CallCursor extends IDataObject {
	v: number;
	/** the server-side filters the cursor was built with; other filters start afresh */
	filters: string;
	/** 'activating': the first sweep, which tells history (not emitted) from calls that end from now on */
	phase: 'activating' | 'watching';
	/** first activation only: also emit calls that ended this many ms before activation */
	includeMs: number;
	/** activating: calls that ended at or before this (server clock) are history */
	since: number | null;
	/** first activation with the account's zone known: `since` is this instant (n8n's now minus the hours) */
	includeFrom?: number | null;
	floor: number | null;
	top: number | null;
	/** calls seen in progress: id → creation time */
	open: Record<string, number>;
	/** calls dealt with (emitted, history or filtered out): id → creation time */
	done: Record<string, number>;
	sweep: Sweep | null;
}

/** A record of the call list, read once. */
export interface ListedCall {
	id: number;
	created: number | undefined;
	finished: number | undefined;
	final: boolean;
	record: IDataObject;
}

/** zone: the account's (credential), to read zone-less times on its clock; undefined: read as UTC. */
export function listedCall(record: IDataObject, zone?: string): ListedCall | undefined {
	const id = Number(record.id);
	if (!Number.isSafeInteger(id) || id <= 0) return undefined;
	const created = platformTime(record.created_at, zone);
	const finished = platformTime(record.finished_at, zone) ?? platformTime(record.updated_at, zone);
	return { id, created, finished, final: isFinalState(record.status), record };
}

export function newCursor(filters: string, includeMs: number, includeFrom?: number): CallCursor {
	const cursor: CallCursor = { v: CURSOR_VERSION, filters, phase: 'activating', includeMs, since: null, floor: null, top: null, open: {}, done: {}, sweep: null };
	if (includeFrom !== undefined) cursor.includeFrom = includeFrom;
	return cursor;
}

/** The stored cursor if it is one of this version built with these filters; otherwise undefined (start afresh). */
export function storedCursor(stored: unknown, filters: string): CallCursor | undefined {
	if (typeof stored !== 'object' || stored === null) return undefined;
	const cursor = stored as Partial<CallCursor>;
	if (cursor.v !== CURSOR_VERSION || cursor.filters !== filters) return undefined;
	if (typeof cursor.open !== 'object' || typeof cursor.done !== 'object' || cursor.open === null || cursor.done === null) return undefined;
	return cursor as CallCursor;
}

/** The sweep to continue, or a new one from the top down to the cursor's floor. */
export function currentSweep(cursor: CallCursor): Sweep {
	cursor.sweep ??= { page: 1, floor: cursor.floor, top: null, total: null, steppedBack: false };
	return cursor.sweep;
}

/** What one page did: calls that ended (to emit unless filtered), whether the sweep is over, what was given up. */
export interface PageOutcome {
	ended: ListedCall[];
	sweepDone: boolean;
	/** the page was not taken: the list shrank since the last page, so the page before is read again */
	reread: boolean;
	givenUp: string[];
}

/** What the page envelope says beside the records. */
export interface PageInfo {
	/** the list has no page after this one */
	last: boolean;
	/** the envelope's total, when given */
	total?: number;
}

/**
 * Takes one page of the sweep (records newest first). Mutates the cursor: opens, dones, the
 * sweep's position; at the end of the sweep, the new floor. New calls arriving between two pages
 * push records down (read twice: harmless, ids are remembered); deleted calls pull them up across
 * the page boundary, so a smaller total sends the sweep one page back first.
 */
export function takePage(cursor: CallCursor, calls: ListedCall[], info: PageInfo): PageOutcome {
	const sweep = currentSweep(cursor);
	const outcome: PageOutcome = { ended: [], sweepDone: false, reread: false, givenUp: [] };
	const shrank = info.total !== undefined && sweep.total !== null && info.total < sweep.total;
	if (info.total !== undefined) sweep.total = info.total;
	if (sweep.page > 1 && shrank && !sweep.steppedBack) {
		sweep.page -= 1;
		sweep.steppedBack = true;
		outcome.reread = true;
		return outcome;
	}
	if (sweep.page === 1) startFloor(cursor, sweep, calls, outcome);
	let floorReached = false;
	for (const call of calls) {
		if (sweep.floor !== null && call.created !== undefined && call.created < sweep.floor) {
			floorReached = true;
			continue;
		}
		const created = call.created ?? sweep.top ?? 0;
		if (call.created !== undefined && (sweep.top === null || call.created > sweep.top)) sweep.top = call.created;
		const key = String(call.id);
		if (Object.hasOwn(cursor.done, key)) continue;
		if (!call.final) {
			cursor.open[key] = created;
			continue;
		}
		const wasOpen = Object.hasOwn(cursor.open, key);
		delete cursor.open[key];
		cursor.done[key] = created;
		const history = cursor.phase === 'activating' && !wasOpen && !(call.finished !== undefined && cursor.since !== null && call.finished > cursor.since);
		if (!history) outcome.ended.push(call);
	}
	outcome.givenUp.push(...keepRememberedBounded(cursor, sweep));
	if (floorReached || info.last || calls.length === 0) {
		outcome.givenUp.push(...finishSweep(cursor, sweep));
		outcome.sweepDone = true;
	} else {
		sweep.page += 1;
		sweep.steppedBack = false;
	}
	return outcome;
}

/** Page 1: on activation it fixes "now" (the newest timestamp the list shows); later it bounds a catch-up. */
function startFloor(cursor: CallCursor, sweep: Sweep, calls: ListedCall[], outcome: PageOutcome): void {
	const times = calls.flatMap((call) => [call.created, call.finished]).filter((t): t is number => t !== undefined);
	const newest = times.length > 0 ? Math.max(...times) : undefined;
	if (cursor.phase === 'activating' && cursor.since === null) {
		if (newest === undefined) return; // an empty list: every call from now on is new
		cursor.since = typeof cursor.includeFrom === 'number' ? cursor.includeFrom : newest - cursor.includeMs;
		sweep.floor = cursor.since - FOLLOW_MS;
		return;
	}
	const newestCreated = Math.max(...calls.map((call) => call.created ?? -Infinity));
	if (sweep.floor !== null && Number.isFinite(newestCreated) && sweep.floor < newestCreated - CATCH_UP_MS) {
		outcome.givenUp.push(`calls created more than ${hours(CATCH_UP_MS)} before the newest one (n8n was not polling for longer than that)`);
		sweep.floor = newestCreated - CATCH_UP_MS;
	}
}

/** The sweep reached its floor: the next floor, and what is no longer followed or remembered. */
function finishSweep(cursor: CallCursor, sweep: Sweep): string[] {
	const givenUp: string[] = [];
	if (sweep.top !== null && (cursor.top === null || sweep.top > cursor.top)) cursor.top = sweep.top;
	if (cursor.phase === 'activating') {
		cursor.phase = 'watching';
		cursor.since = null;
	}
	cursor.sweep = null;
	if (cursor.top === null) return givenUp; // nothing listed yet: no floor
	for (const [id, created] of Object.entries(cursor.open)) {
		if (created < cursor.top - FOLLOW_MS) {
			delete cursor.open[id];
			givenUp.push(`call ${id}, still in progress ${hours(FOLLOW_MS)} after newer calls began`);
		}
	}
	let floor = cursor.top - RESCAN_MS;
	for (const created of Object.values(cursor.open)) floor = Math.min(floor, created);
	cursor.floor = floor;
	for (const [id, created] of Object.entries(cursor.done)) if (created < floor) delete cursor.done[id];
	return givenUp;
}

/**
 * At most MAX_REMEMBERED ids: beyond that the oldest are forgotten and the floor rises above them
 * (so a forgotten call can never be seen, and emitted, again); calls in progress below it are given up.
 */
function keepRememberedBounded(cursor: CallCursor, sweep: Sweep): string[] {
	const entries = Object.entries(cursor.done);
	if (entries.length <= MAX_REMEMBERED) return [];
	entries.sort((a, b) => b[1] - a[1]);
	const floor = entries[MAX_REMEMBERED - 1][1];
	const givenUp: string[] = [];
	for (const [id, created] of entries.slice(MAX_REMEMBERED)) if (created < floor) delete cursor.done[id];
	for (const [id, created] of Object.entries(cursor.open)) {
		if (created < floor) {
			delete cursor.open[id];
			givenUp.push(`call ${id} (more than ${MAX_REMEMBERED} newer calls to remember)`);
		}
	}
	sweep.floor = sweep.floor === null ? floor : Math.max(sweep.floor, floor);
	cursor.floor = cursor.floor === null ? floor : Math.max(cursor.floor, floor);
	return givenUp;
}
