/**
 * Our share of a token that others use too, learned from X-RateLimit-Remaining alone (queue-mode
 * workers and separate `n8n execute` processes cannot talk to each other; the platform's count is all
 * they share).
 *
 * Every answer says how many requests the server counts in its window (limit − Remaining); our own log
 * says how many of them are ours. While others use the token, the pacer keeps its own requests to
 * that share of each window and reuses only its own slots as they free, instead of racing the others
 * for every slot the moment it frees (all of them see the same Reset: that is what costs 429s). The
 * shares add up to one, so together the senders still use the whole limit; when one stops, the
 * others' shares of the now smaller count grow and take its part over.
 */

/** A shortfall of one can be our own request at a window's edge; from two on, the token is shared. */
export const SHARED_MIN = 2;
/** Answers whose share is kept to smooth one answer's noise (the median wins). */
const HISTORY = 7;

export class TokenShare {
	private recent: number[] = [];
	private pending?: number;
	private sharedUntil = 0;

	/**
	 * One window of one answer: the server counts `count` requests there (limit − Remaining), `ours`
	 * of them are ours; `foreign` requests are someone else's. The token counts as shared for `holdMs`
	 * (a window) after others were seen. One more request than counted is assumed (the others keep
	 * sending), which keeps the shares together a little under the limit rather than over it.
	 */
	observe(ours: number, count: number, foreign: number, now: number, holdMs: number): void {
		if (foreign >= SHARED_MIN) this.sharedUntil = now + holdMs;
		if (count > 0) this.pending = Math.max(this.pending ?? 0, Math.min(1, ours / (count + 1)));
	}

	/**
	 * Ends one answer's observations: of its windows' shares the largest is kept (Remaining belongs to
	 * the binding window; it overstates the other window's count, which makes that share look smaller).
	 */
	commit(): void {
		if (this.pending === undefined) return;
		this.recent.push(this.pending);
		if (this.recent.length > HISTORY) this.recent.shift();
		this.pending = undefined;
	}

	/** Whether others were seen on the token within the last window. */
	shared(now: number): boolean {
		return now <= this.sharedUntil;
	}

	/** Our share of the token (1 when not shared). */
	fraction(now = Date.now()): number {
		if (!this.shared(now) || !this.recent.length) return 1;
		const sorted = [...this.recent].sort((a, b) => a - b);
		return sorted[Math.floor(sorted.length / 2)];
	}

	/** How many requests of ours a window with `limit` may hold while shared: at least one. */
	limitFor(limit: number, now: number): number {
		return Math.max(1, Math.floor(limit * this.fraction(now)));
	}
}
