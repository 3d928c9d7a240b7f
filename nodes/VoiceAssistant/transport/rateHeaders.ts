/**
 * Reads what a response says about the rate limit: X-RateLimit-Limit/Remaining/Reset, Retry-After and
 * the 429 body's retry_after. Everything is turned into absolute times on our own clock, so the pacer
 * never has to know which of the two Reset conventions a server uses.
 */

export interface RateInfo {
	/** X-RateLimit-Limit: requests per (long) window */
	limit?: number;
	/** X-RateLimit-Remaining after this request */
	remaining?: number;
	/** when the server says a slot frees (ms, our clock); an upper bound: servers round it up */
	resetAt?: number;
	/** 429 only: how long to wait (ms) from when the server answered, most precise source first */
	retryAfterMs?: number;
	/** true when retryAfterMs came with sub-second precision (worth learning a window from) */
	retryAfterPrecise?: boolean;
	/** true when Reset came with sub-second precision (milliseconds, or seconds with decimals) */
	resetPrecise?: boolean;
}

/** Epoch values are larger than any sane "seconds until reset" (1e9 s ≈ 31 years). */
const EPOCH_SECONDS_MIN = 1e9;
const EPOCH_MILLISECONDS_MIN = 1e12;
/** Clock differences below this are rounding of the Date header, not skew. */
const SKEW_TOLERANCE_MS = 2000;

type HeaderBag = Record<string, unknown> | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
	if (!headers) return undefined;
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() !== wanted) continue;
		const first = Array.isArray(value) ? value[0] : value;
		return first === undefined || first === null ? undefined : String(first).trim();
	}
	return undefined;
}

function number(text: string | undefined): number | undefined {
	if (text === undefined || text === '') return undefined;
	const value = Number(text);
	return Number.isFinite(value) ? value : undefined;
}

/**
 * How far the server's clock is ahead of ours (ms), from its Date header; 0 when within rounding.
 * Only epoch-style Reset values need it.
 */
function clockSkew(headers: HeaderBag, receivedAt: number): number {
	const date = header(headers, 'date');
	if (!date) return 0;
	const serverNow = Date.parse(date);
	if (!Number.isFinite(serverNow)) return 0;
	const skew = serverNow - receivedAt;
	return Math.abs(skew) > SKEW_TOLERANCE_MS ? skew : 0;
}

/** Turns a Reset value of either convention into a time on our clock. */
export function resetToTime(value: number, receivedAt: number, skewMs = 0): number {
	if (value >= EPOCH_MILLISECONDS_MIN) return value - skewMs;
	if (value >= EPOCH_SECONDS_MIN) return value * 1000 - skewMs;
	return receivedAt + value * 1000;
}

function retryAfterHeader(text: string | undefined, receivedAt: number): number | undefined {
	if (!text) return undefined;
	const seconds = number(text);
	if (seconds !== undefined) return Math.max(0, seconds * 1000);
	const at = Date.parse(text); // HTTP-date form
	return Number.isFinite(at) ? Math.max(0, at - receivedAt) : undefined;
}

function bodyRetryAfter(body: unknown): number | undefined {
	let data = body;
	if (typeof data === 'string') {
		try {
			data = JSON.parse(data);
		} catch {
			return undefined;
		}
	}
	if (data === null || typeof data !== 'object') return undefined;
	const value = (data as { retry_after?: unknown }).retry_after;
	const seconds = typeof value === 'string' ? number(value) : typeof value === 'number' ? value : undefined;
	return seconds !== undefined && seconds >= 0 ? seconds : undefined;
}

export function readRateInfo(
	status: number,
	headers: HeaderBag,
	body: unknown,
	receivedAt: number,
): RateInfo {
	const info: RateInfo = {};
	const limit = number(header(headers, 'x-ratelimit-limit'));
	if (limit !== undefined && limit > 0) info.limit = limit;
	const remaining = number(header(headers, 'x-ratelimit-remaining'));
	if (remaining !== undefined && remaining >= 0) info.remaining = Math.floor(remaining);
	const reset = number(header(headers, 'x-ratelimit-reset'));
	if (reset !== undefined && reset >= 0) {
		info.resetAt = resetToTime(reset, receivedAt, clockSkew(headers, receivedAt));
		info.resetPrecise = reset >= EPOCH_MILLISECONDS_MIN || !Number.isInteger(reset);
	}

	if (status === 429) {
		// The body's retry_after may carry decimals (the precise truth); the header is whole seconds.
		const fromBody = bodyRetryAfter(body);
		const fromHeader = retryAfterHeader(header(headers, 'retry-after'), receivedAt);
		if (fromBody !== undefined) {
			info.retryAfterMs = fromBody * 1000;
			info.retryAfterPrecise = !Number.isInteger(fromBody);
		} else if (fromHeader !== undefined) {
			info.retryAfterMs = fromHeader;
		} else if (info.resetAt !== undefined) {
			info.retryAfterMs = Math.max(0, info.resetAt - receivedAt);
		}
	}
	return info;
}

/** True when the server speaks about its rate limit at all (then the pacer enforces one). */
export function hasRateInfo(info: RateInfo): boolean {
	return info.limit !== undefined || info.remaining !== undefined || info.resetAt !== undefined;
}
