/**
 * The inbound webhook as some deployments use it: called while an inbound call rings, *before* it is
 * connected, so the answer can give the call its variables (`{"variables": {...}}`, e.g. the caller's
 * name from a CRM). The platform does not document how long it waits; the sandbox waits
 * INBOUND_ANSWER_MS (option `inboundAnswerTimeoutMs`) and connects the call without variables after that.
 */
import type { Assistant, Call } from './records';
import type { SandboxStore } from './store';
import type { WebhookResponse } from './types';
import { postJson } from './webhooks';

export const INBOUND_ANSWER_MS = 3000;

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** POSTs the ringing call to the inbound URL; the answer's `variables` (an object) become the call's input variables. */
export async function askForVariables(
	store: SandboxStore,
	call: Call,
	assistant: Assistant,
	signal: AbortSignal,
	timeoutMs = INBOUND_ANSWER_MS,
): Promise<WebhookResponse | null> {
	const url = assistant.inbound_webhook_url;
	if (!url) return null;
	const payload = {
		assistant_id: assistant.id,
		customer_phone: call.client_phone_number,
		assistant_phone: call.assistant_phone_number,
		call_id: call.id,
		timestamp: new Date().toISOString(),
		status: 'ringing',
	};
	const started = Date.now();
	const response = await postJson(url, payload, timeoutMs, signal);
	if (signal.aborted) return response;
	const at = Date.now();
	store.webhookDeliveries.push({ kind: 'inbound-before-connect', call_id: call.id, assistant_id: assistant.id, url, payload, response, at, ms: at - started });
	const body = response.status !== null && response.status < 300 && isObject(response.body) ? response.body : undefined;
	if (body && isObject(body.variables)) Object.assign(call.input_variables, body.variables);
	return response;
}
