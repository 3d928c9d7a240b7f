/**
 * Which end of a paged Platform 2.0 list (limit/offset with meta.pagination.total) holds its newest
 * records. The catalogue states no order for the lists the polling trigger follows (listCalls' `sort`
 * names a field, not a direction), so each sweep reads the order from the rows themselves:
 * - newest first: the newest records are at offset 0; the sweep walks down from there (one request when
 *   nothing is new), as the cursor (cursor.ts) has always read;
 * - oldest first: the newest are at the end. The sweep's first request (offset 0, the sized first page)
 *   gives the total and the order; the walk then reads from total − size toward offset 0, each page turned
 *   round so the cursor takes it newest first (two requests when nothing is new). Records appended while
 *   a walk is under way land beyond its end and are read by the next sweep, as records inserted at the top
 *   of a newest-first list are; records that leave or move to the end only shift rows already read into
 *   the next page (read again: the cursor knows their keys).
 * A page whose times are all equal (or one row) says nothing. Page 0 that says nothing is the top when the
 * cursor last saw the list newest first and it holds records above the mark; otherwise the end of the list
 * decides (the probe: its times against page 0's), and where both say nothing, the order the cursor saw
 * last. A page that shows the other order in the middle of a sweep ends the sweep untaken: the mark stays,
 * so the next poll's fresh sweep reads everything again from the old mark and the cursor's keys keep each
 * event once. A page in neither order fails the poll (the trigger cannot follow such a list).
 */
import type { FeedCursor, FeedRow, FeedSweep, ListOrder } from './cursor';

/** What a page's order times say: one order, nothing (fewer than two distinct times), or both at once. */
export type PageOrder = ListOrder | 'none' | 'neither';

export function orderOfRows(rows: FeedRow[]): PageOrder {
	const times = rows.map((row) => row.order).filter((t): t is number => t !== undefined);
	let down = false;
	let up = false;
	for (let i = 1; i < times.length; i++) {
		if (times[i] < times[i - 1]) down = true;
		else if (times[i] > times[i - 1]) up = true;
	}
	if (down && up) return 'neither';
	return down ? 'newest' : up ? 'oldest' : 'none';
}

/** The one time a page that says nothing shows (undefined: it shows none). */
const timeOf = (rows: FeedRow[]): number | undefined => rows.find((row) => row.order !== undefined)?.order;

/** A page as the walk reads it: its rows in the list's order, the list's total (meta.pagination.total), and whether it ends the list. */
export interface ListPage {
	rows: FeedRow[];
	total?: number;
	last: boolean;
}

export interface Ask {
	offset: number;
	limit: number;
}

export type Step =
	/** rows newest first for the cursor; last: the walk has reached the list's oldest record */
	| { kind: 'take'; rows: FeedRow[]; last: boolean }
	/** nothing to take yet: the next request decides */
	| { kind: 'again' }
	/** the order changed under the sweep: it ends untaken (the cursor's sweep is dropped) */
	| { kind: 'ended'; why: string }
	/** neither: rows in neither order; noTotal: not newest first, and no meta.pagination.total to find the end by */
	| { kind: 'fail'; why: 'neither' | 'noTotal' };

/**
 * One poll's walk through a list: which request comes next and what each answer means. Its state between
 * polls is the cursor's sweep (`order`, `end`, `head`), so a walk thinned by the rate-limit share goes on
 * at the next poll; only page 0's rows, held while the end of the list is probed, live for this poll alone.
 */
export class ListWalk {
	private held: FeedRow[] | undefined;

	constructor(
		private readonly cursor: FeedCursor,
		private readonly sweepOf: () => FeedSweep,
		/** the sweep's first page: what the last sweep read near the mark, and a margin */
		private readonly firstSize: number,
		private readonly pageSize: number,
	) {}

	next(): Ask {
		const sweep = this.sweepOf();
		const size = sweep.offset === 0 ? this.firstSize : this.pageSize;
		if (sweep.end === undefined) return { offset: sweep.offset, limit: size };
		// from the end toward offset 0 (oldest first, or the probe of an order page 0 did not show)
		const offset = Math.max(0, sweep.end - size);
		return { offset, limit: Math.max(1, sweep.end - offset) };
	}

	step(page: ListPage, ask: Ask): Step {
		const sweep = this.sweepOf();
		const order = orderOfRows(page.rows);
		if (order === 'neither') return { kind: 'fail', why: 'neither' };
		if (sweep.order === undefined && sweep.end === undefined) return this.firstPage(sweep, page, order);
		if (sweep.order === undefined) {
			// the probe: the end of the list says which end is newest, where page 0 said nothing
			const at = timeOf(page.rows);
			const head = sweep.head ?? undefined;
			const seen = order !== 'none' ? order : at !== undefined && head !== undefined && at !== head ? (at > head ? 'oldest' : 'newest') : (this.cursor.order ?? 'newest');
			delete sweep.head;
			this.decide(sweep, seen);
			if (seen === 'newest') {
				delete sweep.end;
				const held = this.held;
				this.held = undefined;
				// page 0 was the top; read again when it was held by an earlier poll
				return held ? { kind: 'take', rows: held, last: false } : { kind: 'again' };
			}
		} else if (order !== 'none' && order !== sweep.order) {
			this.cursor.order = order;
			this.cursor.sweep = null;
			return { kind: 'ended', why: `a page came ${order} first while the sweep read it ${sweep.order} first` };
		}
		if (sweep.order === 'newest') return { kind: 'take', rows: page.rows, last: page.last };
		sweep.end = ask.offset;
		return { kind: 'take', rows: [...page.rows].reverse(), last: ask.offset === 0 };
	}

	/** Page 0 of a fresh sweep: the whole list, the top of a newest-first one, or the reason to read the end. */
	private firstPage(sweep: FeedSweep, page: ListPage, order: ListOrder | 'none'): Step {
		if (page.last) {
			if (order !== 'none') this.cursor.order = order;
			return { kind: 'take', rows: order === 'oldest' ? [...page.rows].reverse() : page.rows, last: true };
		}
		const reachesStop = page.rows.some((row) => sweep.stop === null || row.order === undefined || row.order >= sweep.stop);
		if (order === 'newest' || (order === 'none' && this.cursor.order === 'newest' && reachesStop)) {
			this.decide(sweep, 'newest');
			return { kind: 'take', rows: page.rows, last: false };
		}
		if (page.total === undefined) return { kind: 'fail', why: 'noTotal' };
		if (order === 'oldest') this.decide(sweep, 'oldest');
		else {
			// nothing said (a burst at one time, or one row): the end of the list decides, page 0 waits
			sweep.head = timeOf(page.rows) ?? null;
			this.held = page.rows;
		}
		sweep.end = page.total;
		return { kind: 'again' };
	}

	private decide(sweep: FeedSweep, order: ListOrder): void {
		sweep.order = order;
		this.cursor.order = order;
	}
}
