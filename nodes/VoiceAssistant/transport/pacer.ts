/**
 * Paces requests per credential so a bulk run stays under the platform's rate limit instead of
 * bouncing off it.
 *
 * Model: the documented limits (shared/limits.ts RATE_LIMIT) as sliding windows — 100 per minute and
 * 20 per 10 s — whose lengths and limit are corrected by what the server says:
 *  - X-RateLimit-Limit replaces the per-minute count;
 *  - X-RateLimit-Reset (epoch or seconds-until, rounded up by the server) is an upper bound on when a
 *    slot frees; when it proves the windows are much shorter than assumed (a scaled test server, a
 *    different plan), the model shrinks to that bound and may send one early "probe";
 *  - a 429's retry_after says exactly when the next slot frees; set against our own send log it gives
 *    the real window length (one 429 calibrates the pacer for the life of the process);
 *  - X-RateLimit-Remaining lower than our own log explains means someone else uses the token (another
 *    execution in another process, a queue-mode worker): that usage is counted as well.
 * Until a server has shown any rate-limit header or 429 nothing is paced (a server without limits runs
 * at full speed).
 *
 * State lives at module level keyed by base URL + a hash of the token, so all executions and parallel
 * lanes in this process that use one token share one budget. Only the hash appears in keys; the
 * token is never logged or put into an error.
 */
import { createHash } from 'node:crypto';
import { sleep } from 'n8n-workflow';

import { RATE_LIMIT } from '../shared/limits';
import { hasRateInfo } from './rateHeaders';
import type { RateInfo } from './rateHeaders';

interface WindowModel {
	/** requests allowed per window */
	limit: number;
	/** documented length; the scale applies to it until this window is measured itself */
	documentedMs: number;
	ms: number;
	measured: boolean;
}

interface Entry {
	sentAt: number;
	/** when the answer arrived; until then the request holds its slot */
	doneAt?: number;
	probe?: boolean;
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
const SLEEP_SLICE_MS = 1000;
/** While the slot that must free is held by a request still in flight. */
const PENDING_RECHECK_MS = 20;
/** Covers jitter between our clock reading and the server's arrival time. */
const SAFETY_MS = 5;
const SAFETY_SHARE = 0.001;
/**
 * Windows derived from another one's measurement are made this much longer: a short model counts
 * too few of our own requests, which looks like someone else's usage and costs 429s.
 */
const DERIVED_SLACK = 1.015;
/** A shortfall of one can be our own request at a window's edge; from two on, the token is shared. */
const SHARED_MIN = 2;
/** Reset must prove the window at most this share of the model before the model is shrunk. */
const SHRINK_EVIDENCE = 0.5;

export class Pacer {
	enforced = false;
	calibration: Calibration = 'documented';
	readonly windows: WindowModel[] = [
		{ limit: RATE_LIMIT.perMinute, documentedMs: 60_000, ms: 60_000, measured: false },
		{ limit: RATE_LIMIT.burst, documentedMs: RATE_LIMIT.burstWindowSeconds * 1000, ms: RATE_LIMIT.burstWindowSeconds * 1000, measured: false },
	];
	private entries: Entry[] = [];
	private blockedUntil = 0;
	private foreign = 0;
	private foreignUntil = 0;
	private foreignSeenAt = 0;
	private probeInFlight = false;
	/** the latest answer that carried X-RateLimit-Remaining: what the server allowed then */
	private lastRemaining?: { remaining: number; sentAt: number; resetAt?: number };
	private queue: Promise<void> = Promise.resolve();

	/** Waits until a request may be sent, then reserves its slot. Callers line up in order. */
	async acquire(signal?: AbortSignal): Promise<PacerTicket> {
		const previous = this.queue;
		let release!: () => void;
		this.queue = new Promise<void>((resolve) => (release = resolve));
		try {
			await previous;
			return await this.waitForSlot(signal);
		} finally {
			release();
		}
	}

	/** Everybody waits until then (a 429 without usable hints, or one that said so). */
	blockUntil(time: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, time);
	}

	state(): PacerState {
		return {
			enforced: this.enforced,
			calibration: this.calibration,
			windows: this.windows.map(({ limit, ms, measured }) => ({ limit, ms, measured })),
			blockedUntil: this.blockedUntil,
			foreignUsage: this.foreignUntil > Date.now() ? this.foreign : 0,
			inFlight: this.entries.filter((entry) => entry.doneAt === undefined).length,
		};
	}

	private async waitForSlot(signal?: AbortSignal): Promise<PacerTicket> {
		for (;;) {
			const now = Date.now();
			const wait = this.enforced ? this.delay(now) : { ms: 0, probe: false };
			if (wait.ms <= 0 || wait.probe) {
				const entry: Entry = { sentAt: now };
				if (wait.ms > 0) {
					entry.probe = true;
					this.probeInFlight = true;
				}
				this.entries.push(entry);
				this.prune(now);
				return this.ticket(entry);
			}
			await sleep(Math.min(wait.ms, SLEEP_SLICE_MS), signal);
		}
	}

	private margin(window: WindowModel): number {
		return SAFETY_MS + window.ms * SAFETY_SHARE;
	}

	/** How long until the next request may go, and whether an early probe is worth it instead. */
	private delay(now: number): { ms: number; probe: boolean } {
		let ms = this.blockedUntil > now ? this.blockedUntil - now : 0;
		let windowBound = false;
		// Others' usage as last seen; when clearly shared, plus one: they may have sent another since.
		const seen = this.foreignUntil > now ? this.foreign : 0;
		const foreign = seen >= SHARED_MIN ? seen + 1 : seen;
		for (const window of this.windows) {
			const expiries: number[] = [];
			let pending = 0;
			for (const entry of this.entries) {
				if (entry.doneAt === undefined) pending++;
				else if (entry.doneAt + window.ms + this.margin(window) > now) expiries.push(entry.doneAt + window.ms + this.margin(window));
			}
			const used = pending + expiries.length + foreign;
			if (used < window.limit) continue;
			const mustFree = used - window.limit + 1;
			let until: number;
			if (mustFree <= expiries.length) {
				expiries.sort((a, b) => a - b);
				until = expiries[mustFree - 1];
			} else if (mustFree <= expiries.length + pending) {
				until = now + PENDING_RECHECK_MS;
			} else {
				// Only other users' requests fill the window: wait for the server's reset.
				until = Math.max(this.foreignUntil, now + PENDING_RECHECK_MS);
			}
			if (until - now > ms) {
				ms = until - now;
				windowBound = true;
			}
		}
		if (ms <= 0 || !windowBound || this.blockedUntil > now) return { ms, probe: false };
		const canProbe = this.calibration === 'bounded' && !this.probeInFlight && !this.sharedRecently(now);
		if (this.calibration !== 'measured') {
			// The model is unverified: the server's own count decides where it has spoken.
			const server = this.serverBudget();
			if (server) {
				if (server.budget > 0) return { ms: 0, probe: false };
				if (canProbe) return { ms, probe: true };
				// Full until its Reset (a rounded-up time): by then the server has room again.
				if (server.resetAt !== undefined) return { ms: Math.min(ms, Math.max(0, server.resetAt + SAFETY_MS - now)), probe: false };
			}
		}
		return { ms, probe: canProbe };
	}

	/** The latest X-RateLimit-Remaining less what we sent since. */
	private serverBudget(): { budget: number; resetAt?: number } | undefined {
		const last = this.lastRemaining;
		if (!last) return undefined;
		const sentSince = this.entries.filter((entry) => entry.sentAt > last.sentAt).length;
		return { budget: last.remaining - sentSince, resetAt: last.resetAt };
	}

	/** Someone else used this token within the longest window: our log does not explain the server. */
	private sharedRecently(now: number): boolean {
		return this.foreignSeenAt > 0 && now - this.foreignSeenAt < Math.max(...this.active().map((window) => window.ms));
	}

	private ticket(entry: Entry): PacerTicket {
		return {
			sentAt: entry.sentAt,
			settle: (status, info, receivedAt) => this.settle(entry, status, info, receivedAt),
			fail: (neverSent, at) => {
				if (entry.probe) this.probeInFlight = false;
				if (neverSent) this.remove(entry);
				else entry.doneAt = at;
			},
		};
	}

	private remove(entry: Entry): void {
		const index = this.entries.indexOf(entry);
		if (index >= 0) this.entries.splice(index, 1);
	}

	private settle(entry: Entry, status: number, info: RateInfo, receivedAt: number): void {
		entry.doneAt = receivedAt;
		if (entry.probe) this.probeInFlight = false;
		const speaks = hasRateInfo(info) || status === 429;
		if (!speaks) return;
		this.enforced = true;
		if (info.limit !== undefined && info.limit !== this.windows[0].limit) this.setLimit(info.limit);
		if (status === 429) {
			// Rejected requests use no slot on the platform.
			this.remove(entry);
			this.learnFromRejection(entry, info, receivedAt);
			if (info.retryAfterMs !== undefined) this.blockUntil(receivedAt + info.retryAfterMs);
			return;
		}
		if (info.remaining !== undefined) {
			// Parallel answers can arrive out of order: the most recently sent request speaks last.
			if (!this.lastRemaining || entry.sentAt >= this.lastRemaining.sentAt) {
				this.lastRemaining = { remaining: info.remaining, sentAt: entry.sentAt, resetAt: info.resetAt };
			}
			this.noteForeignUsage(entry, info, receivedAt);
		}
		if (info.resetAt !== undefined) this.learnFromReset(info.resetAt, receivedAt);
	}

	/** Reset is an upper bound on when a slot frees; if it proves the windows shorter, shrink them. */
	private learnFromReset(resetAt: number, now: number): void {
		if (this.calibration === 'measured' || this.sharedRecently(now)) return;
		const oldest = this.entries.find((entry) => entry.doneAt === undefined || entry.doneAt + this.windows[0].ms > now);
		if (!oldest) return;
		const bound = resetAt - oldest.sentAt;
		const active = this.active();
		const shortest = active[active.length - 1];
		if (bound <= 0 || bound >= shortest.ms * SHRINK_EVIDENCE) return;
		this.setScale(bound / shortest.documentedMs);
		this.calibration = 'bounded';
	}

	/**
	 * A 429 says the next slot frees retry_after from when the server answered. In a sliding window of
	 * limit L that slot is the one taken by our L-th most recent accepted request, which gives the
	 * window length. Both ends are taken as answer times (the server counts a request shortly before
	 * answering it), so the time a request spends inside n8n before it leaves does not distort it.
	 * With two windows, the one whose answer is closest to the current model wins.
	 */
	private learnFromRejection(rejected: Entry, info: RateInfo, receivedAt: number): void {
		if (info.retryAfterMs === undefined) return;
		if (this.calibration === 'documented' && !info.retryAfterPrecise) return;
		if (this.sharedRecently(Date.now())) return; // our log does not explain the server's count
		const freeAt = receivedAt + info.retryAfterMs;
		const before = this.entries.filter((entry) => entry.sentAt <= rejected.sentAt);
		let best: { window: WindowModel; ms: number; distance: number } | undefined;
		for (const window of this.active()) {
			if (before.length < window.limit) continue;
			const anchor = before[before.length - window.limit].doneAt;
			if (anchor === undefined) continue;
			const ms = freeAt - anchor;
			if (ms <= 0) continue;
			const distance = Math.abs(Math.log(ms / window.ms));
			if (!best || distance < best.distance) best = { window, ms, distance };
		}
		if (!best) return;
		if (best.window.measured) {
			// Already measured: only a slightly longer answer is believable (jitter); anything else is
			// more likely someone else's requests on the token than a changed limit.
			if (best.ms > best.window.ms && best.ms < best.window.ms * 1.5) best.window.ms = best.ms;
			return;
		}
		if (this.calibration !== 'measured') {
			// The other window follows the documented ratio, with slack: its own 429 measures it exactly.
			this.setScale(best.ms / best.window.documentedMs, DERIVED_SLACK);
			this.calibration = 'measured';
		}
		best.window.ms = best.ms;
		best.window.measured = true;
	}

	/**
	 * X-RateLimit-Limit is the per-minute count. A burst limit at or above it can never bind (the
	 * longer window fills first), so the model drops it rather than let it mislead the learning.
	 */
	private setLimit(limit: number): void {
		const [minute, burst] = this.windows;
		minute.limit = limit;
		burst.limit = RATE_LIMIT.burst < limit ? RATE_LIMIT.burst : Infinity;
	}

	/** The windows that can bind, shortest last. */
	private active(): WindowModel[] {
		return this.windows.filter((window) => Number.isFinite(window.limit));
	}

	private setScale(scale: number, slack = 1): void {
		for (const window of this.windows) {
			if (!window.measured) window.ms = window.documentedMs * scale * slack;
		}
	}

	/** Remaining lower than our own requests explain = requests from elsewhere on the same token. */
	private noteForeignUsage(entry: Entry, info: RateInfo, now: number): void {
		// The model never undercounts our own requests (its windows are exact or too long), so a
		// shortfall is someone else's.
		if (info.remaining === undefined) return;
		let expected = Infinity;
		for (const window of this.active()) {
			let ours = 0;
			// Requests of ours sent after this one count too: in parallel lanes they may have arrived first.
			for (const other of this.entries) {
				if (other.doneAt === undefined || other === entry || other.doneAt + window.ms + this.margin(window) > entry.sentAt) ours++;
			}
			expected = Math.min(expected, window.limit - ours);
		}
		this.foreign = Math.max(0, expected - info.remaining);
		if (this.foreign >= SHARED_MIN) this.foreignSeenAt = now;
		// Valid until a newer answer replaces it; after a whole short window without one it is stale.
		this.foreignUntil = now + Math.min(...this.active().map((window) => window.ms));
	}

	private prune(now: number): void {
		const longest = Math.max(...this.windows.map((window) => window.ms + this.margin(window)));
		const keep = 2 * Math.max(...this.active().map((window) => window.limit));
		let drop = 0;
		while (
			this.entries.length - drop > keep &&
			this.entries[drop].doneAt !== undefined &&
			(this.entries[drop].doneAt as number) + longest < now
		) {
			drop++;
		}
		if (drop > 0) this.entries.splice(0, drop);
	}
}

const pacers = new Map<string, Pacer>();

/** Base URL + a short hash of the token: safe to show, distinct per credential. */
export function credentialKey(baseUrl: string, token: string): string {
	return `${baseUrl.replace(/\/+$/, '')}#${tokenHash(token)}`;
}

let lastToken: { token: string; hash: string } | undefined;

/** Most runs use one token for many requests: hash it once. */
function tokenHash(token: string): string {
	if (lastToken?.token !== token) {
		lastToken = { token, hash: createHash('sha256').update(token).digest('hex').slice(0, 16) };
	}
	return lastToken.hash;
}

export function pacerFor(key: string): Pacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new Pacer();
		pacers.set(key, pacer);
	}
	return pacer;
}

/** Forget everything learned (tests start from a clean slate). */
export function resetPacers(): void {
	pacers.clear();
}
