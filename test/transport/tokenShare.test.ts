/**
 * The rules that keep processes sharing one token out of each other's way (tokenShare.ts) and what
 * the pacer may learn while they do (windowLearning.ts), on hand-made logs: deterministic, no server.
 */
import { documentedWindows, scaleWindows, type Entry } from '../../nodes/VoiceAssistant/transport/pacerModel';
import {
	countOurs,
	lowShare,
	provesTooLong,
	shareCeiling,
	staleAskAt,
	type ShareSnapshot,
} from '../../nodes/VoiceAssistant/transport/tokenShare';
import { resetLesson } from '../../nodes/VoiceAssistant/transport/windowLearning';

const T = 1_000_000;
const noMargin = () => 0;

function snapshot(overrides: Partial<ShareSnapshot>): ShareSnapshot {
	return { ours: [0, 0], share: 0, remaining: 0, at: T, roll: 0.99, ...overrides };
}

/** Answered requests of ours, sent at these offsets from T and answered 5 ms later. */
function answered(...offsets: number[]): Entry[] {
	return offsets.map((offset) => ({ sentAt: T + offset, doneAt: T + offset + 5 }));
}

describe('shareCeiling: our slots plus our share of the spare room', () => {
	it('with no room, a process keeps exactly the slots it holds', () => {
		expect(shareCeiling(20, snapshot({ share: 0.4, remaining: 0 }), 8)).toBe(8);
	});

	it('spare room beyond the reserve of one is claimed by our share, rounded down when the roll says so', () => {
		// 11 free, 10 beyond the reserve, share 0.35 → 3.5 slots: 3, plus 1 only when the roll is below 0.5.
		expect(shareCeiling(20, snapshot({ share: 0.35, remaining: 11, roll: 0.9 }), 3)).toBe(3 + 3);
		expect(shareCeiling(20, snapshot({ share: 0.35, remaining: 11, roll: 0.1 }), 3)).toBe(3 + 4);
	});

	it('rounded down, three processes whose low shares add up to 1 claim no more than the server has; a roll adds one slot at most', () => {
		// The server counts 11 (Remaining 9): 5, 4 and 2 of them are the three processes'.
		const remaining = 9;
		const held = [5, 4, 2];
		const claim = (ours: number, roll: number) => shareCeiling(20, snapshot({ share: lowShare(20, ours, remaining), remaining, roll }), ours) - ours;
		const claims = held.map((ours) => claim(ours, 0.999));
		expect(claims).toEqual([3, 2, 1]); // 8 beyond the reserve × 5/11, 4/11, 2/11, rounded down
		expect(claims.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(remaining);
		for (const roll of [0, 0.25, 0.5, 0.75]) {
			held.forEach((ours, i) => expect([claims[i], claims[i] + 1]).toContain(claim(ours, roll)));
		}
	});

	it('a process that holds nothing yet gets a quarter of the spare room', () => {
		expect(shareCeiling(20, snapshot({ share: 0, remaining: 9 }), 0)).toBe(2);
	});

	it('in the window Remaining does not speak for, the room is what our count divided by our share leaves', () => {
		// Remaining 0 is the burst window; in the minute window we hold 10 at a share of 0.5: about 20 of 100 used.
		expect(shareCeiling(100, snapshot({ share: 0.5, remaining: 0 }), 10)).toBe(10 + Math.floor((80 - 1) * 0.5));
	});
});

describe('lowShare: our part of the server count, never more', () => {
	it('is our surely-counted requests over limit − Remaining, at most 1', () => {
		expect(lowShare(20, 5, 0)).toBe(0.25);
		expect(lowShare(20, 5, 15)).toBe(1);
		expect(lowShare(20, 0, 20)).toBe(0);
	});
});

describe('countOurs: high for spotting others, low for our share', () => {
	it('counts a request still in flight as ours, but not as surely counted by the server', () => {
		const windows = documentedWindows();
		scaleWindows(windows, 0.1); // 6 s and 1 s
		const entries: Entry[] = [...answered(0, 100, 200), { sentAt: T + 300 }];
		const answer = entries[2]; // answered at T + 205
		const { surely, expected, tight } = countOurs(windows, entries, answer, T + 205, noMargin);
		expect(surely).toEqual([3, 3]);
		expect(expected).toBe(20 - 4); // the burst window, with the one in flight
		expect(tight).toBe(1);
	});

	it('does not count as surely ours a request older than the window at the answer', () => {
		const windows = documentedWindows();
		scaleWindows(windows, 0.1);
		const entries = answered(0, 1500, 1600);
		const { surely } = countOurs(windows, entries, entries[2], T + 1605, noMargin);
		expect(surely).toEqual([3, 2]);
	});
});

describe('provesTooLong: the server has far more room than our model allows', () => {
	it('only when Remaining beats what our counted requests leave by a quarter of the limit', () => {
		const windows = documentedWindows();
		expect(provesTooLong(windows, [10, 10], 10)).toBe(false); // 20 − 10 = 10: consistent
		expect(provesTooLong(windows, [10, 14], 12)).toBe(true); // 20 × 1.25 − 14 = 11 < 12
	});
});

describe('staleAskAt: when to ask the server again with nothing in flight', () => {
	const answer = snapshot({ at: T, resetAt: T + 300 });

	it('holding no slot: once the Reset has passed and a short window after the answer', () => {
		expect(staleAskAt(answer, [], 1000, 1000)).toBe(T + 1000);
		expect(staleAskAt(snapshot({ at: T, resetAt: T + 1500 }), [], 1000, 1000)).toBe(T + 1500);
	});

	it('holding slots that free soon: never, their reuse brings the next answer', () => {
		expect(staleAskAt(answer, [T + 900], 1000, 1000)).toBe(Infinity);
	});

	it('holding slots far beyond what the server ever said it needs (a model far too long): at the Reset', () => {
		// The server never named a wait above 500 ms; our next slot frees 10 s on.
		expect(staleAskAt(answer, [T + 10_000], 10_000, 500)).toBe(T + 300);
	});
});

describe('resetLesson: what a Reset may teach while the token is shared', () => {
	const entries = answered(0);

	it('a precise Reset from a nearly empty window shrinks the documented model', () => {
		const lesson = resetLesson(documentedWindows(), entries, 'documented', { resetAt: T + 1010, now: T + 5, precise: true, shared: true, remaining: 18 });
		expect(lesson).toEqual({ scale: 0.101, shrunk: true });
	});

	it('a whole-second Reset, or one from a busy window, teaches nothing while shared', () => {
		const windows = documentedWindows();
		expect(resetLesson(windows, entries, 'documented', { resetAt: T + 1010, now: T + 5, precise: false, shared: true, remaining: 18 })).toBeUndefined();
		expect(resetLesson(windows, entries, 'documented', { resetAt: T + 1010, now: T + 5, precise: true, shared: true, remaining: 5 })).toBeUndefined();
	});

	it('alone on the token, the same whole-second Reset shrinks the model as before', () => {
		expect(resetLesson(documentedWindows(), entries, 'documented', { resetAt: T + 2000, now: T + 5, precise: false, shared: false, remaining: 5 })).toEqual({
			scale: 0.2,
			shrunk: true,
		});
	});
});
