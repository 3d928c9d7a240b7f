/**
 * What may make the pacer faster than the documented windows (issue #39): only evidence a slow event
 * loop cannot produce. Timings the process records itself (when it sent, when it read an answer, a
 * Reset set against them) are stretched and reordered by a busy machine, so a lesson drawn from them
 * (windowLearning.ts) may be far too short. A proof is the server's own count: it accepted more than a
 * window's limit of our requests within a span measured from the first one's send to the last one's
 * answer. In a sliding window of that limit they cannot all have been inside one window, so the
 * window is at most that span; a late loop only lengthens the span, so it can only prove less.
 *
 * The pacer paces by the longer of what its lessons say and this floor; the floor is the documented
 * window until a proof lowers it, and a proof lasts LEARNT.ttlMs unless the server proves it again.
 */
import { DERIVED_SLACK, LEARNT, activeWindows, type Entry, type WindowModel } from './pacerModel';

/** A later span within this share of the proof renews it (pacing at the floor makes every span a little longer). */
export const PROOF_RENEW_SHARE = 0.1;
/** A lesson this much below the proof keeps asking the server (its count, a probe) for a tighter proof. */
export const UNPROVED_SHARE = 0.02;

/**
 * After an accepted answer at `now`: for each window, the last limit + 1 accepted requests of our log
 * (all answered by now) arrived within `now − the first one's send`. A shorter span than the window's
 * current proof (or the first one, or one close enough to renew it) is recorded.
 */
export function noteAccepted(windows: WindowModel[], entries: Entry[], now: number): void {
	for (const window of activeWindows(windows)) {
		const first = nthAcceptedFromEnd(entries, window.limit + 1);
		if (!first) continue;
		const span = now - first.sentAt;
		if (span >= window.documentedMs) continue;
		const proof = freshProof(window, now);
		if (!proof || span <= proof.ms) window.proof = { ms: span, at: now };
		else if (span <= proof.ms * (1 + PROOF_RENEW_SHARE)) proof.at = now;
	}
}

/**
 * A Reset that shrank the model (windowLearning.ts) is a proof of the same kind: Reset is when the
 * server's oldest counted request frees its slot, and while our log explains the server's count that
 * request is ours, so `Reset − its send time` is the window plus its trip, never less. A late loop
 * moves our send time earlier and (through the Date correction) the Reset later: only longer. While
 * shared, resetLesson takes it only from a precise Reset of a nearly empty window (processes that
 * started together), where another's lead can shorten it by that lead (tens of ms; docs/transport.md).
 */
export function noteResetBound(windows: WindowModel[], scale: number, now: number): void {
	const active = activeWindows(windows);
	const shortest = active[active.length - 1];
	const ms = shortest.documentedMs * scale;
	const proof = freshProof(shortest, now);
	if (!proof || ms <= proof.ms) shortest.proof = { ms, at: now };
}

function nthAcceptedFromEnd(entries: Entry[], n: number): Entry | undefined {
	let seen = 0;
	for (let index = entries.length - 1; index >= 0; index--) {
		if (entries[index].accepted && ++seen === n) return entries[index];
	}
	return undefined;
}

function freshProof(window: WindowModel, now: number): { ms: number; at: number } | undefined {
	return window.proof && now - window.proof.at <= LEARNT.ttlMs ? window.proof : undefined;
}

/**
 * The shortest this window may be paced at now: its own fresh proof, or, when another window has
 * proved the server time-scaled, the documented ratio of that proof (with slack), whichever is
 * shorter; else the documented length. An own proof is only an upper bound, and one drawn while
 * others shared the token (our part of the traffic) is long: paced by it, the next span is as long
 * and the pace would never recover. A ratio the server does not keep is refused with 429s, which
 * measure the window (windowLearning.ts), and a measured window paces by its own length.
 */
export function floorMs(windows: WindowModel[], window: WindowModel, now: number): number {
	const own = freshProof(window, now);
	let scale = own ? own.ms / window.documentedMs : 1;
	for (const other of activeWindows(windows)) {
		const proof = other === window ? undefined : freshProof(other, now);
		if (proof) scale = Math.min(scale, (proof.ms / other.documentedMs) * DERIVED_SLACK);
	}
	return window.documentedMs * Math.max(scale, LEARNT.shortestFactor);
}

/** The windows as the pacer paces them: each at least its floor. */
export function pacedWindows(windows: WindowModel[], now: number): WindowModel[] {
	return windows.map((window) => ({ ...window, ms: Math.max(window.ms, floorMs(windows, window, now)) }));
}

/** A lesson says some window is well below what the server has proved: only the server's count, and a probe, may go faster. */
export function lessonUnproved(windows: WindowModel[], now: number): boolean {
	return activeWindows(windows).some((window) => window.ms * (1 + UNPROVED_SHARE) < floorMs(windows, window, now));
}
