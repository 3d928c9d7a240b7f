/** The share estimate on its own: what one answer, many answers and a quiet token make of it. */
import { TokenShare } from '../../nodes/VoiceAssistant/transport/tokenShare';

function answer(share: TokenShare, windows: Array<[ours: number, count: number]>, foreign: number, now: number): void {
	for (const [ours, count] of windows) share.observe(ours, count, foreign, now, 1000);
	share.commit();
}

describe('TokenShare', () => {
	it('alone (no foreign requests) the whole limit is ours', () => {
		const share = new TokenShare();
		answer(share, [[10, 10]], 0, 0);
		answer(share, [[12, 13]], 1, 10); // one short: our own request at a window's edge
		expect(share.shared(20)).toBe(false);
		expect(share.fraction(20)).toBe(1);
		expect(share.limitFor(100, 20)).toBe(100);
	});

	it('three equal senders: a third of each window, a little under rather than over', () => {
		const share = new TokenShare();
		for (let i = 0; i < 7; i++) answer(share, [[33, 99], [6, 19]], 13, i * 10);
		expect(share.shared(100)).toBe(true);
		expect(share.fraction(100)).toBeCloseTo(0.33, 2);
		expect(share.limitFor(100, 100)).toBe(33);
		expect(share.limitFor(20, 100)).toBe(6);
	});

	it('takes the larger of the windows of one answer: Remaining overstates the other window’s count', () => {
		const share = new TokenShare();
		// Minute window binds: its count is right (60 of which 20 ours); the burst window's "19" is too high.
		answer(share, [[20, 59], [3, 19]], 10, 0);
		expect(share.fraction(0)).toBeCloseTo(20 / 60, 5);
	});

	it('one odd answer does not move the estimate (median of the recent ones)', () => {
		const share = new TokenShare();
		for (let i = 0; i < 6; i++) answer(share, [[25, 99]], 50, i);
		answer(share, [[90, 99]], 50, 6);
		expect(share.limitFor(100, 6)).toBe(25);
	});

	it('grows as the others stop: their requests leave the count, ours stay', () => {
		const share = new TokenShare();
		for (let i = 0; i < 7; i++) answer(share, [[33, 99]], 60, i);
		const before = share.limitFor(100, 10);
		for (let i = 0; i < 7; i++) answer(share, [[33, 40 - i]], 5, 20 + i);
		expect(share.limitFor(100, 30)).toBeGreaterThan(before * 2);
	});

	it('falls back to the whole limit a window after the others were last seen', () => {
		const share = new TokenShare();
		for (let i = 0; i < 7; i++) answer(share, [[33, 99]], 60, i);
		expect(share.limitFor(100, 500)).toBe(33);
		expect(share.limitFor(100, 1007)).toBe(100);
	});
});
