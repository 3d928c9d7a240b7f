/** The cursor on its own (no requests, no clock): its bounds, and pages that move under it. */
import {
	CATCH_UP_MS,
	FOLLOW_MS,
	MAX_REMEMBERED,
	RESCAN_MS,
	newCursor,
	storedCursor,
	takePage,
	type CallCursor,
	type ListedCall,
} from '../../nodes/VoiceAssistant/polling/classic/cursor';

const HOUR = 3_600_000;
const T = Date.UTC(2026, 0, 10, 12, 0, 0);

function call(id: number, created: number, finished?: number): ListedCall {
	return { id, created, finished: finished ?? created, final: finished !== undefined, record: { id } };
}

/** A whole sweep over one list (newest first), page by page, as the poll would take it. */
function sweep(cursor: CallCursor, list: ListedCall[], perPage = 100): number[] {
	const ended: number[] = [];
	for (;;) {
		const page = cursor.sweep?.page ?? 1;
		const records = list.slice((page - 1) * perPage, page * perPage);
		const outcome = takePage(cursor, records, { last: page * perPage >= list.length, total: list.length });
		ended.push(...outcome.ended.map((c) => c.id));
		if (outcome.sweepDone) return ended;
	}
}

describe('polling cursor', () => {
	it('keeps its floor at the oldest call in progress, or the newest call minus the re-read window', () => {
		const cursor = newCursor('f', 0);
		sweep(cursor, [call(3, T, undefined), call(2, T - HOUR, undefined), call(1, T - 3 * HOUR, T - 3 * HOUR)]);
		expect(cursor.phase).toBe('watching');
		expect(cursor.floor).toBe(T - HOUR);
		expect(Object.keys(cursor.open).sort()).toEqual(['2', '3']);
		expect(sweep(cursor, [call(4, T + HOUR, T + HOUR), call(3, T, T + HOUR), call(2, T - HOUR, T + HOUR)])).toEqual([4, 3, 2]);
		expect(cursor.floor).toBe(T + HOUR - RESCAN_MS);
		expect(cursor.open).toEqual({});
	});

	it(`follows a call in progress for ${FOLLOW_MS / HOUR} h after newer calls began, then gives it up (logged)`, () => {
		const cursor = newCursor('f', 0);
		sweep(cursor, [call(1, T, undefined)]);
		const later = T + FOLLOW_MS + 60_000;
		const outcome = takePage(cursor, [call(2, later, later), call(1, T, undefined)], { last: true });
		expect(outcome.ended.map((c) => c.id)).toEqual([2]);
		expect(outcome.givenUp).toEqual([expect.stringMatching(/^call 1, still in progress/)]);
		expect(cursor.open).toEqual({});
		expect(cursor.floor).toBe(later - RESCAN_MS);
	});

	it(`catches up at most ${CATCH_UP_MS / HOUR} h after a long downtime`, () => {
		const cursor = newCursor('f', 0);
		sweep(cursor, [call(1, T, T)]);
		const back = T + 3 * CATCH_UP_MS;
		const list = [call(4, back, back), call(3, back - CATCH_UP_MS + HOUR, back - CATCH_UP_MS + HOUR), call(2, back - CATCH_UP_MS - HOUR, back - CATCH_UP_MS)];
		const outcome = takePage(cursor, list, { last: true });
		expect(outcome.ended.map((c) => c.id)).toEqual([4, 3]);
		expect(outcome.givenUp).toEqual([expect.stringMatching(/more than 24 hours/)]);
	});

	it(`remembers at most ${MAX_REMEMBERED} calls; the floor rises above the ones it forgets`, () => {
		const cursor = newCursor('f', 0);
		sweep(cursor, [call(1, T - HOUR, undefined)]);
		const many = Array.from({ length: MAX_REMEMBERED + 50 }, (_, i) => call(MAX_REMEMBERED + 100 - i, T + (MAX_REMEMBERED + 50 - i) * 1000, T + HOUR));
		const ended = sweep(cursor, many);
		expect(Object.keys(cursor.done).length).toBeLessThanOrEqual(MAX_REMEMBERED);
		expect(new Set(ended).size).toBe(ended.length);
		// Nothing it forgot can come back: the floor is above every forgotten call.
		const forgotten = many.filter((c) => !Object.hasOwn(cursor.done, String(c.id)));
		expect(forgotten.every((c) => c.created! < cursor.floor!)).toBe(true);
		expect(cursor.open).toEqual({});
		expect(sweep(cursor, many)).toEqual([]);
	});

	it('reads the page before again when the list shrank between two pages (deleted calls move up)', () => {
		const cursor = newCursor('f', 0);
		sweep(cursor, [call(1, T, T)]);
		const list = Array.from({ length: 150 }, (_, i) => call(1000 - i, T + (200 - i) * 1000, T + 300_000));
		const first = takePage(cursor, list.slice(0, 100), { last: false, total: 150 });
		// Five calls of the first page are deleted: the second page now starts five calls lower.
		const shrunk = [...list.slice(0, 10), ...list.slice(15)];
		const second = takePage(cursor, shrunk.slice(100, 200), { last: true, total: 145 });
		expect(second.reread).toBe(true);
		const again = takePage(cursor, shrunk.slice(0, 100), { last: false, total: 145 });
		const rest = takePage(cursor, shrunk.slice(100, 200), { last: true, total: 145 });
		const ended = [...first.ended, ...again.ended, ...rest.ended].map((c) => c.id);
		expect(new Set(ended).size).toBe(ended.length);
		expect(ended.sort()).toEqual(list.map((c) => c.id).sort());
	});

	it('an empty list at activation: every call that appears afterwards is new', () => {
		const cursor = newCursor('f', 0);
		expect(sweep(cursor, [])).toEqual([]);
		expect(cursor.phase).toBe('watching');
		expect(sweep(cursor, [call(7, T, T)])).toEqual([7]);
	});

	it('a stored cursor of another version or other filters is not resumed', () => {
		const cursor = newCursor('{"assistant_id":1}', 0);
		expect(storedCursor(JSON.parse(JSON.stringify(cursor)), '{"assistant_id":1}')).toEqual(cursor);
		expect(storedCursor(cursor, '{"assistant_id":2}')).toBeUndefined();
		expect(storedCursor({ ...cursor, v: 99 }, '{"assistant_id":1}')).toBeUndefined();
		expect(storedCursor('garbage', '{"assistant_id":1}')).toBeUndefined();
	});
});
