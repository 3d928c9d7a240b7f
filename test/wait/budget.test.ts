/** The polling budget: a fifth of every rate-limit window the pacer models. */
import { PollBudget } from '../../nodes/VoiceAssistant/engine/wait/budget';
import { Pacer } from '../../nodes/VoiceAssistant/transport/pacer';

describe('PollBudget', () => {
	it('at the documented limits allows 20 polls a minute and 4 per 10 s', () => {
		const budget = new PollBudget(new Pacer());
		expect(budget.spacingMs()).toBe(3000); // 60 s / 20 polls (10 s / 4 = 2.5 s is looser)
		const t0 = 1_000_000;
		for (let i = 0; i < 4; i++) {
			expect(budget.waitMs(t0 + i)).toBe(0);
			budget.take(t0 + i);
		}
		// A fifth poll within 10 s waits until the first leaves the burst window.
		expect(budget.waitMs(t0 + 10)).toBe(10_000 - 10);
		let now = t0 + 10_000;
		let sent = 4;
		while (now < t0 + 60_000) {
			if (budget.waitMs(now) === 0) {
				budget.take(now);
				sent++;
			}
			now += 100;
		}
		expect(sent).toBeLessThanOrEqual(20);
		expect(sent).toBeGreaterThanOrEqual(19);
	});

	it('follows the windows the server proved to the pacer (a time-scaled limit)', () => {
		const pacer = new Pacer();
		// A lesson alone is not enough (issue #39): the server accepted more than each limit within a tenth of its window.
		for (const window of pacer.windows) {
			window.ms /= 10;
			window.proof = { ms: window.ms, at: Date.now() };
		}
		expect(new PollBudget(pacer).spacingMs()).toBe(300);
	});
});
