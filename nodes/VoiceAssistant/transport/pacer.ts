/**
 * Paces requests per credential so a bulk run stays under the rate limit instead of bouncing off it.
 * Model: the documented windows (100 per minute, 20 per 10 s; shared/limits.ts) corrected by what the
 * server says (windowLearning.ts): X-RateLimit-Limit replaces the per-minute count; X-RateLimit-Reset
 * bounds when a slot frees (and may shrink a model it proves too long); a 429's retry_after, set
 * against our own send log, measures the real window. X-RateLimit-Remaining lower than our log
 * explains is someone else on the token (another process, a queue-mode worker): then each process
 * keeps its own slots and claims spare room by its share (tokenShare.ts) instead of racing the
 * others for every slot. Until a server has answered once, one request at a time; nothing is paced
 * until a server has shown a rate-limit header or a 429. Registry per credential: pacers.ts.
 */
import { pacerClock } from './pacerClock';
import { RETRY } from './policy';
import { hasRateInfo } from './rateHeaders';
import type { RateInfo } from './rateHeaders';
import {
	PENDING_RECHECK_MS,
	SAFETY_MS,
	SHARED_MIN,
	SLEEP_SLICE_MS,
	LEARNT,
	activeWindows,
	documentedWindows,
	forgetLessons,
	pruneEntries,
	scaleWindows,
	setLimit,
	slotMargin,
	type Calibration,
	type Entry,
	type PacerState,
	type PacerTicket,
	type WindowModel,
} from './pacerModel';
import { countOurs, lowShare, provesTooLong, type ShareSnapshot } from './tokenShare';
import { SlotWaitTooLong, modelWait } from './slotWait';
import { applyRejection, rejectionLesson, resetLesson } from './windowLearning';
import { lessonUnproved, noteAccepted, noteResetBound, pacedWindows } from './windowProof';

export type { Calibration, PacerState, PacerTicket } from './pacerModel';

export class Pacer {
	enforced = false;
	/** a server has answered (any status): the first-contact rule is over */
	private answered = false;
	/** an answer proved the windows shorter than the model: share by the server's count alone */
	private modelTooLong = false;
	/** the longest time until a freed slot any answer named: at most the server's longest window */
	private longestServerWait = 0;
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
	/** the same answer with our own count per window: our share while the token is shared */
	private snapshot?: ShareSnapshot;
	private queue: Promise<void> = Promise.resolve();
	/** when the last lesson was learnt or confirmed (expireLessons) */
	private learntAt = 0;

	/**
	 * Waits until a request may be sent, then reserves its slot. Callers line up in order. A wait that
	 * would pass `maxWaitMs` (what the request has left of its retry budget) fails with SlotWaitTooLong
	 * instead of sleeping past it.
	 */
	async acquire(signal?: AbortSignal, maxWaitMs = Infinity): Promise<PacerTicket> {
		const previous = this.queue;
		let release!: () => void;
		this.queue = new Promise<void>((resolve) => (release = resolve));
		const deadline = pacerClock.now() + maxWaitMs;
		try {
			await previous;
			return await this.waitForSlot(signal, deadline);
		} finally {
			release();
		}
	}

	/**
	 * Everybody waits until then (a 429 without usable hints, or one that said so). Never longer than
	 * the documented minute (or a request's retry budget) from now: one answer must not slow other
	 * executions on the token longer than the platform's own window.
	 */
	blockUntil(time: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, Math.min(time, pacerClock.now() + Math.min(LEARNT.longestBlockMs, RETRY.maxTotalRetryWaitMs)));
	}

	state(): PacerState {
		return {
			enforced: this.enforced,
			calibration: this.calibration,
			// as paced: what the server has proved, never a shorter lesson (the polling share follows these)
			windows: pacedWindows(this.windows, pacerClock.now()).map(({ limit, ms, measured }) => ({ limit, ms, measured })),
			blockedUntil: this.blockedUntil,
			foreignUsage: this.foreignUntil > pacerClock.now() ? this.foreign : 0,
			inFlight: this.entries.filter((entry) => entry.doneAt === undefined).length,
		};
	}

	private async waitForSlot(signal: AbortSignal | undefined, deadline: number): Promise<PacerTicket> {
		for (;;) {
			const now = pacerClock.now();
			this.expireLessons(now);
			const wait = this.enforced ? this.delay(now) : this.firstContact();
			if (wait.ms > 0 && !wait.probe && now + wait.ms > deadline) throw new SlotWaitTooLong(wait.ms);
			if (wait.ms <= 0 || wait.probe) {
				const entry: Entry = { sentAt: now };
				if (wait.ms > 0) {
					entry.probe = true;
					this.probeInFlight = true;
				}
				this.entries.push(entry);
				pruneEntries(this.entries, pacedWindows(this.windows, now), now, (window) => this.margin(window));
				return this.ticket(entry);
			}
			await pacerClock.sleep(Math.min(wait.ms, SLEEP_SLICE_MS), signal);
		}
	}

	/** A lesson no answer confirmed for LEARNT.ttlMs is forgotten: back to the documented windows. */
	private expireLessons(now: number): void {
		if (this.calibration === 'documented' || now - this.learntAt <= LEARNT.ttlMs) return;
		this.forget();
	}

	private forget(): void {
		forgetLessons(this.windows);
		this.calibration = 'documented';
		this.modelTooLong = false;
	}

	/**
	 * Until a server has answered once, one request at a time: others may share the token (queue-mode
	 * workers starting together), and a burst sent blind would race them for the same slots.
	 */
	private firstContact(): { ms: number; probe: boolean } {
		const firstInFlight = !this.answered && this.entries.some((entry) => entry.doneAt === undefined);
		return { ms: firstInFlight ? PENDING_RECHECK_MS : 0, probe: false };
	}

	private margin(window: WindowModel): number {
		return slotMargin(window);
	}

	/** The longest wait any of `windows` asks for (ms from now), by our log and what others were seen to use. */
	private modelWait(now: number, windows: WindowModel[], snapshot: ShareSnapshot | undefined): number {
		const { entries, foreign, foreignUntil, longestServerWait } = this;
		return modelWait({ now, windows, entries, snapshot, foreign: foreignUntil > now ? foreign : 0, foreignUntil, longestServerWait });
	}

	/** How long until the next request may go, and whether an early probe is worth it instead. */
	private delay(now: number): { ms: number; probe: boolean } {
		const blocked = this.blockedUntil > now ? this.blockedUntil - now : 0;
		const snapshot = this.sharedRecently(now) && !this.modelTooLong ? this.snapshot : undefined;
		// Paced by the proved windows (windowProof.ts); a shorter lesson only earns a probe.
		const windowMs = this.modelWait(now, pacedWindows(this.windows, now), snapshot);
		const ms = Math.max(blocked, windowMs);
		if (ms <= 0 || windowMs <= blocked || snapshot) return { ms, probe: false };
		const shared = this.sharedRecently(now);
		const unproved = lessonUnproved(this.windows, now);
		const lessonMs = unproved ? this.modelWait(now, this.windows, undefined) : Infinity;
		// Blocked: look again when the block ends if the lesson's slot is free by then.
		if (this.blockedUntil > now) return { ms: Math.max(blocked, Math.min(ms, lessonMs)), probe: false };
		const canProbe = (this.calibration === 'bounded' || lessonMs <= 0) && !this.probeInFlight && !shared;
		// A lesson's slot already free (its probe still out): look again soon rather than at the proved slot.
		const lessonWake = lessonMs > 0 ? lessonMs : PENDING_RECHECK_MS;
		if (this.calibration !== 'measured' || unproved) {
			// The model is unverified: the server's own count decides where it has spoken.
			const server = this.serverBudget();
			if (server) {
				if (server.budget > 0) return { ms: 0, probe: false };
				if (canProbe) return { ms, probe: true };
				// Full until its Reset (a rounded-up time): by then the server has room again.
				if (server.resetAt !== undefined) return { ms: Math.min(ms, lessonWake, Math.max(0, server.resetAt + SAFETY_MS - now)), probe: false };
			}
		}
		return { ms: canProbe ? ms : Math.min(ms, lessonWake), probe: canProbe };
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
		return this.foreignSeenAt > 0 && now - this.foreignSeenAt < Math.max(...activeWindows(pacedWindows(this.windows, now)).map((window) => window.ms));
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
		this.answered = true;
		if (entry.probe) this.probeInFlight = false;
		const speaks = hasRateInfo(info) || status === 429;
		if (!speaks) return;
		this.enforced = true;
		const { min, max } = LEARNT.plausibleLimit;
		if (info.limit !== undefined && info.limit >= min && info.limit <= max && info.limit !== this.windows[0].limit) setLimit(this.windows, info.limit);
		if (status === 429) {
			// Rejected requests use no slot on the platform.
			this.remove(entry);
			// A wait no documented window explains (retry_after: 299.9 or 86400) is neither a block nor a
			// window length: the request that got it fails at once, later ones ask the platform themselves.
			if (info.retryAfterMs !== undefined && info.retryAfterMs > LEARNT.longestWaitMs) return;
			this.learnFromRejection(entry, info, receivedAt);
			// A probe the server refused, and that measured nothing: the lesson it went early on was wrong.
			if (entry.probe && this.calibration !== 'measured') this.forget();
			if (info.retryAfterMs !== undefined) this.blockUntil(receivedAt + info.retryAfterMs);
			return;
		}
		if (status >= 200 && status < 300) {
			entry.accepted = true;
			noteAccepted(this.windows, this.entries, receivedAt);
		}
		if (info.remaining !== undefined) {
			// Parallel answers can arrive out of order: the most recently sent request speaks last.
			const latest = !this.lastRemaining || entry.sentAt >= this.lastRemaining.sentAt;
			if (latest) this.lastRemaining = { remaining: info.remaining, sentAt: entry.sentAt, resetAt: info.resetAt };
			const { ours, share } = this.noteForeignUsage(entry, info.remaining, receivedAt);
			if (latest) this.snapshot = { ours, share, remaining: info.remaining, resetAt: info.resetAt, at: receivedAt, roll: Math.random() };
		}
		// A Reset far beyond any documented window teaches nothing.
		if (info.resetAt !== undefined && info.resetAt - receivedAt <= LEARNT.longestWaitMs) {
			this.longestServerWait = Math.max(this.longestServerWait, info.resetAt - receivedAt);
			this.learnFromReset(info.resetAt, receivedAt, info.resetPrecise === true);
		}
	}

	/** Reset may prove the model too long (windowLearning.ts says how far it may be trusted). */
	private learnFromReset(resetAt: number, now: number, precise: boolean): void {
		if (this.calibration === 'measured') return;
		const lesson = resetLesson(this.windows, this.entries, this.calibration, {
			resetAt,
			now,
			precise,
			shared: this.sharedRecently(now),
			remaining: this.lastRemaining?.remaining,
		});
		if (!lesson) return;
		scaleWindows(this.windows, lesson.scale);
		this.learntAt = now;
		if (lesson.shrunk) {
			this.calibration = 'bounded';
			this.modelTooLong = false;
			noteResetBound(this.windows, lesson.scale, now);
		}
	}

	/** A 429 against our own log measures a window (windowLearning.ts), only while nobody else is on the token. */
	private learnFromRejection(rejected: Entry, info: RateInfo, receivedAt: number): void {
		if (info.retryAfterMs === undefined) return;
		if (this.calibration === 'documented' && !info.retryAfterPrecise) return;
		const freeAt = receivedAt + info.retryAfterMs;
		// Only while our log explains the server's count: the last answer showed nobody else on the token.
		// (Shared, the slot that frees next is usually another's, and would measure any window.)
		if (this.sharedRecently(pacerClock.now()) || !this.lastRemaining || this.foreign > 0) return;
		const best = rejectionLesson(this.windows, this.entries, rejected, freeAt);
		if (!best || !applyRejection(this.windows, this.calibration, best)) return;
		if (this.calibration !== 'measured') this.modelTooLong = false;
		this.calibration = 'measured';
		this.learntAt = receivedAt;
	}

	/** Remaining lower than our own requests explain = requests from elsewhere on the same token. */
	private noteForeignUsage(entry: Entry, remaining: number, now: number): { ours: number[]; share: number } {
		const { expected, tight, surely } = countOurs(this.windows, this.entries, entry, now, (window) => this.margin(window));
		// (Only the unverified documented model: a learnt one is a few % long by design.)
		if (this.calibration === 'documented' && provesTooLong(this.windows, surely, remaining)) this.modelTooLong = true;
		this.foreign = Math.max(0, expected - remaining);
		if (this.foreign >= SHARED_MIN) this.foreignSeenAt = now;
		// Valid until a newer answer replaces it; after a whole short window without one it is stale.
		this.foreignUntil = now + Math.min(...activeWindows(this.windows).map((window) => window.ms));
		return { ours: surely, share: lowShare(this.windows[tight].limit, surely[tight], remaining) };
	}
}
