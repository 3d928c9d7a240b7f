/** Shared pieces of the read-receipt tests: the secret, a signed delivery through the harness, what came out. */
import { createHmac } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWebhook } from '../harness';
import type { RunWebhookResult } from '../harness';
import type { Sandbox } from '../../sandbox';
import { VoiceAssistantTrigger, credentials } from './helpers';

export const SECRET = 'wrs_5f1c0d6e9a7b4c3d2e1f00112233445566778899aabbccdd';
export const sign = (text: string | Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
export const withSecret = (sb: Sandbox, secret = SECRET) => ({ ...credentials(sb), whatsappSigningSecret: secret });

export function params(options: IDataObject = {}, extra: INodeParameters = {}): INodeParameters {
	return { event: 'whatsappMessageStatus', responseMode: 'onReceived', simplify: false, options, ...extra } as INodeParameters;
}

let nextId = 9000;
/** A fresh message id each time (the replay and order memories are per message). */
export const freshId = () => nextId++;

/** A delivery as the platform documents it. */
export function receipt(overrides: IDataObject = {}): IDataObject {
	return {
		event: 'message_status',
		whatsapp_message_id: freshId(),
		message_sid: 'SM0123456789abcdef0123456789abcdef',
		meta_message_id: null,
		conversation_id: '3f0d8a52-1c1e-4b7a-9a55-2f6b1c0e7d11',
		assistant_id: '8c1a5b7e-0d2f-4e3a-b9c8-7a6f5e4d3c2b',
		sender: { id: 1, phone_number: '+4930555000101', display_name: 'Acme Support' },
		to: '+4917612345670',
		from: '+4930555000101',
		direction: 'outbound',
		status: 'delivered',
		error_code: null,
		error_message: null,
		error_description: null,
		timestamp: '2026-06-12T10:15:00+02:00',
		provider_timestamp: null,
		...overrides,
	};
}

export interface DeliverOptions {
	/** the X-Signature-256 header; default: the right one; null: none */
	signature?: string | string[] | null;
	/** the bytes n8n received, when they differ from what was signed */
	rawBody?: string;
	mode?: 'webhook' | 'manual';
	parameters?: INodeParameters;
	secret?: string;
	typeVersion?: number;
}

/** One POST to the trigger's webhook() through n8n-core's WebhookContext, signed over `body`'s bytes. */
export async function deliver(sb: Sandbox, body: IDataObject | string, opts: DeliverOptions = {}): Promise<RunWebhookResult> {
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	const signature = opts.signature === undefined ? sign(text) : opts.signature;
	return await runWebhook(VoiceAssistantTrigger, {
		parameters: opts.parameters ?? params(),
		credentials: withSecret(sb, opts.secret),
		mode: opts.mode ?? 'webhook',
		typeVersion: opts.typeVersion,
		request: { method: 'POST', headers: signature === null ? {} : { 'X-Signature-256': signature }, body: text, ...(opts.rawBody !== undefined ? { rawBody: opts.rawBody } : {}) },
	});
}

export const executed = (r: RunWebhookResult) => r.workflowData?.[0]?.map((item) => item.json) ?? [];

/** Acknowledged with 200 and this reason, nothing run. */
export const skipped = (r: RunWebhookResult, reason: string) => {
	expect(r.workflowData).toBeUndefined();
	expect(r.webhookResponse).toEqual({ received: true, executed: false, reason });
};

/** Answered by the node itself with this status, nothing run. */
export const refused = (r: RunWebhookResult, status: number) => {
	expect(r.workflowData).toBeUndefined();
	expect([r.response.statusCode, r.response.ended]).toEqual([status, true]);
};
