import { NodeApiError } from 'n8n-workflow';
import type {
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

export const CREDENTIAL_TYPE = 'voiceAssistantApi';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequestOptions {
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	/** the input item this request serves; carried into errors so n8n can say "item N" */
	itemIndex?: number;
	/** what a 404 means here, e.g. 'Assistant 12' → "Assistant 12 was not found" */
	notFound?: string;
}

/**
 * The only place that talks HTTP. Every request goes through n8n's httpRequestWithAuthentication
 * (the credential adds the bearer header); every non-2xx answer becomes a NodeApiError whose
 * message says what happened in the user's terms.
 */
export async function apiRequest<T = unknown>(
	this: ApiContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
	const request: IHttpRequestOptions = {
		method,
		url: `${baseUrl}${endpoint}`,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (options.qs && Object.keys(options.qs).length > 0) request.qs = options.qs;
	if (options.body !== undefined) request.body = options.body;

	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			request,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		throw networkError(this, error, method, endpoint, options);
	}

	const body = response.body as unknown;
	if (response.statusCode >= 200 && response.statusCode < 300) {
		if (typeof body === 'string' && body.trim() !== '' && !looksLikeJson(body)) {
			throw new NodeApiError(this.getNode(), { message: 'not JSON' } as JsonObject, {
				message: 'The platform answered with something that is not JSON',
				description: `${method} ${endpoint} returned: ${body.slice(0, 200)}`,
				itemIndex: options.itemIndex,
			});
		}
		return parseIfText(body) as T;
	}
	throw httpError(this, response.statusCode, parseIfText(body), method, endpoint, options);
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

/** Turns the platform's error bodies ({message}, {message, errors}, {error, message}) into a NodeApiError. */
export function httpError(
	ctx: ApiContext,
	status: number,
	body: unknown,
	method: string,
	endpoint: string,
	options: ApiRequestOptions,
): NodeApiError {
	const data = (body !== null && typeof body === 'object' ? body : {}) as IDataObject;
	const serverMessage = typeof data.message === 'string' ? data.message : undefined;
	const fieldErrors = formatFieldErrors(data.errors);
	const isHtml = typeof body === 'string' && /<html|<!doctype/i.test(body);

	let message: string;
	let description: string | undefined;
	if (status === 401) {
		message = 'The API token was rejected: check the credential (token invalid or expired)';
		description = serverMessage;
	} else if (status === 403) {
		message = 'The API token is not allowed to do this';
		description = serverMessage;
	} else if (status === 404) {
		message = options.notFound ? `${options.notFound} was not found` : (serverMessage ?? 'Not found');
		description = serverMessage && options.notFound ? `The platform said: ${serverMessage}` : undefined;
	} else if (fieldErrors) {
		message = `${serverMessage ?? 'The platform rejected the request'}: ${fieldErrors.summary}`;
		description = fieldErrors.lines;
	} else if (status === 429) {
		message = 'The platform rate limit was exceeded (HTTP 429)';
		description = serverMessage;
	} else if (status >= 500) {
		message = `The platform failed to process the request (HTTP ${status})`;
		description = isHtml ? 'It answered with an HTML error page.' : serverMessage ?? stringify(body);
		if (typeof data.error === 'string') description = `${description ?? ''} ${data.error}`.trim();
	} else {
		message = serverMessage ?? `The platform rejected the request (HTTP ${status})`;
		description = typeof data.error === 'string' ? data.error : undefined;
	}

	return new NodeApiError(ctx.getNode(), (typeof body === 'object' && body ? body : { body }) as JsonObject, {
		message,
		description: description ?? `${method} ${endpoint}`,
		httpCode: String(status),
		itemIndex: options.itemIndex,
	});
}

function formatFieldErrors(errors: unknown): { summary: string; lines: string } | undefined {
	if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
	const entries = Object.entries(errors as Record<string, unknown>);
	if (entries.length === 0) return undefined;
	const lines = entries.map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
		return `${field}: ${list.join(' ')}`;
	});
	return { summary: entries.map(([field]) => field).join(', '), lines: lines.join('\n') };
}

function stringify(body: unknown): string | undefined {
	if (body === undefined || body === null || body === '') return undefined;
	return typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300);
}

function networkError(
	ctx: ApiContext,
	error: unknown,
	method: string,
	endpoint: string,
	options: ApiRequestOptions,
): NodeApiError {
	const err = error as { code?: string; message?: string; cause?: { code?: string } };
	const code = err.code ?? err.cause?.code;
	let message = `Could not reach the platform (${code ?? err.message ?? 'network error'})`;
	if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') {
		message = `Could not connect to the platform (${code}): check the credential's Base URL`;
	} else if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
		message = 'The platform did not answer in time';
	} else if (code === 'ECONNRESET' || code === 'EPIPE') {
		message = 'The connection to the platform was cut before an answer arrived';
	}
	return new NodeApiError(ctx.getNode(), { message: err.message ?? String(error) } as JsonObject, {
		message,
		description: `${method} ${endpoint}`,
		itemIndex: options.itemIndex,
	});
}
