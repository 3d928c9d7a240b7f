import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';

import { baseUrlProblem, effectiveBaseUrl } from './baseUrl';
import { httpError, networkError, notJsonError, rateLimitedFor, rateLimitGaveUp, redirectError, serverErrorOnWrite } from './errors';
import type { ErrorPlace } from './errors';
import { credentialKey, pacerFor } from './pacers';
import { RETRY, backoffMs, classifyNetworkError, isRead } from './policy';
import { readRateInfo } from './rateHeaders';

export const CREDENTIAL_TYPE = 'voiceAssistantApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequestOptions {
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	/** the input item this request serves; carried into errors so n8n can say "item N" */
	itemIndex?: number;
	/** what a 404 means here, e.g. 'Assistant 12' → "Assistant 12 was not found" */
	notFound?: string;
	/** for writes: what may have happened when the outcome is unknown, e.g. 'the call may have been placed' */
	effect?: string;
	/** ms to wait for an answer (the node's Request Options → Timeout); default RETRY.defaultTimeoutMs */
	timeoutMs?: number;
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
 * The only place that talks HTTP. Every request goes through n8n's httpRequestWithAuthentication
 * (the credential adds the bearer header), is paced per credential (pacer.ts), and is retried only
 * when that cannot do anything twice (policy.ts). Every failure becomes a NodeApiError whose message
 * says what happened in the user's terms.
 */
export async function apiRequest<T = unknown>(
	this: ApiContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	const credentials = await readCredentials(this);
	const baseUrl = effectiveBaseUrl(credentials);
	const refused = baseUrlProblem(baseUrl, credentials.allowUnencryptedHttp);
	if (refused) throw new NodeOperationError(this.getNode(), refused, { itemIndex: options.itemIndex });
	const pacer = pacerFor(credentialKey(baseUrl, String(credentials.apiToken ?? '')));
	const timeoutMs = options.timeoutMs ?? RETRY.defaultTimeoutMs;
	const signal = cancelSignal(this);
	const place: ErrorPlace = {
		node: this.getNode(),
		method,
		endpoint,
		itemIndex: options.itemIndex,
		notFound: options.notFound,
		effect: options.effect,
		token: String(credentials.apiToken ?? ''),
	};
	const read = isRead(method);

	let rateLimitRetries = 0;
	let otherRetries = 0;
	let waited = 0;
	/** Sleeps before the next attempt, or says no when the wait budget is spent. */
	const backOff = async (ms: number): Promise<boolean> => {
		if (waited + ms > RETRY.maxTotalRetryWaitMs) return false;
		waited += ms;
		await sleep(ms, signal);
		return true;
	};

	for (;;) {
		const request: IHttpRequestOptions = {
			method,
			url: `${baseUrl}${endpoint}`,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: timeoutMs,
			// A JSON API does not redirect; a 3xx means a wrong Base URL (said below). Not following
			// also keeps the bearer token from being re-sent elsewhere, and skips a costly code path.
			disableFollowRedirect: true,
		};
		if (options.qs && Object.keys(options.qs).length > 0) request.qs = { ...options.qs };
		if (options.body !== undefined) request.body = options.body;

		const queuedAt = Date.now();
		const ticket = await pacer.acquire(signal);
		const refused = options.beforeSend?.();
		if (refused) {
			ticket.fail(true, Date.now());
			throw refused;
		}
		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request, {
				// Already fetched above: saves n8n a second decryption per request.
				credentialsDecrypted: { id: '', name: '', type: CREDENTIAL_TYPE, data: credentials },
			})) as IN8nHttpFullResponse;
		} catch (error) {
			const failure = classifyNetworkError(error, signal?.aborted === true);
			ticket.fail(failure.kind === 'not-sent', Date.now());
			// n8n already wrapped it in a NodeApiError; re-wrapping hands back the same instance.
			if (failure.kind === 'cancelled') throw new NodeApiError(place.node, error as JsonObject);
			const mayRetry =
				failure.kind === 'not-sent' ? otherRetries < RETRY.maxConnectRetries : read && otherRetries < RETRY.maxReadRetries;
			if (mayRetry && (await backOff(backoffMs(otherRetries++)))) continue;
			throw networkError(place, failure, error, timeoutMs, !read);
		}

		const receivedAt = Date.now();
		const status = response.statusCode;
		const info = readRateInfo(status, response.headers, response.body, receivedAt);
		ticket.settle(status, info, receivedAt);
		options.observe?.({
			status,
			latencyMs: receivedAt - ticket.sentAt,
			pacedMs: ticket.sentAt - queuedAt,
			limited: pacer.enforced,
			remaining: info.remaining,
			measured: pacer.calibration === 'measured',
		});
		const body = parseIfText(response.body);

		if (status === 429) {
			// Rejected unprocessed: safe to repeat for reads and writes alike, after the server's wait.
			const wait = info.retryAfterMs ?? Math.min(RETRY.rateLimitFallbackMs * 2 ** rateLimitRetries, 60_000);
			if (info.retryAfterMs === undefined) pacer.blockUntil(receivedAt + wait);
			if (rateLimitRetries >= RETRY.maxRateLimitRetries) {
				throw rateLimitGaveUp(place, `still rejected after ${rateLimitRetries} retries`, body);
			}
			// A wait beyond what this request has left fails it now instead of hanging (the pacer does not
			// keep such a block either: pacer.ts settle()).
			if (waited + wait > RETRY.maxTotalRetryWaitMs) throw rateLimitedFor(place, wait, body);
			rateLimitRetries++;
			waited += wait; // the pacer holds the request back until then
			continue;
		}

		if (status >= 200 && status < 300) {
			if (typeof body === 'string' && body.trim() !== '' && typeof response.body === 'string' && !looksLikeJson(body)) {
				if (read && otherRetries < RETRY.maxReadRetries && (await backOff(backoffMs(otherRetries++)))) continue;
				throw notJsonError(place, status, body, !read);
			}
			return body as T;
		}

		if (status >= 300 && status < 400) throw redirectError(place, status, response.headers);

		if (status >= 500) {
			if (read) {
				if (otherRetries < RETRY.maxReadRetries && (await backOff(backoffMs(otherRetries++)))) continue;
				throw httpError(place, status, body);
			}
			throw serverErrorOnWrite(place, status, body);
		}
		throw httpError(place, status, body);
	}
}

function looksLikeJson(text: string): boolean {
	try {
		JSON.parse(text);
		return true;
	} catch {
		return false;
	}
}

function parseIfText(body: unknown): unknown {
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

const credentialsByContext = new WeakMap<object, Promise<ICredentialDataDecryptedObject>>();

/**
 * The credential, fetched once per node execution (context) instead of once per request: n8n loads
 * and decrypts it on every getCredentials call, which showed up per page in Return All and per item
 * with many items. A failed fetch is not kept, so the next request tries again.
 */
function readCredentials(ctx: ApiContext): Promise<ICredentialDataDecryptedObject> {
	let pending = credentialsByContext.get(ctx);
	if (pending === undefined) {
		pending = ctx.getCredentials(CREDENTIAL_TYPE);
		credentialsByContext.set(ctx, pending);
		pending.catch(() => credentialsByContext.delete(ctx));
	}
	return pending;
}

function cancelSignal(ctx: ApiContext): AbortSignal | undefined {
	const withSignal = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function' ? withSignal.getExecutionCancelSignal() : undefined;
}
