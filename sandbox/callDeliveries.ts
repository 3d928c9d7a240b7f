/**
 * The webhooks a simulated call POSTs when it ends (calls.ts): the post-call notification to the
 * assistant's webhook_url and, for inbound calls, the inbound notification. Each is recorded in
 * store.webhookDeliveries ('post-call', 'inbound') unless the sandbox was reset meanwhile.
 */
import type { Assistant, Call, Campaign, Lead } from './records';
import { campaignPayload, leadPayload } from './serialize';
import type { SandboxStore } from './store';
import type { WebhookResponse } from './types';
import { postJson } from './webhooks';

export interface DeliveryContext {
	store: SandboxStore;
	timeoutMs: number;
	signal: AbortSignal;
}

async function deliver(d: DeliveryContext, kind: 'post-call' | 'inbound', call: Call, assistant: Assistant, url: string, payload: unknown): Promise<WebhookResponse> {
	const response = await postJson(url, payload, d.timeoutMs, d.signal);
	// After reset/stop the store holds new data: do not record deliveries of cancelled calls in it.
	if (!d.signal.aborted) d.store.webhookDeliveries.push({ kind, call_id: call.id, assistant_id: assistant.id, url, payload, response, at: Date.now() });
	return response;
}

export async function deliverPostCall(d: DeliveryContext, call: Call, assistant: Assistant, ctx: { campaign?: Campaign; lead?: Lead }): Promise<void> {
	if (!assistant.is_webhook_active || !assistant.webhook_url) return;
	if (assistant.send_webhook_only_on_completed && call.status !== 'completed') return;
	const arrayShape = d.store.transcriptFormatFor(assistant.id) === 'array';
	const payload = {
		id: call.id,
		customer_phone: call.client_phone_number,
		assistant_phone: call.assistant_phone_number,
		duration: call.duration,
		status: call.status,
		extracted_variables: call.variables,
		input_variables: call.input_variables,
		transcript: arrayShape ? call.transcript_items : call.transcript,
		...(arrayShape ? { formatted_transcript: call.transcript } : {}),
		recording_url: assistant.include_recording_in_webhook ? call.recording_url : null,
		created_at: new Date(call.created_at).toISOString(),
		finished_at: new Date(call.finished_at ?? call.updated_at).toISOString(),
		lead: ctx.lead ? leadPayload(ctx.lead) : null,
		campaign: ctx.campaign ? campaignPayload(ctx.campaign) : null,
	};
	call.webhook_response = await deliver(d, 'post-call', call, assistant, assistant.webhook_url, payload);
}

export async function deliverInbound(d: DeliveryContext, call: Call, assistant: Assistant): Promise<void> {
	if (!assistant.inbound_webhook_url) return;
	const payload = {
		assistant_id: assistant.id,
		customer_phone: call.client_phone_number,
		assistant_phone: call.assistant_phone_number,
		call_id: call.id,
		timestamp: new Date(call.finished_at ?? Date.now()).toISOString(),
		status: call.status,
		variables: call.variables,
	};
	call.inbound_webhook_response = await deliver(d, 'inbound', call, assistant, assistant.inbound_webhook_url, payload);
}
