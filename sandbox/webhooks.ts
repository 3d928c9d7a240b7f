/** Outgoing HTTP requests with JSON (axios): webhook POSTs, whose answer is kept as the call's webhook_response, and mid-call tool requests. */
import axios, { type Method } from 'axios';
import type { WebhookResponse } from './records';

export interface SendOptions {
	/** default POST */
	method?: Method;
	/** sent besides Content-Type and User-Agent (a tool's own headers) */
	headers?: Record<string, string>;
	timeoutMs: number;
	signal: AbortSignal;
	/**
	 * Abort `timeoutMs` after the start even while an answer trickles in: axios's `timeout` is a socket
	 * idle time, a mid-call tool's timeout is how long the caller waits for the whole answer.
	 */
	deadline?: boolean;
}

export interface Sent {
	response: WebhookResponse;
	/** the deadline passed (deadline: true only) */
	timedOut: boolean;
}

/** One request with a JSON body (`payload` undefined: none); never throws, an unreachable receiver is `{status: null, error}`. */
export async function sendJson(url: string, payload: unknown, opts: SendOptions): Promise<Sent> {
	const stop = new AbortController();
	const onAbort = () => stop.abort();
	if (opts.signal.aborted) stop.abort();
	else opts.signal.addEventListener('abort', onAbort, { once: true });
	let timedOut = false;
	const deadline = opts.deadline
		? setTimeout(() => {
				timedOut = true;
				stop.abort();
			}, opts.timeoutMs)
		: undefined;
	try {
		const res = await axios.request({
			url,
			method: opts.method ?? 'POST',
			data: payload,
			timeout: opts.timeoutMs,
			signal: stop.signal,
			proxy: false, // local receivers must not be routed through an HTTP(S)_PROXY from the environment
			validateStatus: () => true,
			transformResponse: [(data: unknown) => data],
			responseType: 'text',
			headers: { ...opts.headers, 'Content-Type': 'application/json', 'User-Agent': 'voice-assistant-sandbox/1.0' },
		});
		return { response: { status: res.status, body: parseBody(res.data) }, timedOut: false };
	} catch (err) {
		return { response: { status: null, error: err instanceof Error ? err.message : String(err) }, timedOut };
	} finally {
		clearTimeout(deadline);
		opts.signal.removeEventListener('abort', onAbort);
	}
}

export async function postJson(url: string, payload: unknown, timeoutMs: number, signal: AbortSignal): Promise<WebhookResponse> {
	return (await sendJson(url, payload, { timeoutMs, signal })).response;
}

function parseBody(data: unknown): unknown {
	if (typeof data !== 'string') return data ?? null;
	if (data === '') return null;
	try {
		return JSON.parse(data);
	} catch {
		return data;
	}
}
