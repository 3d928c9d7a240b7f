/**
 * When a failed request is tried again. The rule is about side effects: a read can always be repeated;
 * a write only when the platform provably did not act on it — a 429 (rejected unprocessed) or a
 * connection that was never made. A write that timed out, was cut off, or got a 5xx may have happened,
 * so it is never repeated automatically.
 */
import type { IHttpRequestMethods } from 'n8n-workflow';

export const RETRY = {
	/** reads: extra attempts after a 5xx, a dropped connection, a timeout or an unreadable answer */
	maxReadRetries: 3,
	/** any method: extra attempts when the connection could not be made at all */
	maxConnectRetries: 2,
	/**
	 * any method: extra attempts after a 429. Generous because a token shared by several processes can
	 * lose the race for a window's last slot several times in a row (P1b once failed an item at 8);
	 * maxTotalRetryWaitMs is the real bound.
	 */
	maxRateLimitRetries: 20,
	/** first backoff; doubles each attempt (±20 % jitter so parallel lanes spread out) */
	backoffBaseMs: 500,
	backoffMaxMs: 8_000,
	/** a 429 without retry_after, Retry-After or Reset */
	rateLimitFallbackMs: 10_000,
	/** most one request spends waiting for retries before its item fails */
	maxTotalRetryWaitMs: 5 * 60_000,
	/** the Timeout option's default */
	defaultTimeoutMs: 30_000,
};

export type RetryTuning = typeof RETRY;

const DEFAULTS: RetryTuning = { ...RETRY };

/** Test seam: shorter waits so fault tests run in seconds. Call with no argument to restore. */
export function tuneRetries(overrides?: Partial<RetryTuning>): void {
	Object.assign(RETRY, DEFAULTS, overrides ?? {});
}

export function isRead(method: IHttpRequestMethods): boolean {
	return method === 'GET' || method === 'HEAD';
}

export function backoffMs(attempt: number): number {
	const base = Math.min(RETRY.backoffMaxMs, RETRY.backoffBaseMs * 2 ** attempt);
	return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** What a failure without an HTTP answer means for retrying. */
export type NetworkFailure =
	| { kind: 'not-sent'; code: string }
	| { kind: 'timeout'; code: string }
	| { kind: 'cut-off'; code: string }
	| { kind: 'cancelled'; code: string }
	| { kind: 'other'; code: string };

/** Connection-phase failures: nothing reached the platform. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL']);
const TIMEOUT = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const CUT_OFF = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNCLOSED']);

/** n8n wraps the HTTP client's error in a NodeApiError; the code sits on it or on a cause. */
export function errorCode(error: unknown): string | undefined {
	let current = error as { code?: unknown; cause?: unknown; errorResponse?: unknown } | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		if (typeof current.code === 'string' && /^E[A-Z_]+$|^ERR_/.test(current.code)) return current.code;
		current = (current.cause ?? current.errorResponse) as typeof current;
	}
	return undefined;
}

export function classifyNetworkError(error: unknown, cancelled: boolean): NetworkFailure {
	const code = errorCode(error) ?? '';
	const message = String((error as { message?: unknown })?.message ?? '');
	if (cancelled || code === 'ERR_CANCELED') return { kind: 'cancelled', code };
	if (NOT_SENT.has(code)) return { kind: 'not-sent', code };
	if (TIMEOUT.has(code) || /timeout of \d+ms exceeded|timed out/i.test(message)) return { kind: 'timeout', code: code || 'ETIMEDOUT' };
	if (CUT_OFF.has(code) || /socket hang up|ECONNRESET/i.test(message)) return { kind: 'cut-off', code: code || 'ECONNRESET' };
	return { kind: 'other', code };
}
