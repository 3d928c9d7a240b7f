/**
 * One mid-call tool request as the assistant makes it during a simulated call, the same for both API
 * generations (classic: midCallTools.ts; 2.0: platform2/behaviours/toolRuns.ts). The simulated
 * conversation has no real caller to take values from, so every parameter gets the sample value of
 * the platform's "Test Tool": "test" for a string, 1 for a number, true for a boolean. POST, PUT and
 * PATCH send them as a flat JSON object, GET and DELETE as query parameters; `{name}` placeholders in
 * the URL are replaced by the value (URL-encoded), as the platform's docs describe. The sandbox never
 * reaches the internet for its own example data: a tool on a reserved example host (RFC 2606 / 6761)
 * is not called at all.
 */
import type { WebhookResponse } from './records';
import { sendJson } from './webhooks';

export type ToolValue = string | number | boolean;

/** What a tool call needs to know of a tool, whichever generation stores it. */
export interface ToolTarget {
	name: string;
	url: string;
	method: string;
	headers: Array<{ name: string; value: string }>;
	timeoutSec: number;
	parameters: Array<{ name: string; type: string }>;
}

export interface ToolCallResult {
	/** the URL requested (placeholders replaced, query parameters added) */
	url: string;
	/** the values sent */
	payload: Record<string, ToolValue>;
	/** what the endpoint answered: {status, body}, or {status: null, error} */
	response: WebhookResponse;
	/** round-trip time */
	ms: number;
	/** transcript text of the assistant's call: `[tool lookup_order] {"order_number":"test"}` */
	question: string;
	/** transcript text of the answer: the body as compact JSON, or `[tool lookup_order failed: HTTP 500]` */
	answer: string;
}

/** Second-level names reserved for documentation (RFC 2606), with their subdomains. */
const RESERVED_DOMAINS = ['example.com', 'example.org', 'example.net'];
/** Top-level names that never resolve on the internet (RFC 2606 / 6761). `localhost` is a real target here: test receivers listen on it. */
const RESERVED_TLDS = ['test', 'invalid', 'example'];
const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

/** Whether the URL's host is a reserved example name (an unreadable URL counts as one: nothing to call). */
export function isReservedHost(url: string): boolean {
	let host: string;
	try {
		host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
	} catch {
		return true;
	}
	const under = (name: string) => host === name || host.endsWith(`.${name}`);
	return RESERVED_DOMAINS.some(under) || RESERVED_TLDS.some(under);
}

export function sampleValue(type: string): ToolValue {
	if (type === 'number') return 1;
	if (type === 'boolean') return true;
	return 'test';
}

/** The URL and body of the request: placeholders filled, GET/DELETE values in the query. */
export function toolRequest(target: ToolTarget, values: Record<string, ToolValue>): { url: string; body?: Record<string, ToolValue> } {
	const filled = target.url.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
		Object.prototype.hasOwnProperty.call(values, name) ? encodeURIComponent(String(values[name])) : whole,
	);
	if (BODY_METHODS.includes(target.method.toUpperCase())) return { url: filled, body: values };
	const url = new URL(filled);
	for (const [name, value] of Object.entries(values)) url.searchParams.set(name, String(value));
	return { url: url.toString() };
}

function answerText(target: ToolTarget, response: WebhookResponse, timedOut: boolean): string {
	const failed = (why: string) => `[tool ${target.name} failed: ${why}]`;
	if (timedOut) return failed(`timed out after ${target.timeoutSec} s`);
	if (response.status === null) return failed(response.error ?? 'no answer');
	if (response.status < 200 || response.status > 299) return failed(`HTTP ${response.status}`);
	return typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? null);
}

/**
 * Calls the tool once with the sample values and waits for the answer up to its timeout; null when its
 * host is reserved (not called). Resolves early (as a failure) when `signal` aborts (sandbox reset/stop).
 */
export async function callTool(target: ToolTarget, signal: AbortSignal): Promise<ToolCallResult | null> {
	if (isReservedHost(target.url)) return null;
	const payload = Object.fromEntries(target.parameters.map((p) => [p.name, sampleValue(p.type)]));
	const question = `[tool ${target.name}] ${JSON.stringify(payload)}`;
	let request: { url: string; body?: Record<string, ToolValue> };
	try {
		request = toolRequest(target, payload);
	} catch {
		return null; // a URL that cannot be read after filling it in: there is nothing to call
	}
	const headers = Object.fromEntries(target.headers.map((h) => [h.name, h.value]));
	const started = Date.now();
	const method = target.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	const sent = await sendJson(request.url, request.body, { method, headers, timeoutMs: target.timeoutSec * 1000, signal, deadline: true });
	const ms = Date.now() - started;
	const response = sent.timedOut ? { status: null, error: `timed out after ${target.timeoutSec} s` } : sent.response;
	return { url: request.url, payload, response, ms, question, answer: answerText(target, response, sent.timedOut) };
}
