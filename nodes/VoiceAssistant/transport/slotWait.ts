/**
 * How long the next request must wait for one window (pure; pacer.ts asks it for each window and
 * waits for the longest). A window holds our answered requests until they leave it, our requests
 * still in flight, and — unless the token's room is shared out by the server's count — the requests
 * others were last seen to have in it.
 */
import { PENDING_RECHECK_MS, SAFETY_MS, SHARED_MIN, activeWindows, slotMargin, type Entry, type WindowModel } from './pacerModel';
import { shareCeiling, staleAskAt, type ShareSnapshot } from './tokenShare';

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

/** What the pacer knows when it asks how long every window makes the next request wait. */
export interface ModelState {
	now: number;
	/** the windows to wait for (the proved ones, or a lesson's when asking whether a probe may go) */
	windows: WindowModel[];
	entries: Entry[];
	/** while the token is shared out by the server's count: the last answer's snapshot */
	snapshot?: ShareSnapshot;
	/** others' requests as last seen (0 once that reading is stale) */
	foreign: number;
	foreignUntil: number;
	longestServerWait: number;
}

/** The longest wait any window asks for (ms from now). */
export function modelWait(m: ModelState): number {
	const { now, windows, snapshot } = m;
	// When clearly shared, others' usage plus one: they may have sent another since.
	const foreign = m.foreign >= SHARED_MIN ? m.foreign + 1 : m.foreign;
	const shortestMs = Math.min(...activeWindows(windows).map((window) => window.ms));
	let ms = 0;
	for (const [index, window] of windows.entries()) {
		if (snapshot && !Number.isFinite(window.limit)) continue;
		const expiries: number[] = [];
		let pending = 0;
		for (const entry of m.entries) {
			if (entry.doneAt === undefined) pending++;
			else if (entry.doneAt + window.ms + slotMargin(window) > now) expiries.push(entry.doneAt + window.ms + slotMargin(window));
		}
		// Shared: our own slots plus our share of the server's room, instead of racing for every slot.
		const { until } = windowWait({
			now,
			ceiling: snapshot ? shareCeiling(window.limit, snapshot, snapshot.ours[index]) : window.limit,
			expiries,
			pending,
			foreign: snapshot ? 0 : foreign,
			foreignUntil: m.foreignUntil,
			staleAt: snapshot ? staleAskAt(snapshot, expiries, shortestMs, m.longestServerWait) + SAFETY_MS : undefined,
		});
		ms = Math.max(ms, until - now);
	}
	return ms;
}
