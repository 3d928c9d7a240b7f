/**
 * How much of a shared token's window this process may use (queue-mode workers, several `n8n
 * execute`s on one token). The server's X-RateLimit-Remaining is the only count all processes see.
 * Racing for every slot the server frees costs a 429 per loser, so while the token is shared each
 * process keeps the slots it holds and reuses them as they expire (the others do the same), and
 * takes new room only in proportion to its share of the server's count, leaving a small reserve:
 * the claims of all processes then add up to no more than the server has.
 */

/** What one answer said, with our own requests in each window at that moment. */
export interface ShareSnapshot {
	/** our requests in each window (same order as the pacer's windows) when the answer came */
	ours: number[];
	/** our part of the server's count (0–1) */
	share: number;
	/** X-RateLimit-Remaining of that answer */
	remaining: number;
	/** when the server said its next slot frees (our clock) */
	resetAt?: number;
	/** when the answer arrived */
	at: number;
	/** drawn once per answer (0–1): decides whether a fraction of a slot is claimed */
	roll: number;
}

/**
 * Slots nobody claims while shared: the counts the processes act on are a round trip old, so the
 * last slots of a window are where their claims would overlap.
 */
export const SHARE_RESERVE = 1;

/**
 * Our ceiling in a window of `limit`: the slots we held at the last answer (reused as they expire)
 * plus our share of the room the server still had beyond the reserve. The share is our part of the
 * server's count in the fullest window; a process that holds nothing yet still gets one slot in
 * four of the spare room so it is not shut out while the others keep theirs.
 */
export function shareCeiling(limit: number, ours: number, remaining: number, share: number, roll: number): number {
	const part = ours > 0 ? Math.min(1, share) : 0.25;
	// Remaining speaks for the fuller window. In another window the server holds about our count
	// divided by our share, so its room is at least what that leaves.
	const room = ours > 0 && share > 0 ? Math.max(remaining, limit - Math.ceil(ours / Math.min(1, share))) : remaining;
	// A fraction of a slot is claimed by chance in proportion: rounded down, the fractions of all
	// processes would leave the same free slots unclaimed window after window.
	const claim = Math.max(0, room - SHARE_RESERVE) * part;
	return Math.min(limit, ours) + Math.floor(claim) + (roll < claim % 1 ? 1 : 0);
}

