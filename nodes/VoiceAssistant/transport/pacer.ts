/**
 * Paces requests per credential so a bulk run stays under the rate limit instead of bouncing off it.
 * Model: the documented windows (100 per minute, 20 per 10 s; shared/limits.ts) corrected by what the
 * server says: X-RateLimit-Limit replaces the per-minute count; X-RateLimit-Reset bounds when a slot
 * frees (and may shrink a model it proves too long); a 429's retry_after, set against our own send
 * log, measures the real window; X-RateLimit-Remaining lower than our log explains is someone else
 * on the token (another process, a queue-mode worker) and is counted too. Nothing is paced until a
 * server has shown a rate-limit header or a 429. Registry per credential: pacers.ts.
 */
import { sleep } from 'n8n-workflow';

import { RETRY } from './policy';
import { hasRateInfo } from './rateHeaders';
import type { RateInfo } from './rateHeaders';
import {
	DERIVED_SLACK,
	PENDING_RECHECK_MS,
	SAFETY_MS,
	SAFETY_SHARE,
	SHARED_MIN,
	SHRINK_EVIDENCE,
	SLEEP_SLICE_MS,
	activeWindows,
	documentedWindows,
	scaleWindows,
	setLimit,
	type Calibration,
	type Entry,
	type PacerState,
	type PacerTicket,
	type WindowModel,
} from './pacerModel';

export type { Calibration, PacerState, PacerTicket } from './pacerModel';

export class Pacer {
	enforced = false;
	calibration: Calibration = 'documented';
	readonly windows: WindowModel[] = documentedWindows();
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

	/**
	 * Everybody waits until then (a 429 without usable hints, or one that said so). Never longer than
	 * a request's whole retry budget from now: one answer must not freeze the token for the process.
	 */
	blockUntil(time: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, Math.min(time, Date.now() + RETRY.maxTotalRetryWaitMs));
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
		return this.foreignSeenAt > 0 && now - this.foreignSeenAt < Math.max(...activeWindows(this.windows).map((window) => window.ms));
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
		if (info.limit !== undefined && info.limit !== this.windows[0].limit) setLimit(this.windows, info.limit);
		if (status === 429) {
			// Rejected requests use no slot on the platform.
			this.remove(entry);
			// A wait no request could honour (retry_after: 86400) is neither a block nor a window length:
			// the request that got it fails at once, later ones ask the platform themselves.
			if (info.retryAfterMs !== undefined && info.retryAfterMs > RETRY.maxTotalRetryWaitMs) return;
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
		const active = activeWindows(this.windows);
		const shortest = active[active.length - 1];
		if (bound <= 0 || bound >= shortest.ms * SHRINK_EVIDENCE) return;
		scaleWindows(this.windows, bound / shortest.documentedMs);
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
		for (const window of activeWindows(this.windows)) {
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
			scaleWindows(this.windows, best.ms / best.window.documentedMs, DERIVED_SLACK);
			this.calibration = 'measured';
		}
		best.window.ms = best.ms;
		best.window.measured = true;
	}

	/** Remaining lower than our own requests explain = requests from elsewhere on the same token. */
	private noteForeignUsage(entry: Entry, info: RateInfo, now: number): void {
		// The model never undercounts our own requests (its windows are exact or too long), so a
		// shortfall is someone else's.
		if (info.remaining === undefined) return;
		let expected = Infinity;
		for (const window of activeWindows(this.windows)) {
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
		this.foreignUntil = now + Math.min(...activeWindows(this.windows).map((window) => window.ms));
	}

	private prune(now: number): void {
		const longest = Math.max(...this.windows.map((window) => window.ms + this.margin(window)));
		const keep = 2 * Math.max(...activeWindows(this.windows).map((window) => window.limit));
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
