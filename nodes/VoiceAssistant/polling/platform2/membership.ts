/**
 * A status event (Campaign Started, Paused, Completed) fires when a record enters the status, never
 * when a record already in it changes. A record that names the time it entered (`started_at`…) is
 * told by that time through the cursor (cursor.ts, key id@time), which also sees a leave and return
 * between two reads. The catalogue names no such time, so for a record without one the trigger keeps
 * the ids it saw in the status at the last complete read of the list and fires for an id not among
 * them: a rename or an edit keeps the id in the list and starts nothing.
 *
 * The list is read whole (poll.ts: at most MAX_WHOLE_PAGES pages of feed.pageLimit records, else the poll fails
 * and nothing is taken), so the ids kept are never more than the status holds. They live in the cursor
 * (`members`), saved and dropped with it: a fresh cursor (the activation, another event or filters)
 * and a cursor saved by a version without them take the current members as history, not as a burst.
 */
import type { IDataObject } from 'n8n-workflow';

import { takeFeedPage, type FeedCursor, type FeedEvent, type FeedOutcome, type FeedRow } from './cursor';

/** An entry told by membership: the record names no entry time. Its key is the record's id. */
export interface MemberEvent extends FeedEvent {
	byMembership: true;
}

interface MembersCursor extends FeedCursor {
	/** the ids in the status at the last complete read; absent until the first read that kept them */
	members?: string[];
	/**
	 * ids missing from the last read that took more than one page: offset paging over a list that
	 * changes between two pages can skip a record, so such an id is taken as gone only when the next
	 * read misses it too (a one-page read is one answer: what it misses is gone)
	 */
	missing?: string[];
}

/** An entry of a record without its entry time; `at` (its last change) only orders the items. */
export function memberEvent(record: IDataObject, at: number): MemberEvent {
	return { key: String(record.id), at, record, byMembership: true };
}

export const isMemberEvent = (event: FeedEvent): event is MemberEvent => (event as Partial<MemberEvent>).byMembership === true;

/**
 * Takes a list read whole, every page in (rows newest first; `onePage`: it came in one answer).
 * Entries with their time go through the cursor; those without by membership. Mutates the cursor.
 */
export function takeWholeList(cursor: FeedCursor, rows: FeedRow[], onePage: boolean): FeedOutcome {
	const kept = cursor as MembersCursor;
	// the activation, or the first read since an upgrade: who is in the status now is history
	const history = !cursor.started || !Array.isArray(kept.members);
	const members = kept.members ?? [];
	const before = new Set([...members, ...(kept.missing ?? [])]);
	const now = new Set<string>();
	const entered: FeedEvent[] = [];
	const timed: FeedRow[] = rows.map((row) => {
		for (const event of row.events) {
			const id = String(event.record.id);
			if (isMemberEvent(event) && !history && !before.has(id) && !now.has(id)) entered.push(event);
			now.add(id);
		}
		return { order: row.order, events: row.events.filter((event) => !isMemberEvent(event)) };
	});
	const outcome = takeFeedPage(cursor, timed, true);
	// missed by a read of several pages for the first time: kept one read more (missed twice: gone)
	const missing = onePage || history ? [] : members.filter((id) => !now.has(id));
	kept.members = [...now];
	if (missing.length > 0) kept.missing = missing;
	else delete kept.missing;
	outcome.emit.push(...entered);
	return outcome;
}
