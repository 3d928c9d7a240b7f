import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, IN8nHttpFullResponse, NodeOperationError } from 'n8n-workflow';

import type { Pacer } from './pacer';
import { classifyNetworkError, type NetworkFailure } from './policy';
import { readRateInfo, type RateInfo } from './rateHeaders';
import { ShareUsedUp, type RequestShare } from './share';
import { CREDENTIAL_TYPE, type ApiContext, type RequestTarget } from './target';
import { multipartBody, type FileUpload } from './upload';

/** What one attempt came to: no answer at all, or an HTTP answer (any status). */
export type AttemptOutcome =
	| { kind: 'no-answer'; failure: NetworkFailure; error: unknown }
	| {
			kind: 'answer';
			status: number;
			headers: IDataObject;
			/** the body as n8n handed it over (text stays text) */
			rawBody: unknown;
			/** the body, JSON-parsed when it came as text */
			body: unknown;
			info: RateInfo;
			receivedAt: number;
	  };

export interface AttemptRequest {
	method: IHttpRequestMethods;
	endpoint: string;
	body?: IDataObject | IDataObject[];
	/** a file: the request goes as multipart/form-data, `body` as its text fields (upload.ts) */
	upload?: FileUpload;
	qs?: IDataObject;
	/** extra headers (Platform 2.0's If-Match, Idempotency-Key) */
	headers?: Record<string, string>;
	/** the answer is a file: its bytes come back as a Buffer, not parsed */
	binary?: boolean;
	timeoutMs: number;
	signal?: AbortSignal;
	/** the longest this attempt may wait for its slot: what the request has left of its retry budget */
	maxSlotWaitMs?: number;
	/** see ApiRequestOptions.share: no room gives the slot back and throws ShareUsedUp */
	share?: RequestShare;
	/** see ApiRequestOptions.beforeSend: a refusal gives the slot back and is thrown */
	beforeSend?: () => NodeOperationError | undefined;
	/** told the answer's timing, once the pacer has settled it */
	answered?: (outcome: { status: number; info: RateInfo; sentAt: number; queuedAt: number; receivedAt: number }) => void;
}

/**
 * One request, paced: waits for the credential's slot, sends through n8n's
 * httpRequestWithAuthentication (the credential adds the bearer header) and tells the pacer what
 * came back. Decides nothing about retrying: that is nextStep.ts.
 */
export async function attempt(ctx: ApiContext, target: RequestTarget, pacer: Pacer, request: AttemptRequest): Promise<AttemptOutcome> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${target.baseUrl}${request.endpoint}`,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: request.timeoutMs,
		// A JSON API does not redirect; a 3xx means a wrong Base URL (nextStep.ts). Not following
		// also keeps the bearer token from being re-sent elsewhere, and skips a costly code path.
		disableFollowRedirect: true,
	};
	if (request.qs && Object.keys(request.qs).length > 0) options.qs = { ...request.qs };
	// Array query values repeat the name (channel=a&channel=b), as Platform 2.0 reads them.
	if (options.qs && Object.values(options.qs).some(Array.isArray)) options.arrayFormat = 'repeat';
	if (request.headers) options.headers = { ...request.headers };
	if (request.binary) {
		options.json = false;
		options.encoding = 'arraybuffer';
	}
	if (request.upload) options.body = multipartBody(request.body, request.upload);
	else if (request.body !== undefined) options.body = request.body;

	const queuedAt = Date.now();
	const ticket = await pacer.acquire(request.signal, request.maxSlotWaitMs);
	if (request.share && !request.share.take()) {
		ticket.fail(true, Date.now());
		throw new ShareUsedUp(ctx.getNode());
	}
	const refused = request.beforeSend?.();
	if (refused) {
		ticket.fail(true, Date.now());
		throw refused;
	}
	const credentialType = target.credentialType ?? CREDENTIAL_TYPE;
	let response: IN8nHttpFullResponse;
	try {
		response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, options, {
			// Already fetched (target.ts): saves n8n a second decryption per request.
			credentialsDecrypted: { id: '', name: '', type: credentialType, data: target.credentials },
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const failure = classifyNetworkError(error, request.signal?.aborted === true);
		ticket.fail(failure.kind === 'not-sent', Date.now());
		return { kind: 'no-answer', failure, error };
	} finally {
		request.share?.settled?.();
	}
	const receivedAt = Date.now();
	const status = response.statusCode;
	const info = readRateInfo(status, response.headers, response.body, receivedAt);
	ticket.settle(status, info, receivedAt);
	request.answered?.({ status, info, sentAt: ticket.sentAt, queuedAt, receivedAt });
	return { kind: 'answer', status, headers: response.headers as IDataObject, rawBody: response.body, body: parseIfText(response.body), info, receivedAt };
}

function parseIfText(body: unknown): unknown {
	if (typeof body !== 'string') return body instanceof ArrayBuffer ? Buffer.from(body) : body;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}
