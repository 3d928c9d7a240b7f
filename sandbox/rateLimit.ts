/**
 * Per-token sliding-window limits: `perMinute` per 60 s and `burst` per `burstWindowSeconds`, both
 * divided by `timeScale`. Rejected requests do not use a slot. Headers: X-RateLimit-Limit = perMinute,
 * X-RateLimit-Remaining = the smaller remainder of the two windows, X-RateLimit-Reset = unix epoch
 * seconds (rounded up; with `preciseReset`, 3 decimals) when the tighter window frees its next slot.
 */
import type { RateLimitOptions } from './types';

export interface RateLimitConfig {
	perMinute: number;
	burst: number;
	burstWindowSeconds: number;
	timeScale: number;
	preciseReset?: boolean;
}

export const DOCUMENTED_LIMITS: RateLimitConfig = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 1 };

/** Epoch seconds for X-RateLimit-Reset: rounded up (the platform), or to the millisecond. */
function resetSeconds(at: number, precise: boolean | undefined): string {
	return precise ? (Math.ceil(at) / 1000).toFixed(3) : String(Math.ceil(at / 1000));
}

export interface RateDecision {
	allowed: boolean;
	headers: Record<string, string>;
	/** Seconds until a slot frees (only when rejected): integer when timeScale is 1, else 3 decimals. */
	retryAfter?: number;
}

interface Window {
	limit: number;
	ms: number;
}

export class RateLimiter {
	config: RateLimitConfig | null = null;
	private hits = new Map<string, { minute: number[]; burst: number[] }>();

	configure(opts: false | RateLimitOptions | undefined): void {
		this.hits.clear();
		if (!opts) {
			this.config = null;
			return;
		}
		const config = { ...DOCUMENTED_LIMITS, ...opts };
		for (const [key, value] of Object.entries(config)) {
			if (key === 'preciseReset') continue;
			if (!(typeof value === 'number' && value > 0)) throw new Error(`rate limit ${key} must be a positive number`);
		}
		this.config = config;
	}

	/** The limiter's clock: Date.now unless a test holds it still (setRateLimitClock) to check windows at exact instants. */
	clock: () => number = () => Date.now();

	check(token: string, now = this.clock()): RateDecision | null {
		const c = this.config;
		if (!c) return null;
		let entry = this.hits.get(token);
		if (!entry) this.hits.set(token, (entry = { minute: [], burst: [] }));
		const windows: Array<[number[], Window]> = [
			[entry.minute, { limit: c.perMinute, ms: 60_000 / c.timeScale }],
			[entry.burst, { limit: c.burst, ms: (c.burstWindowSeconds * 1000) / c.timeScale }],
		];
		for (const [list, w] of windows) {
			while (list.length && list[0] <= now - w.ms) list.shift();
		}
		// Wait time until each window has a free slot (0 when it has one now).
		const waits = windows.map(([list, w]) => (list.length >= w.limit ? list[list.length - w.limit] + w.ms - now : 0));
		const wait = Math.max(...waits);
		if (wait > 0) {
			const seconds = wait / 1000;
			return {
				allowed: false,
				retryAfter: c.timeScale === 1 ? Math.max(1, Math.ceil(seconds)) : Math.max(0.001, Math.round(seconds * 1000) / 1000),
				headers: {
					'X-RateLimit-Limit': String(c.perMinute),
					'X-RateLimit-Remaining': '0',
					'X-RateLimit-Reset': resetSeconds(now + wait, c.preciseReset),
					'Retry-After': String(Math.max(1, Math.ceil(seconds))),
				},
			};
		}
		for (const [list] of windows) list.push(now);
		const remaining = windows.map(([list, w]) => w.limit - list.length);
		const tighter = remaining[0] <= remaining[1] ? 0 : 1;
		const [list, w] = windows[tighter];
		return {
			allowed: true,
			headers: {
				'X-RateLimit-Limit': String(c.perMinute),
				'X-RateLimit-Remaining': String(Math.min(...remaining)),
				'X-RateLimit-Reset': resetSeconds(list[0] + w.ms, c.preciseReset),
			},
		};
	}
}
