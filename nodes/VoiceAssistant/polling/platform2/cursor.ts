/**
 * Where a Platform 2.0 polling trigger stands, kept in the node's static data. Pure: no requests,
 * no clock; only the platform's own timestamps and ids are compared, with each other.
 *
 * Every list it follows is read newest first by one of its timestamps (the "order": updated_at for
 * calls sorted by it, history, bookings and callbacks; created_at for new leads): a list the platform
 * answers oldest first is walked from its end and each page turned round before it comes here
 * (listOrder.ts, which keeps the order it saw in `order`). A poll reads pages from the newest while
 * records are newer than the mark (the newest order time already read) minus SLACK_MS, then moves the
 * mark up: with nothing new, one page (two when the list is oldest first). A record holds events (a call
 * completed, a booking cancelled…), each with a key and a time of its own (`at`: ended_at,
 * cancelled_at, created_at…). An event is emitted once: its key is remembered while its time is above
 * the floor; events at or below the floor are never emitted. The floor is "now" at first activation
 * (the newest time the list shows) and rises only when keys are forgotten (older than RETAIN_MS
 * below the mark, or more than MAX_REMEMBERED), so a forgotten event can never come back.
 */
import type { IDataObject } from 'n8n-workflow';

const HOUR = 3_600_000;
/** 2: the list's order is read, not assumed (`order`); a version 1 cursor was built on a list read newest first. */
export const CURSOR2_VERSION = 2;
/**
 * Records whose order time is this much below the mark are read again: a write whose timestamp was
 * taken a little before it became visible, timestamps in whole seconds. With nothing new a poll reads
 * these again, so the first page is sized to hold them (FeedCursor.near) and one request suffices.
 */
export const SLACK_MS = 30_000;
/** Event keys are remembered while their time is within this of the mark; older events are never emitted. */
export const RETAIN_MS = 24 * HOUR;
/** After a downtime, records more than this below the newest one are not caught up. */
export const CATCH_UP_MS = 24 * HOUR;
/** Most event keys remembered (each with its time: about 60 bytes in the static data). */
export const MAX_REMEMBERED = 5000;

/** One event a record holds: a key unique to it (the record's id, or id@start for a reschedule) and when it happened. */
export interface FeedEvent {
	key: string;
	at: number;
	record: IDataObject;
}

/** A record of the list, read once: its order time and its events. */
export interface FeedRow {
	order: number | undefined;
	events: FeedEvent[];
}

/** Which end of a list holds its newest records (listOrder.ts). */
export type ListOrder = 'newest' | 'oldest';

/** A walk from the newest record down to the stop; it may take several polls when the rate-limit share runs out. */
export interface FeedSweep extends IDataObject {
	/** rows walked from the newest end (newest first: the next page's offset) */
	offset: number;
	/** records older (by order time) than this are not read; null: to the end of the list */
	stop: number | null;
	/** the newest order time this sweep has read */
	top: number | null;
	/** records read at or above nearFrom: those the next sweep reads again (sizes its first page) */
	near: number;
	/** the new mark − SLACK_MS, once the sweep's first record is read */
	nearFrom: number | null;
	/** records read above the stop (what changed since the last sweep, and the slack) */
	read?: number;
	/** the order this sweep found the list in (undefined: not yet known) */
	order?: ListOrder;
	/** oldest first: the next page ends at this offset (exclusive); order unknown yet: the end of the list, to be read */
	end?: number;
	/** order unknown yet: the one time page 0 showed (null: none) */
	head?: number | null;
}

export interface FeedCursor extends IDataObject {
	v: number;
	/** the event and server-side filters the cursor was built with; others start afresh */
	feed: string;
	/** false until the first (activation) page was read */
	started: boolean;
	mark: number | null;
	/** events at or before this are history or forgotten; null: none yet (the list was empty at activation) */
	floor: number | null;
	/** the records the next first page should hold: those near the mark, or as many as changed between the last two sweeps */
	near: number;
	/** event key → its time */
	seen: Record<string, number>;
	sweep: FeedSweep | null;
	/** the order the list was last seen in: a page that says nothing (one time only) is read in it */
	order?: ListOrder;
}

export function newFeedCursor(feed: string): FeedCursor {
	return { v: CURSOR2_VERSION, feed, started: false, mark: null, floor: null, near: 0, seen: {}, sweep: null };
}

export function storedFeedCursor(stored: unknown, feed: string): FeedCursor | undefined {
	if (typeof stored !== 'object' || stored === null) return undefined;
	const cursor = stored as Partial<FeedCursor>;
	if ((cursor.v !== CURSOR2_VERSION && cursor.v !== 1) || cursor.feed !== feed || typeof cursor.seen !== 'object' || cursor.seen === null) return undefined;
	// version 1 only ever read a list newest first (another order failed the poll): a sweep under way goes on so
	if (cursor.v === 1) return { ...(cursor as FeedCursor), v: CURSOR2_VERSION, order: 'newest', sweep: cursor.sweep ? { ...cursor.sweep, order: 'newest' } : null };
	return cursor as FeedCursor;
}

export function currentFeedSweep(cursor: FeedCursor): FeedSweep {
	cursor.sweep ??= { offset: 0, stop: cursor.mark === null ? null : cursor.mark - SLACK_MS, top: null, near: 0, nearFrom: null };
	return cursor.sweep;
}

export interface FeedOutcome {
	emit: FeedEvent[];
	sweepDone: boolean;
	givenUp: string[];
}

/** Takes one page of the sweep (rows newest first; last: the list has no page after it). Mutates the cursor. */
export function takeFeedPage(cursor: FeedCursor, rows: FeedRow[], last: boolean): FeedOutcome {
	const outcome: FeedOutcome = { emit: [], sweepDone: false, givenUp: [] };
	if (!cursor.started) {
		// Activation: "now" is the newest time this page shows; what happened until then is history.
		const times = rows.flatMap((row) => [row.order, ...row.events.map((e) => e.at)]).filter((t): t is number => t !== undefined);
		const now = times.length > 0 ? Math.max(...times) : null;
		Object.assign(cursor, { started: true, mark: now, floor: now, near: rows.length, sweep: null });
		outcome.sweepDone = true;
		return outcome;
	}
	const sweep = currentFeedSweep(cursor);
	if (sweep.offset === 0) {
		const newest = Math.max(...rows.map((row) => row.order ?? -Infinity));
		if (sweep.stop !== null && Number.isFinite(newest) && sweep.stop < newest - CATCH_UP_MS) {
			sweep.stop = newest - CATCH_UP_MS;
			cursor.floor = Math.max(cursor.floor ?? -Infinity, sweep.stop);
			outcome.givenUp.push(`changes more than ${CATCH_UP_MS / HOUR} hours before the newest one (n8n was not polling for longer than that)`);
		}
	}
	let stopReached = false;
	for (const row of rows) {
		if (sweep.stop !== null && row.order !== undefined && row.order < sweep.stop) {
			stopReached = true;
			continue;
		}
		if (row.order !== undefined && (sweep.top === null || row.order > sweep.top)) sweep.top = row.order;
		sweep.read = (sweep.read ?? 0) + 1;
		// rows come newest first: the first one fixes the new mark, and so what the next sweep reads again
		if (sweep.nearFrom === null && row.order !== undefined) sweep.nearFrom = Math.max(cursor.mark ?? -Infinity, row.order) - SLACK_MS;
		if (row.order === undefined || sweep.nearFrom === null || row.order >= sweep.nearFrom) sweep.near += 1;
		for (const event of row.events) {
			if ((cursor.floor !== null && event.at <= cursor.floor) || Object.hasOwn(cursor.seen, event.key)) continue;
			cursor.seen[event.key] = event.at;
			outcome.emit.push(event);
		}
	}
	sweep.offset += rows.length;
	if (stopReached || last || rows.length === 0) {
		outcome.givenUp.push(...finishSweep(cursor, sweep));
		outcome.sweepDone = true;
	}
	return outcome;
}

function finishSweep(cursor: FeedCursor, sweep: FeedSweep): string[] {
	if (sweep.top !== null && (cursor.mark === null || sweep.top > cursor.mark)) cursor.mark = sweep.top;
	cursor.near = Math.max(sweep.near, sweep.read ?? 0);
	cursor.sweep = null;
	if (cursor.mark !== null) forgetUpTo(cursor, cursor.mark - RETAIN_MS);
	const entries = Object.values(cursor.seen);
	if (entries.length <= MAX_REMEMBERED) return [];
	entries.sort((a, b) => b - a);
	forgetUpTo(cursor, entries[MAX_REMEMBERED]);
	return [`events before ${new Date(cursor.floor ?? 0).toISOString()} (more than ${MAX_REMEMBERED} newer ones to remember)`];
}

/** Forgets the keys of events at or before `time` and raises the floor to it: they can never be emitted again. */
function forgetUpTo(cursor: FeedCursor, time: number): void {
	for (const [key, at] of Object.entries(cursor.seen)) if (at <= time) delete cursor.seen[key];
	cursor.floor = Math.max(cursor.floor ?? -Infinity, time);
}
