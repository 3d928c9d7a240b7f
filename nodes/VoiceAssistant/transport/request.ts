import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import type { IDataObject, IHttpRequestMethods, JsonObject } from 'n8n-workflow';

import { attempt, type AttemptOutcome, type AttemptRequest } from './attempt';
import { httpError, networkError, notJsonError, rateLimitedFor, rateLimitGaveUp, redirectError, serverErrorOnWrite } from './errors';
import type { ErrorPlace } from './errors';
import { giveUp, nextStep, type FailReason, type NextStep, type RetryState } from './nextStep';
import { pacerFor } from './pacers';
import { ShareUsedUp, type RequestShare } from './share';
import { SlotWaitTooLong } from './slotWait';
import { RETRY, backoffMs, isRead } from './policy';
import { requestTarget, type ApiContext, type Generation } from './target';
import type { Platform2Request } from './platform2Request';
import type { FileUpload } from './upload';

export type { Platform2Request } from './platform2Request';

export { CREDENTIAL_TYPE, type ApiContext } from './target';


export interface ApiRequestOptions {
	body?: IDataObject | IDataObject[];
	/** a file to send as multipart/form-data, with `body` as its text fields */
	upload?: FileUpload;
	qs?: IDataObject;
	/** which API generation (and so which credential) the request is for; default classic */
	generation?: Generation;
	/** Platform 2.0: extra headers, a file answer, never repeated, and what its refusals mean */
	platform2?: Platform2Request;
	/** the input item this request serves; carried into errors so n8n can say "item N" */
	itemIndex?: number;
	/** what a 404 means here, e.g. 'Assistant 12' → "Assistant 12 was not found" */
	notFound?: string;
	/** for writes: what may have happened when the outcome is unknown, e.g. 'the call may have been placed' */
	effect?: string;
	/** ms to wait for an answer (the node's Request Options → Timeout); default RETRY.defaultTimeoutMs */
	timeoutMs?: number;
	/**
	 * A part of the rate limit this request keeps to, every attempt counted (share.ts). A retry it has
	 * no room for is not sent: the request fails as if its retries were spent. A first attempt it
	 * has no room for throws ShareUsedUp.
	 */
	share?: RequestShare;
	/**
	 * Called once the pacer has given this request its slot, right before it is sent (every attempt).
	 * An error returned refuses the send: the slot is given back and the error is thrown.
	 */
	beforeSend?: () => NodeOperationError | undefined;
	/** Told about every answered attempt: how long it took and what the platform said about limits. */
	observe?: (sample: RequestSample) => void;
}

/** One answered attempt, as concurrency control sees it. */
export interface RequestSample {
	status: number;
	/** ms from sending to the answer */
	latencyMs: number;
	/** ms the pacer held the request back before it could go */
	pacedMs: number;
	/** whether the pacer enforces a rate limit the platform showed (headers or a 429) */
	limited: boolean;
	/** X-RateLimit-Remaining of this answer, when given */
	remaining?: number;
	/** whether the pacer has measured the windows (a 429 told it); until then Remaining decides */
	measured?: boolean;
}

/**
 * The only door to the platform: the target (where, and whether: target.ts), then attempts
 * (attempt.ts: paced, sent through n8n with the credential) until the policy (nextStep.ts) says to
 * return or fail. Every failure becomes a NodeApiError whose message says what happened in the
 * user's terms (errors.ts).
 */
export async function apiRequest<T = unknown>(
	this: ApiContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	const target = await requestTarget(this, options.generation ?? (options.platform2 ? 'platform2' : 'classic'));
	if (target.problem) throw new NodeOperationError(this.getNode(), target.problem, { itemIndex: options.itemIndex });
	const pacer = pacerFor(target.key);
	const timeoutMs = options.timeoutMs ?? RETRY.defaultTimeoutMs;
	const signal = cancelSignal(this);
	const place: ErrorPlace = {
		node: this.getNode(),
		method,
		endpoint,
		itemIndex: options.itemIndex,
		notFound: options.notFound,
		effect: options.effect,
		token: target.token,
		platform2: options.platform2,
	};
	const read = isRead(method);
	const observe = options.observe;
	const request: AttemptRequest = {
		method,
		endpoint,
		body: options.body,
		upload: options.upload,
		qs: options.qs,
		headers: options.platform2?.headers,
		binary: options.platform2?.binary,
		timeoutMs,
		signal,
		share: options.share,
		beforeSend: options.beforeSend,
		answered: observe
			? ({ status, info, sentAt, queuedAt, receivedAt }) =>
					observe({
						status,
						latencyMs: receivedAt - sentAt,
						pacedMs: sentAt - queuedAt,
						limited: pacer.enforced,
						remaining: info.remaining,
						measured: pacer.calibration === 'measured',
					})
			: undefined,
	};

	const state: RetryState = { rateLimitRetries: 0, otherRetries: 0, waitedMs: 0 };
	/** a wait already charged to the budget that the pacer, not a sleep here, is holding */
	let heldMs = 0;
	let last: AttemptOutcome | undefined;
	for (;;) {
		let outcome: AttemptOutcome;
		try {
			const maxSlotWaitMs = RETRY.maxTotalRetryWaitMs - state.waitedMs + heldMs;
			outcome = await attempt(this, target, pacer, { ...request, maxSlotWaitMs });
		} catch (error) {
			// the pacer's next slot is further away than this request may wait: fail now, do not sleep past it
			if (error instanceof SlotWaitTooLong) throw rateLimitedFor(place, error.waitMs, undefined);
			// no room in the caller's share for a retry: the failure that asked for it is the answer
			if (error instanceof ShareUsedUp && last) throw failureError(giveUp(last, read), last, place, { timeoutMs, read, retries: state.rateLimitRetries });
			throw error instanceof NodeOperationError ? error : new NodeOperationError(place.node, error as Error, { itemIndex: place.itemIndex });
		}
		last = outcome;
		const next = neverRepeated(nextStep(outcome, state, read, backoffMs), options.platform2?.noRetry === true);
		if (next.blockPacerMs !== undefined && outcome.kind === 'answer') pacer.blockUntil(outcome.receivedAt + next.blockPacerMs);
		if (next.step === 'return') return (outcome as { body: unknown }).body as T;
		if (next.step === 'fail') throw failureError(next.why, outcome, place, { timeoutMs, read, waitMs: next.waitMs, retries: state.rateLimitRetries });
		if (next.counter === 'rateLimit') state.rateLimitRetries++;
		else state.otherRetries++;
		state.waitedMs += next.waitMs;
		heldMs = next.pacerHolds ? next.waitMs : 0;
		if (!next.pacerHolds) await sleep(next.waitMs, signal);
	}
}

/** An operation the platform says never to retry automatically: a retry becomes the failure it would have ended in. */
function neverRepeated(next: NextStep, noRetry: boolean): NextStep {
	if (!noRetry || next.step !== 'retry') return next;
	return { step: 'fail', why: next.counter === 'rateLimit' ? 'rate-limit-retries' : 'no-answer' };
}

/** The error a failed request ends with, in the user's terms (errors.ts). */
function failureError(
	why: FailReason,
	outcome: AttemptOutcome,
	place: ErrorPlace,
	context: { timeoutMs: number; read: boolean; waitMs?: number; retries: number },
): Error {
	if (outcome.kind === 'no-answer') {
		// n8n already wrapped a cancellation in a NodeApiError; re-wrapping hands back the same instance.
		if (why === 'cancelled') return new NodeApiError(place.node, outcome.error as JsonObject);
		return networkError(place, outcome.failure, outcome.error, context.timeoutMs, !context.read);
	}
	const { status, body, headers } = outcome;
	switch (why) {
		case 'rate-limit-retries':
			return rateLimitGaveUp(place, `still rejected after ${context.retries} retries`, body);
		case 'rate-limit-too-long':
			return rateLimitedFor(place, context.waitMs ?? 0, body);
		case 'not-json':
			return notJsonError(place, status, String(body), !context.read);
		case 'redirect':
			return redirectError(place, status, headers);
		case 'server-error-on-write':
			return serverErrorOnWrite(place, status, body);
		default:
			return httpError(place, status, body);
	}
}

function cancelSignal(ctx: ApiContext): AbortSignal | undefined {
	const withSignal = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function' ? withSignal.getExecutionCancelSignal() : undefined;
}
