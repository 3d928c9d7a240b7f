/** Membership on its own (membership.ts): entries of records without an entry time, the ids kept, and a record that offset paging skipped once. */
import { newFeedCursor, type FeedRow } from '../../../nodes/VoiceAssistant/polling/platform2/cursor';
import { memberEvent, takeWholeList } from '../../../nodes/VoiceAssistant/polling/platform2/membership';

const T = Date.UTC(2026, 0, 1);
const untimed = (id: string): FeedRow => ({ order: T, events: [memberEvent({ id }, T)] });
const timed = (id: string, at: number): FeedRow => ({ order: at, events: [{ key: `${id}@${new Date(at).toISOString()}`, at, record: { id } }] });
const ids = (rows: FeedRow[]) => rows.map((row) => String(row.events[0].record.id));

function afterActivation(rows: FeedRow[]) {
	const cursor = newFeedCursor('f');
	expect(takeWholeList(cursor, rows, true).emit).toEqual([]);
	return cursor;
}
const take = (cursor: ReturnType<typeof newFeedCursor>, rows: FeedRow[], onePage = true) => takeWholeList(cursor, rows, onePage).emit.map((e) => String(e.record.id));

describe('2.0 polling, status membership', () => {
	it('a record enters when its id was not in the list at the last read; one that left and came back enters again', () => {
		const cursor = afterActivation([untimed('a'), untimed('b')]);
		expect(take(cursor, [untimed('a'), untimed('b')])).toEqual([]);
		expect(take(cursor, [untimed('c'), untimed('a')])).toEqual(['c']);
		expect(take(cursor, [untimed('c'), untimed('a'), untimed('b')])).toEqual(['b']);
		expect(cursor.members).toEqual(['c', 'a', 'b']);
	});

	it('records with their entry time go by it (a leave and return between reads is seen) and are kept as members too', () => {
		const cursor = afterActivation([timed('a', T)]);
		expect(take(cursor, [timed('a', T + 5000)])).toEqual(['a']);
		expect(take(cursor, [timed('a', T + 5000)])).toEqual([]);
		expect(cursor.members).toEqual(['a']);
		// the platform stops naming the time: the record is already in the status, so no entry
		expect(take(cursor, [untimed('a')])).toEqual([]);
	});

	it('a read of several pages that misses a member (offset paging over a changing list) keeps it one read more', () => {
		const all = ['a', 'b', 'c', 'd'].map(untimed);
		const cursor = afterActivation(all);
		const skipped = all.filter((row) => ids([row])[0] !== 'b');
		expect(take(cursor, skipped, false)).toEqual([]);
		expect(cursor.missing).toEqual(['b']);
		expect(take(cursor, all, false)).toEqual([]);
		expect(cursor.missing).toBeUndefined();
		// missed by two reads in a row: gone; its return is an entry
		take(cursor, skipped, false);
		take(cursor, skipped, false);
		expect(cursor.missing).toBeUndefined();
		expect(take(cursor, all, false)).toEqual(['b']);
		// one answer holds the whole list: what it misses is gone at once
		take(cursor, skipped, true);
		expect(take(cursor, all, true)).toEqual(['b']);
	});

	it('no members kept yet (a cursor saved before them): the current ones are history', () => {
		const cursor = afterActivation([untimed('a')]);
		delete cursor.members;
		expect(take(cursor, [untimed('a'), untimed('b'), untimed('c')])).toEqual([]);
		expect(take(cursor, [untimed('a'), untimed('b'), untimed('c'), untimed('d')])).toEqual(['d']);
	});
});
