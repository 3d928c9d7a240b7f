import type { RequestSample } from '../../transport/request';

/**
 * Requests in flight, chosen per run from what the platform says (Requests in Parallel is only an
 * upper bound). The pacer (transport/pacer.ts) keeps every request inside the rate limit; this
 * decides how many items are worth having in progress so the pacer, not the item loop, is the
 * bottleneck when a limit binds, and the network is when none does.
 *
 * - Starts with a few in flight (START), then adds one per answer that came back quickly ("slow
 *   start": the count doubles every round trip) until the first sign of congestion; after that, one
 *   per round trip's worth of answers.
 * - Latency well above the fastest answer of this run (queueing at the server or on this machine):
 *   back off by 10 %, at most once per round trip.
 * - A 429: halve. The pacer holding requests back (the rate limit binds): step down towards 2, one
 *   waiting at the pacer and one in flight is all a bound limit can use. X-RateLimit-Remaining caps
 *   the count: no more in progress than the platform says it will still take (once the pacer has
 *   measured the windows, at least 2: the one beyond waits at the pacer, unsent).
 */
export const AUTO_CONCURRENCY = {
	/** in flight at the start of a run */
	start: 4,
	/** hard ceiling, and the highest Requests in Parallel accepts */
	max: 32,
	/** in flight while the pacer holds requests back */
	whileLimited: 2,
	/** latency above twice the fastest answer plus this many ms counts as congestion */
	toleranceMs: 10,
	/** held back by the pacer longer than this means the rate limit binds */
	pacedMs: 2,
} as const;

/** What counts as a quick answer; only tests change it (tuneConcurrency). */
const QUICK = { toleranceMs: AUTO_CONCURRENCY.toleranceMs as number };

/**
 * Test seam: how far above the fastest answer (ms, besides twice it) still counts as quick. A test
 * of how far the count climbs sets it high, so that a busy machine's jitter is not read as
 * congestion and the climb follows the answers alone. No argument restores the default.
 */
export function tuneConcurrency(overrides: { toleranceMs?: number } = {}): void {
	QUICK.toleranceMs = overrides.toleranceMs ?? AUTO_CONCURRENCY.toleranceMs;
}

export class AutoConcurrency {
	private value: number;
	private fastest = Infinity;
	private congested = false;
	private lastDecrease = 0;

	/** `bound`: Requests in Parallel when set, else the hard ceiling. */
	constructor(
		private readonly bound: number,
		private readonly now: () => number = Date.now,
	) {
		this.value = Math.min(AUTO_CONCURRENCY.start, bound);
	}

	/** Items that may be in progress now. */
	limit(): number {
		return Math.max(1, Math.min(this.bound, Math.floor(this.value)));
	}

	observe(sample: RequestSample): void {
		const now = this.now();
		if (sample.status === 429) {
			this.decrease(now, this.value / 2, 1);
			return;
		}
		// Once the pacer has measured the windows, one beyond what the platform still takes may wait at
		// the pacer (unsent), ready for the next free slot. Before, the platform's count is all the pacer
		// goes by, and a request waiting on it could leave on a count that is already stale (a 429).
		const floor = sample.measured ? AUTO_CONCURRENCY.whileLimited : 1;
		const cap = sample.remaining === undefined ? Infinity : Math.max(floor, sample.remaining);
		if (cap < this.value) {
			this.congested = true;
			this.value = cap;
			return;
		}
		if (sample.limited && sample.pacedMs > AUTO_CONCURRENCY.pacedMs) {
			this.congested = true;
			this.value = Math.max(Math.min(this.value, AUTO_CONCURRENCY.whileLimited), this.value - 1);
			return;
		}
		this.fastest = Math.min(this.fastest, sample.latencyMs);
		if (sample.latencyMs > 2 * this.fastest + QUICK.toleranceMs) {
			// Once per round trip: the answers of one round all saw the same queue.
			if (now - this.lastDecrease >= sample.latencyMs) this.decrease(now, this.value * 0.9, AUTO_CONCURRENCY.start);
			return;
		}
		this.value = Math.min(this.bound, this.value + (this.congested ? 1 / Math.max(1, this.value) : 1));
	}

	private decrease(now: number, to: number, floor: number): void {
		this.congested = true;
		this.value = Math.max(Math.min(floor, this.value), to);
		this.lastDecrease = now;
	}
}
