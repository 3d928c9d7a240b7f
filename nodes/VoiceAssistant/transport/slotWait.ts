/**
 * How long the next request must wait for one window (pure; pacer.ts asks it for each window and
 * waits for the longest). A window holds our answered requests until they leave it, our requests
 * still in flight, and — unless the token's room is shared out by the server's count — the requests
 * others were last seen to have in it.
 */
import { PENDING_RECHECK_MS } from './pacerModel';

/** The wait for a slot would outlast what the request has left of its retry budget. */
export class SlotWaitTooLong extends Error {
	constructor(readonly waitMs: number) {
		super(`The next free slot is ${Math.round(waitMs / 1000)} s away`);
	}
}

export type WaitReason =
	/** the window has room now */
	| 'room'
	/** shared and past the server's Reset with nothing in flight: one request asks the server again */
	| 'ask-again'
	/** one of our answered requests leaves the window */
	| 'own-slot-frees'
	/** our requests in flight will answer (and may free or confirm a slot) */
	| 'in-flight-answers'
	/** shared: our share is stale at the server's Reset, then one request asks again */
	| 'share-goes-stale'
	/** only other users' requests fill the window: wait until our reading of them is stale */
	| 'others-reset';

export interface WindowState {
	now: number;
	/** most requests this window may hold for us: its limit, or our share of it while shared */
	ceiling: number;
	/** when each of our answered requests leaves the window (margin included) */
	expiries: number[];
	/** our requests without an answer yet: they hold a slot */
	pending: number;
	/** others' requests in the window as last seen (0 while the room is shared out by the server's count) */
	foreign: number;
	/** when that reading of others' usage goes stale */
	foreignUntil: number;
	/** while shared out: when our share is past the server's Reset (undefined otherwise) */
	staleAt?: number;
}

export function windowWait(w: WindowState): { until: number; reason: WaitReason } {
	const { now, ceiling, expiries, pending, foreign } = w;
	const used = pending + expiries.length + foreign;
	if (used < ceiling) return { until: now, reason: 'room' };
	const recheck = now + PENDING_RECHECK_MS;
	const shared = w.staleAt !== undefined;
	const staleAt = w.staleAt ?? Infinity;
	// Past the server's Reset the share is stale: with nothing in flight, one request asks again,
	// but only when our own slots will not bring a fresh answer soon (their reuse does that).
	if (shared && staleAt <= now && pending === 0) return { until: now, reason: 'ask-again' };
	const mustFree = used - ceiling + 1;
	if (mustFree > expiries.length + pending) {
		// Freeing all of ours is not enough: others hold the rest.
		if (!shared) return { until: Math.max(w.foreignUntil, recheck), reason: 'others-reset' };
		return { until: Math.max(staleAt, recheck), reason: 'share-goes-stale' };
	}
	if (mustFree <= expiries.length) {
		const sorted = [...expiries].sort((a, b) => a - b);
		return { until: Math.min(sorted[mustFree - 1], Math.max(staleAt, recheck)), reason: 'own-slot-frees' };
	}
	return { until: recheck, reason: 'in-flight-answers' };
}
