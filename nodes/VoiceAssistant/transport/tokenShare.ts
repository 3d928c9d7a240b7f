/**
 * How much of a shared token's window this process may use (queue-mode workers, several `n8n
 * execute`s on one token). The server's X-RateLimit-Remaining is the only count all processes see.
 * Racing for every slot the server frees costs a 429 per loser, so while the token is shared each
 * process keeps the slots it holds and reuses them as they expire (the others do the same), and
 * takes new room only in proportion to a low share of the server's count, leaving a small reserve:
 * rounded down, the claims of all processes add up to no more than the server has (a fraction of a
 * slot, claimed by chance, can overlap another's now and then).
 */
import { TOO_LONG_SHARE, type Entry, type WindowModel } from './pacerModel';

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
export function shareCeiling(limit: number, snapshot: ShareSnapshot, ours: number): number {
	const { remaining, share, roll } = snapshot;
	const part = ours > 0 ? Math.min(1, share) : 0.25;
	// Remaining speaks for the fuller window. In another window the server holds about our count
	// divided by our share, so its room is at least what that leaves.
	const room = ours > 0 && share > 0 ? Math.max(remaining, limit - Math.ceil(ours / Math.min(1, share))) : remaining;
	// A fraction of a slot is claimed by chance in proportion: rounded down, the fractions of all
	// processes would leave the same free slots unclaimed window after window.
	const claim = Math.max(0, room - SHARE_RESERVE) * part;
	return Math.min(limit, ours) + Math.floor(claim) + (roll < claim % 1 ? 1 : 0);
}

/**
 * When an answer is stale enough to ask the server again (nothing of ours in flight): a short window
 * after it, once the server's Reset has passed, if we hold no slot. Holding slots, their reuse
 * brings fresh answers, so only when the next of them is far off compared with the longest wait the
 * server has named (at most its window): a model much longer than the server's windows would
 * otherwise sit out the whole of it.
 */
export function staleAskAt(snapshot: ShareSnapshot, ownExpiries: number[], shortestMs: number, longestServerWait: number): number {
	const resetAt = snapshot.resetAt ?? snapshot.at + shortestMs;
	if (ownExpiries.length === 0) return Math.max(resetAt, snapshot.at + shortestMs);
	const nextOwn = Math.min(...ownExpiries);
	return longestServerWait > 0 && nextOwn - resetAt > STALE_FACTOR * longestServerWait ? resetAt : Infinity;
}

/** Our next slot must be this many of the server's longest named waits past its Reset before we ask early. */
export const STALE_FACTOR = 4;

/**
 * Our requests in each window when the server answered `entry`: `ours` counts high (any the model
 * still holds, and later ones that may have arrived first), so a shortfall in Remaining is surely
 * someone else's; `surely` counts low (sent before it, and within the window of its answer), for a
 * share that never claims more than is ours. `tight` is the window Remaining speaks for.
 */
export function countOurs(
	windows: WindowModel[],
	entries: Entry[],
	entry: Entry,
	now: number,
	margin: (window: WindowModel) => number,
): { expected: number; tight: number; surely: number[] } {
	let expected = Infinity;
	let tight = 0;
	const surely: number[] = [];
	for (const [index, window] of windows.entries()) {
		let ours = 0;
		let counted = 0;
		for (const other of entries) {
			if (other.doneAt === undefined || other === entry || other.doneAt + window.ms + margin(window) > entry.sentAt) ours++;
			if (other === entry || (other.sentAt < entry.sentAt && other.sentAt > (entry.doneAt ?? now) - window.ms)) counted++;
		}
		surely.push(counted);
		if (Number.isFinite(window.limit) && window.limit - ours < expected) {
			expected = window.limit - ours;
			tight = index;
		}
	}
	return { expected, tight, surely };
}

/** Our part of the server's count (limit − Remaining), low rather than high: the processes' shares must not add up to more than the server has. */
export function lowShare(limit: number, surelyOurs: number, remaining: number): number {
	return Math.min(1, surelyOurs / Math.max(1, limit - remaining));
}

/**
 * More room than the requests of ours the server surely counts leave (by a quarter of the limit):
 * the model's windows are longer than the server's, so its own slots cannot say when they free.
 */
export function provesTooLong(windows: WindowModel[], surely: number[], remaining: number): boolean {
	return surely.some((counted, index) => remaining > windows[index].limit * (1 + TOO_LONG_SHARE) - counted);
}
