/** The 2.0 polling cursor on its own: bounded memory, the floor that keeps forgotten events from coming back, the catch-up bound. */
import { CATCH_UP_MS, MAX_REMEMBERED, RETAIN_MS, newFeedCursor, takeFeedPage, type FeedRow } from '../../../nodes/VoiceAssistant/polling/platform2/cursor';

const T = Date.UTC(2026, 0, 1);
const row = (id: number, at: number): FeedRow => ({ order: at, events: [{ key: String(id), at, record: { id } }] });

function started() {
	const cursor = newFeedCursor('f');
	takeFeedPage(cursor, [row(0, T)], true);
	return cursor;
}

describe('2.0 polling cursor', () => {
	it(`remembers at most ${MAX_REMEMBERED} events; a forgotten one is below the floor and never emitted again`, () => {
		const cursor = started();
		const rows = Array.from({ length: MAX_REMEMBERED + 50 }, (_, i) => row(i + 1, T + (MAX_REMEMBERED + 50 - i) * 1000));
		expect(takeFeedPage(cursor, rows, true).emit).toHaveLength(MAX_REMEMBERED + 50);
		expect(Object.keys(cursor.seen).length).toBeLessThanOrEqual(MAX_REMEMBERED);
		expect(takeFeedPage(cursor, rows, true).emit).toEqual([]);
		expect(JSON.stringify(cursor).length).toBeLessThan(200_000);
	});

	it('forgets events older than the retention below the mark, and the floor rises with them', () => {
		const cursor = started();
		takeFeedPage(cursor, [row(1, T + 1000)], true);
		takeFeedPage(cursor, [row(2, T + RETAIN_MS + 5000), row(1, T + 1000)], true);
		expect(Object.keys(cursor.seen)).toEqual(['2']);
		expect(cursor.floor).toBeGreaterThanOrEqual(T + 1000);
	});

	it('after a downtime longer than the catch-up bound, records older than it are not read', () => {
		const cursor = started();
		const late = T + CATCH_UP_MS + 3_600_000;
		const outcome = takeFeedPage(cursor, [row(1, late), row(2, late - CATCH_UP_MS - 1000)], false);
		expect(outcome.emit.map((e) => e.key)).toEqual(['1']);
		expect(outcome.sweepDone).toBe(true);
		expect(outcome.givenUp).toHaveLength(1);
	});
});
