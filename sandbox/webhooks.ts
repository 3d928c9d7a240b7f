/** Outgoing webhook POSTs (axios). The receiver's answer is kept as the call's webhook_response. */
import axios from 'axios';
import type { WebhookResponse } from './types';

export async function postJson(url: string, payload: unknown, timeoutMs: number, signal: AbortSignal): Promise<WebhookResponse> {
	try {
		const res = await axios.post(url, payload, {
			timeout: timeoutMs,
			signal,
			proxy: false, // local receivers must not be routed through an HTTP(S)_PROXY from the environment
			validateStatus: () => true,
			transformResponse: [(data: unknown) => data],
			responseType: 'text',
			headers: { 'Content-Type': 'application/json', 'User-Agent': 'voice-assistant-sandbox/1.0' },
		});
		return { status: res.status, body: parseBody(res.data) };
	} catch (err) {
		return { status: null, error: err instanceof Error ? err.message : String(err) };
	}
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
