/**
 * What to do after an attempt: the retry policy as a pure function of the outcome and what this
 * request has already spent. The rule is about side effects (policy.ts): a read can always be
 * repeated; a write only when the platform provably did not act on it — a 429 or a connection that
 * was never made. Every wait counts against the request's total wait budget.
 */
import type { AttemptOutcome } from './attempt';
import { LEARNT } from './pacerModel';
import { RETRY } from './policy';

/** What this request has spent so far. */
export interface RetryState {
	rateLimitRetries: number;
	otherRetries: number;
	/** ms already waited (backoffs, and the pacer's hold after a 429) */
	waitedMs: number;
}

export type FailReason =
	| 'cancelled'
	| 'no-answer'
	| 'rate-limit-retries'
	| 'rate-limit-too-long'
	| 'not-json'
	| 'redirect'
	| 'http'
	| 'server-error-on-write';

export type NextStep = (
	| { step: 'return' }
	/** try again after waitMs; the pacer holds the request that long itself when `pacerHolds` */
	| { step: 'retry'; waitMs: number; counter: 'rateLimit' | 'other'; pacerHolds: boolean }
	| { step: 'fail'; why: FailReason; waitMs?: number }
) & {
	/** a 429 that named no wait: block the token's pacer this long from the answer, whatever follows */
	blockPacerMs?: number;
};

/** `backoff(n)` is the wait before the n-th extra attempt (policy.ts backoffMs; fixed in tests). */
export function nextStep(outcome: AttemptOutcome, state: RetryState, read: boolean, backoff: (attempt: number) => number): NextStep {
	const otherRetry = (allowed: boolean, failure: NextStep): NextStep => {
		if (!allowed) return failure;
		const waitMs = backoff(state.otherRetries);
		return state.waitedMs + waitMs <= RETRY.maxTotalRetryWaitMs ? { step: 'retry', waitMs, counter: 'other', pacerHolds: false } : failure;
	};

	if (outcome.kind === 'no-answer') {
		const { kind } = outcome.failure;
		if (kind === 'cancelled') return { step: 'fail', why: 'cancelled' };
		const limit = kind === 'not-sent' ? RETRY.maxConnectRetries : read ? RETRY.maxReadRetries : 0;
		return otherRetry(state.otherRetries < limit, { step: 'fail', why: 'no-answer' });
	}

	const { status, info, body, rawBody } = outcome;
	if (status === 429) {
		// Rejected unprocessed: safe to repeat for reads and writes alike, after the server's wait.
		const named = info.retryAfterMs !== undefined;
		const waitMs = info.retryAfterMs ?? Math.min(RETRY.rateLimitFallbackMs * 2 ** state.rateLimitRetries, 60_000);
		const block = named ? {} : { blockPacerMs: waitMs };
		if (state.rateLimitRetries >= RETRY.maxRateLimitRetries) return { step: 'fail', why: 'rate-limit-retries', ...block };
		// A wait beyond what this request has left, or beyond any documented window (an answer no rate
		// limit explains), fails it now instead of hanging; the pacer keeps no such block either.
		if (state.waitedMs + waitMs > RETRY.maxTotalRetryWaitMs || waitMs > LEARNT.longestWaitMs) {
			return { step: 'fail', why: 'rate-limit-too-long', waitMs, ...block };
		}
		return { step: 'retry', waitMs, counter: 'rateLimit', pacerHolds: true, ...block };
	}
	if (status >= 200 && status < 300) {
		const unreadable = typeof body === 'string' && body.trim() !== '' && typeof rawBody === 'string' && !looksLikeJson(body);
		return unreadable ? otherRetry(read && state.otherRetries < RETRY.maxReadRetries, { step: 'fail', why: 'not-json' }) : { step: 'return' };
	}
	if (status >= 300 && status < 400) return { step: 'fail', why: 'redirect' };
	if (status >= 500) {
		if (!read) return { step: 'fail', why: 'server-error-on-write' };
		return otherRetry(state.otherRetries < RETRY.maxReadRetries, { step: 'fail', why: 'http' });
	}
	return { step: 'fail', why: 'http' };
}

/**
 * Why a request fails when it may not be tried again although the policy would (its share of the
 * rate limit has no room for the retry): what the outcome means once the retries are spent.
 */
export function giveUp(outcome: AttemptOutcome, read: boolean): FailReason {
	const spent: RetryState = { rateLimitRetries: Infinity, otherRetries: Infinity, waitedMs: Infinity };
	const next = nextStep(outcome, spent, read, () => 0);
	return next.step === 'fail' ? next.why : 'http';
}

function looksLikeJson(text: string): boolean {
	try {
		JSON.parse(text);
		return true;
	} catch {
		return false;
	}
}
