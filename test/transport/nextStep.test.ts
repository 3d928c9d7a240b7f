/**
 * The retry policy on its own (transport/nextStep.ts): given what one attempt came to and what the
 * request has spent, what happens next. A read is repeated; a write only when the platform provably
 * did not act on it (a 429, a connection never made); every wait counts against the total budget.
 */
import type { AttemptOutcome } from '../../nodes/VoiceAssistant/transport/attempt';
import { nextStep, type RetryState } from '../../nodes/VoiceAssistant/transport/nextStep';
import { RETRY, type NetworkFailure } from '../../nodes/VoiceAssistant/transport/policy';

const fresh = (): RetryState => ({ rateLimitRetries: 0, otherRetries: 0, waitedMs: 0 });
const backoff = (attempt: number) => 1000 * (attempt + 1);

function answer(status: number, body: unknown = {}, extra: Partial<Extract<AttemptOutcome, { kind: 'answer' }>> = {}): AttemptOutcome {
	return { kind: 'answer', status, headers: {}, rawBody: body, body, info: {}, receivedAt: 1_000, ...extra } as AttemptOutcome;
}
const noAnswer = (kind: NetworkFailure['kind']): AttemptOutcome => ({ kind: 'no-answer', failure: { kind, code: 'X' }, error: new Error(kind) });

describe('nextStep: answers', () => {
	it('returns a 2xx JSON answer', () => {
		expect(nextStep(answer(200, { ok: true }), fresh(), true, backoff)).toEqual({ step: 'return' });
	});

	it('retries a read whose 2xx body is text that is not JSON, and fails a write at once', () => {
		const html = answer(200, '<html>proxy</html>');
		expect(nextStep(html, fresh(), true, backoff)).toEqual({ step: 'retry', waitMs: 1000, counter: 'other', pacerHolds: false });
		expect(nextStep(html, fresh(), false, backoff)).toEqual({ step: 'fail', why: 'not-json' });
	});

	it('fails a redirect without following it', () => {
		expect(nextStep(answer(302), fresh(), true, backoff)).toEqual({ step: 'fail', why: 'redirect' });
	});

	it('retries a 5xx read until its retries are spent; a 5xx write fails at once (it may have happened)', () => {
		expect(nextStep(answer(503), fresh(), true, backoff)).toMatchObject({ step: 'retry', counter: 'other' });
		expect(nextStep(answer(503), { ...fresh(), otherRetries: RETRY.maxReadRetries }, true, backoff)).toEqual({ step: 'fail', why: 'http' });
		expect(nextStep(answer(500), fresh(), false, backoff)).toEqual({ step: 'fail', why: 'server-error-on-write' });
	});

	it('fails a 4xx other than 429 at once', () => {
		expect(nextStep(answer(422), fresh(), true, backoff)).toEqual({ step: 'fail', why: 'http' });
		expect(nextStep(answer(404), fresh(), false, backoff)).toEqual({ step: 'fail', why: 'http' });
	});
});

describe('nextStep: 429', () => {
	it('waits what the server named, held by the pacer, for reads and writes alike', () => {
		const limited = answer(429, {}, { info: { retryAfterMs: 7_000 } });
		expect(nextStep(limited, fresh(), false, backoff)).toEqual({ step: 'retry', waitMs: 7_000, counter: 'rateLimit', pacerHolds: true });
	});

	it('without a named wait: the doubling fallback, and the token\'s pacer blocked for it', () => {
		const bare = answer(429);
		expect(nextStep(bare, { ...fresh(), rateLimitRetries: 1 }, true, backoff)).toEqual({
			step: 'retry',
			waitMs: RETRY.rateLimitFallbackMs * 2,
			counter: 'rateLimit',
			pacerHolds: true,
			blockPacerMs: RETRY.rateLimitFallbackMs * 2,
		});
	});

	it('fails when the retries are spent', () => {
		const limited = answer(429, {}, { info: { retryAfterMs: 1_000 } });
		expect(nextStep(limited, { ...fresh(), rateLimitRetries: RETRY.maxRateLimitRetries }, true, backoff)).toEqual({ step: 'fail', why: 'rate-limit-retries' });
	});

	it('fails at once when the named wait is beyond what the request has left, instead of hanging', () => {
		const tooLong = answer(429, {}, { info: { retryAfterMs: RETRY.maxTotalRetryWaitMs + 1 } });
		expect(nextStep(tooLong, fresh(), true, backoff)).toEqual({ step: 'fail', why: 'rate-limit-too-long', waitMs: RETRY.maxTotalRetryWaitMs + 1 });
	});
});

describe('nextStep: no answer', () => {
	it('a cancelled execution fails without retrying', () => {
		expect(nextStep(noAnswer('cancelled'), fresh(), true, backoff)).toEqual({ step: 'fail', why: 'cancelled' });
	});

	it('a connection never made is retried for writes too, up to the connect retries', () => {
		expect(nextStep(noAnswer('not-sent'), fresh(), false, backoff)).toMatchObject({ step: 'retry', counter: 'other' });
		expect(nextStep(noAnswer('not-sent'), { ...fresh(), otherRetries: RETRY.maxConnectRetries }, false, backoff)).toEqual({ step: 'fail', why: 'no-answer' });
	});

	it.each(['timeout', 'cut-off', 'other'] as const)('%s: a read is retried, a write never (it may have happened)', (kind) => {
		expect(nextStep(noAnswer(kind), fresh(), true, backoff)).toMatchObject({ step: 'retry' });
		expect(nextStep(noAnswer(kind), fresh(), false, backoff)).toEqual({ step: 'fail', why: 'no-answer' });
	});

	it('a backoff beyond the total wait budget fails instead', () => {
		const spent = { ...fresh(), waitedMs: RETRY.maxTotalRetryWaitMs - 500 };
		expect(nextStep(noAnswer('timeout'), spent, true, backoff)).toEqual({ step: 'fail', why: 'no-answer' });
	});
});
