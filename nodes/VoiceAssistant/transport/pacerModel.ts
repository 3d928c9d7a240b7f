/** The pacer's vocabulary: its window model, its tickets and state, and the constants it tunes by. */
import { RATE_LIMIT } from '../shared/limits';
import type { RateInfo } from './rateHeaders';

export interface WindowModel {
	/** requests allowed per window */
	limit: number;
	/** documented length; the scale applies to it until this window is measured itself */
	documentedMs: number;
	ms: number;
	measured: boolean;
	/** the shortest span in which the server accepted more than `limit` of our requests, and when (windowProof.ts) */
	proof?: { ms: number; at: number };
}

export interface Entry {
	sentAt: number;
	/** when the answer arrived; until then the request holds its slot */
	doneAt?: number;
	probe?: boolean;
	/** answered 2xx: the server counted it (a proof of the window may rest on it) */
	accepted?: boolean;
}

/** documented: the published numbers; bounded: shrunk to what Reset proved, unverified; measured: from a 429. */
export type Calibration = 'documented' | 'bounded' | 'measured';

export interface PacerTicket {
	sentAt: number;
	/** An answer arrived (any status). */
	settle(status: number, info: RateInfo, receivedAt: number): void;
	/** No answer. neverSent: the request provably did not reach the server, so it used no slot. */
	fail(neverSent: boolean, at: number): void;
}

export interface PacerState {
	enforced: boolean;
	calibration: Calibration;
	windows: Array<{ limit: number; ms: number; measured: boolean }>;
	blockedUntil: number;
	foreignUsage: number;
	inFlight: number;
}

/** Longest single sleep, so new information (a 429 elsewhere, an answer) is picked up soon. */
export const SLEEP_SLICE_MS = 1000;
/** While the slot that must free is held by a request still in flight. */
export const PENDING_RECHECK_MS = 20;
/** Covers jitter between our clock reading and the server's arrival time. */
export const SAFETY_MS = 5;
export const SAFETY_SHARE = 0.001;

/** How long after its answer + window a request's slot is taken to be free. */
export function slotMargin(window: { ms: number }): number {
	return SAFETY_MS + window.ms * SAFETY_SHARE;
}
/**
 * Windows derived from another one's measurement are made this much longer: a short model counts
 * too few of our own requests, which looks like someone else's usage and costs 429s.
 */
export const DERIVED_SLACK = 1.015;
/** A shortfall of one can be our own request at a window's edge; from two on, the token is shared. */
export const SHARED_MIN = 2;
/** Reset must prove the window at most this share of the model before the model is shrunk. */
export const SHRINK_EVIDENCE = 0.5;
/** While shared, a bounded model grows towards a longer Reset only by up to this factor at a time. */
export const GROW_LIMIT = 1.2;
/** While shared, the model is shrunk only from an answer whose window held at most this many others' requests. */
export const FRESH_WINDOW_MAX = 3;
/** Remaining above what our surely-counted requests leave by this share of the limit: the model is too long. */
export const TOO_LONG_SHARE = 0.25;
/** While shared, a Reset is compared only with our requests sent within this share of the short window. */
export const SURELY_COUNTED = 0.8;

/**
 * What one server may teach, and for how long (issue #19, finding 4: one odd 429 once slowed a
 * token for the life of the process). A learnt window is never longer than twice the documented one
 * (a longer one only ever slows the token) and not shorter than a hundredth (servers with faster
 * windows exist, the time-scaled sandbox among them, and 429s correct a window that is too short;
 * only a window too long is a hostile answer's lever). What was learnt
 * expires unless answers keep confirming it; a 429 asking for more than twice the documented window,
 * and an X-RateLimit-Limit outside what a real plan has, teach nothing.
 */
export const LEARNT = {
	longestFactor: 2,
	shortestFactor: 1 / 100,
	/** ms a lesson lasts without a confirming answer (three documented minutes) */
	ttlMs: 3 * 60_000,
	/** X-RateLimit-Limit values believed (per minute) */
	plausibleLimit: { min: 5, max: 10_000 },
	/** a block or a named wait beyond this is no rate limit the documented windows explain */
	longestWaitMs: 2 * 60_000,
	/** the longest any single answer may hold other requests on the token: the documented minute */
	longestBlockMs: 60_000,
} as const;

/** A window length kept within LEARNT's factors of the documented one. */
export function boundedMs(window: WindowModel, ms: number): number {
	return Math.min(window.documentedMs * LEARNT.longestFactor, Math.max(window.documentedMs * LEARNT.shortestFactor, ms));
}

export function documentedWindows(): WindowModel[] {
	const burstMs = RATE_LIMIT.burstWindowSeconds * 1000;
	return [
		{ limit: RATE_LIMIT.perMinute, documentedMs: 60_000, ms: 60_000, measured: false },
		{ limit: RATE_LIMIT.burst, documentedMs: burstMs, ms: burstMs, measured: false },
	];
}

/**
 * X-RateLimit-Limit is the per-minute count. A burst limit at or above it can never bind (the longer
 * window fills first), so the model drops it rather than let it mislead the learning.
 */
export function setLimit(windows: WindowModel[], limit: number): void {
	const [minute, burst] = windows;
	minute.limit = limit;
	burst.limit = RATE_LIMIT.burst < limit ? RATE_LIMIT.burst : Infinity;
	// what was proved of the old limits says nothing of the new ones
	minute.proof = undefined;
	burst.proof = undefined;
}

/** The windows that can bind, shortest last. */
export function activeWindows(windows: WindowModel[]): WindowModel[] {
	return windows.filter((window) => Number.isFinite(window.limit));
}

/** Windows not yet measured follow a scale learned from another one (slack makes them a little longer). */
export function scaleWindows(windows: WindowModel[], scale: number, slack = 1): void {
	for (const window of windows) {
		if (!window.measured) window.ms = boundedMs(window, window.documentedMs * scale * slack);
	}
}

/** Back to the documented model (a lesson expired). The limit the server names is kept. */
export function forgetLessons(windows: WindowModel[]): void {
	for (const window of windows) {
		window.ms = window.documentedMs;
		window.measured = false;
	}
}

/**
 * Forget answered requests older than every window (with its margin), keeping at least twice the
 * largest limit: the log the windows and shares are counted from stays small.
 */
export function pruneEntries(entries: Entry[], windows: WindowModel[], now: number, margin: (window: WindowModel) => number): void {
	const longest = Math.max(...windows.map((window) => window.ms + margin(window)));
	const keep = 2 * Math.max(...activeWindows(windows).map((window) => window.limit));
	let drop = 0;
	while (entries.length - drop > keep && entries[drop].doneAt !== undefined && (entries[drop].doneAt as number) + longest < now) {
		drop++;
	}
	if (drop > 0) entries.splice(0, drop);
}
