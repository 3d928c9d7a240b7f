/**
 * What the server's answers teach the pacer about its windows (pure; the pacer applies it).
 * - Reset is when the server's oldest counted request frees its slot. Our own oldest one is no
 *   older, so `Reset − its send time` is at most the window (plus its upload time): if that proves
 *   the model too long, shrink it. While the token is shared the server's oldest is usually
 *   another's, so the same bound only ever says "at least": a bounded model grows towards it, a
 *   little at a time (a Reset of the longer window must not be taken for the short one's).
 * - A 429 says the next slot frees retry_after from when the server answered. In a sliding window
 *   of limit L that slot is the one taken by our L-th most recent accepted request, which gives the
 *   window length. Both ends are answer times (the server counts a request shortly before answering
 *   it), so the time a request spends inside n8n before it leaves does not distort it.
 */
import {
	DERIVED_SLACK,
	FRESH_WINDOW_MAX,
	GROW_LIMIT,
	SHRINK_EVIDENCE,
	SURELY_COUNTED,
	activeWindows,
	boundedMs,
	scaleWindows,
	type Calibration,
	type Entry,
	type WindowModel,
} from './pacerModel';

export interface ResetAnswer {
	resetAt: number;
	now: number;
	/** Reset came with sub-second precision */
	precise: boolean;
	/** someone else used the token recently */
	shared: boolean;
	/** X-RateLimit-Remaining of the latest answer */
	remaining?: number;
}

/** The scale (of the documented windows) a Reset proves, and whether it shrank the model. */
export function resetLesson(
	windows: WindowModel[],
	entries: Entry[],
	calibration: Calibration,
	answer: ResetAnswer,
): { scale: number; shrunk: boolean } | undefined {
	const { resetAt, now, precise, shared } = answer;
	const active = activeWindows(windows);
	const shortest = active[active.length - 1];
	// Shared, only a request the short window surely still counts (even with a model a little too
	// long) bounds it from below; an expired one could make any window look longer.
	const growing = shared && calibration === 'bounded';
	const oldest = growing
		? entries.find((entry) => entry.sentAt + shortest.ms * SURELY_COUNTED > now)
		: entries.find((entry) => entry.doneAt === undefined || entry.doneAt + windows[0].ms > now);
	if (!oldest) return undefined;
	const bound = resetAt - oldest.sentAt;
	if (bound <= 0) return undefined;
	if (growing) {
		return bound > shortest.ms && bound < shortest.ms * GROW_LIMIT ? { scale: bound / shortest.documentedMs, shrunk: false } : undefined;
	}
	if (bound >= shortest.ms * SHRINK_EVIDENCE) return undefined;
	// Shared, only a precise Reset from a nearly empty window: processes that started together.
	// Joining a busy token, the oldest request is another's and could prove any shorter window; a
	// whole-second Reset cannot tell a shared window's length to better than a second.
	if (shared && (!precise || (answer.remaining ?? 0) < shortest.limit - FRESH_WINDOW_MAX)) return undefined;
	return { scale: bound / shortest.documentedMs, shrunk: true };
}

/** The window a 429 measures (the one whose answer is closest to the current model), and its length. */
export function rejectionLesson(
	windows: WindowModel[],
	entries: Entry[],
	rejected: Entry,
	freeAt: number,
): { window: WindowModel; ms: number } | undefined {
	const before = entries.filter((entry) => entry.sentAt <= rejected.sentAt);
	let best: { window: WindowModel; ms: number; distance: number } | undefined;
	for (const window of activeWindows(windows)) {
		if (before.length < window.limit) continue;
		const anchor = before[before.length - window.limit].doneAt;
		if (anchor === undefined) continue;
		const ms = freeAt - anchor;
		if (ms <= 0) continue;
		const distance = Math.abs(Math.log(ms / window.ms));
		if (!best || distance < best.distance) best = { window, ms, distance };
	}
	return best && { window: best.window, ms: best.ms };
}

/**
 * Applies what a 429 measured to the windows; says whether it taught (or confirmed) anything, so the
 * pacer marks the model measured and the lesson fresh. Lengths stay within LEARNT's bounds.
 */
export function applyRejection(windows: WindowModel[], calibration: Calibration, best: { window: WindowModel; ms: number }): boolean {
	const { window, ms } = best;
	if (window.measured) {
		// Already measured: only an answer close to it is believable (jitter); anything else is more
		// likely someone else's requests on the token than a changed limit.
		if (ms <= window.ms * 0.75 || ms >= window.ms * 1.5) return false;
		window.ms = boundedMs(window, Math.max(window.ms, ms));
		return true;
	}
	// Reset already bounded the windows: a much longer answer is someone else's request, not ours.
	if (calibration === 'bounded' && ms > window.ms * 1.5) return false;
	// The other window follows the documented ratio, with slack: its own 429 measures it exactly.
	if (calibration !== 'measured') scaleWindows(windows, ms / window.documentedMs, DERIVED_SLACK);
	window.ms = boundedMs(window, ms);
	window.measured = true;
	return true;
}
