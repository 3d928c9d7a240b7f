/**
 * WhatsApp read receipts (docs/platform-facts.md, "WhatsApp read receipts"): per WhatsApp sender, a URL
 * and a signing secret set in the dashboard (here: POST /sandbox/read-receipts or
 * sb.configureReadReceipts, since the platform has no API for it). Each delivery is a JSON POST with
 * `X-Signature-256: sha256=<hex HMAC-SHA256 of the raw body bytes, keyed with the secret>`. A
 * non-2xx answer or a failed request is retried after 30 s, 60 s and 120 s (configurable here):
 * 5xx, 429 and no answer are retried, other 4xx are not. A WhatsApp send through a configured sender
 * fires sent → delivered → read, one after the other (each with its retries). Every attempt is
 * recorded in store.webhookDeliveries as 'read-receipt'.
 */
import axios from 'axios';
import { createHmac } from 'node:crypto';

import type { WhatsAppSender } from './chat';
import type { SandboxHost } from './contracts';
import { message, ok, type ApiResult, type ControlContext } from './http';
import type { WebhookResponse } from './types';
import { receiptTime } from './time';
import { isValidUrl } from './validation';
import { RECEIPT_STATUSES, type ReadReceiptConfig, type ReceiptStatus } from './readReceiptStore';

export { RECEIPT_STATUSES, RETRY_DELAYS_MS, type ReadReceiptConfig, type ReceiptStatus } from './readReceiptStore';

/** The message a receipt is about. */
export interface ReceiptMessage {
	whatsapp_message_id: number;
	message_sid: string | null;
	conversation_id: string | null;
	to: string;
}

export interface ReadReceiptResult {
	status: string;
	/** what each attempt got: the HTTP status, or null when the request failed */
	attempts: Array<number | null>;
}

/** The header value for these exact bytes. */
export function signReceipt(rawBody: string | Buffer, secret: string): string {
	return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

const ERRORS: Partial<Record<ReceiptStatus, { code: number; message: string; description: string }>> = {
	failed: { code: 63016, message: 'Message failed to send', description: 'The 24-hour session is closed: send a template.' },
	undelivered: { code: 30008, message: 'Message undelivered', description: 'The carrier could not deliver the message.' },
};

/** The body the platform posts. Test deliveries (the dashboard's test button) carry placeholders and `test: true`. */
export function receiptPayload(app: SandboxHost, sender: WhatsAppSender, msg: ReceiptMessage, status: string, test = false): Record<string, unknown> {
	const assistant = app.store.assistants.find((a) => a.id === sender.assistant_id);
	const error = ERRORS[status as ReceiptStatus];
	return {
		event: 'message_status',
		whatsapp_message_id: msg.whatsapp_message_id,
		message_sid: msg.message_sid,
		meta_message_id: null,
		conversation_id: msg.conversation_id,
		assistant_id: test ? null : (assistant?.uuid ?? null),
		sender: { id: sender.id, phone_number: sender.phone_number, display_name: sender.display_name },
		to: msg.to,
		from: sender.phone_number,
		direction: 'outbound',
		status,
		error_code: error?.code ?? null,
		error_message: error?.message ?? null,
		error_description: error?.description ?? null,
		timestamp: receiptTime(Date.now(), app.store.user(sender.user_id)?.timeZone),
		provider_timestamp: null,
		...(test ? { test: true } : {}),
	};
}

async function post(url: string, rawBody: string, signature: string, timeoutMs: number): Promise<WebhookResponse> {
	try {
		const res = await axios.post(url, rawBody, {
			timeout: timeoutMs,
			proxy: false,
			validateStatus: () => true,
			transformRequest: [(data: unknown) => data],
			responseType: 'text',
			headers: { 'Content-Type': 'application/json', 'X-Signature-256': signature, 'User-Agent': 'voice-assistant-sandbox/1.0' },
		});
		return { status: res.status, body: null };
	} catch (err) {
		return { status: null, error: err instanceof Error ? err.message : String(err) };
	}
}

const retried = (status: number | null) => status === null || status === 429 || status >= 500;

/** Posts one signed receipt, retrying per the schedule; resolves after the last attempt. */
export async function deliverReceipt(app: SandboxHost, config: ReadReceiptConfig, payload: Record<string, unknown>): Promise<ReadReceiptResult> {
	// Signed once over the exact bytes sent, the same bytes every attempt.
	const rawBody = JSON.stringify(payload);
	const signature = signReceipt(rawBody, config.secret);
	const attempts: Array<number | null> = [];
	for (let attempt = 0; ; attempt++) {
		const response = await post(config.url, rawBody, signature, app.sim.opts.webhookTimeoutMs);
		attempts.push(response.status);
		app.store.webhookDeliveries.push({ kind: 'read-receipt', call_id: 0, assistant_id: 0, sender_id: config.sender_id, attempt: attempt + 1, url: config.url, payload, response, at: Date.now() });
		const delay = config.retry_delays_ms[attempt];
		if ((response.status !== null && response.status >= 200 && response.status < 300) || !retried(response.status) || delay === undefined) break;
		await app.sim.tasks.sleep(delay);
		if (app.sim.tasks.stopped) break;
	}
	return { status: String(payload.status), attempts };
}

/** Runs `work` as a background task of the sandbox (waitForIdle waits for it). */
function inBackground<T>(app: SandboxHost, work: () => Promise<T>): Promise<T | undefined> {
	return new Promise((resolve) => {
		if (app.sim.tasks.stopped) return resolve(undefined);
		app.sim.tasks.run(async () => resolve(await work()), () => resolve(undefined));
	});
}

/** After a WhatsApp send through `sender`: its configured statuses, one after the other. */
export function messageSent(app: SandboxHost, sender: WhatsAppSender, msg: ReceiptMessage): void {
	const config = app.store.readReceipts.of(sender.id);
	if (!config) return;
	void inBackground(app, async () => {
		for (const status of config.statuses) await deliverReceipt(app, config, receiptPayload(app, sender, msg, status));
	});
}

/** One receipt now (a test delivery, or a status of a given message); undefined when the sender has no webhook. */
export function sendReceipt(
	app: SandboxHost,
	opts: { senderId: number; status?: string; whatsappMessageId?: number; to?: string; test?: boolean },
): Promise<ReadReceiptResult | undefined> {
	const sender = app.store.chat.senders.find((s) => s.id === opts.senderId);
	const config = app.store.readReceipts.of(opts.senderId);
	if (!sender || !config) return Promise.resolve(undefined);
	const test = opts.test === true;
	const msg: ReceiptMessage = test
		? { whatsapp_message_id: opts.whatsappMessageId ?? 123456789, message_sid: 'SM00000000000000000000000000000000', conversation_id: null, to: '+15550000000' }
		: { whatsapp_message_id: opts.whatsappMessageId ?? app.store.chat.messageId(), message_sid: null, conversation_id: null, to: opts.to ?? '+4915112345670' };
	return inBackground(app, async () => await deliverReceipt(app, config, receiptPayload(app, sender, msg, opts.status ?? 'delivered', test)));
}

function senderOf(ctx: ControlContext): WhatsAppSender | undefined {
	return ctx.app.store.chat.senders.find((s) => s.id === Number(ctx.body.sender_id ?? ctx.body.senderId));
}

/** POST /sandbox/read-receipts {sender_id, url (null removes), secret?, retry_delays_ms?, statuses?} → the secret, as the dashboard shows it. */
export function configureRoute(ctx: ControlContext): ApiResult {
	const sender = senderOf(ctx);
	if (!sender) return message(404, 'Sender not found');
	const b = ctx.body;
	if (b.url !== null && (typeof b.url !== 'string' || !isValidUrl(b.url))) return message(422, 'url must be an http(s) URL, or null to remove the webhook');
	if (b.secret !== undefined && (typeof b.secret !== 'string' || b.secret === '')) return message(422, 'secret must be a non-empty string');
	const delays = b.retry_delays_ms;
	if (delays !== undefined && (!Array.isArray(delays) || !delays.every((d) => Number.isFinite(d) && (d as number) >= 0))) return message(422, 'retry_delays_ms must be an array of non-negative numbers');
	const statuses = b.statuses;
	if (statuses !== undefined && (!Array.isArray(statuses) || !statuses.every((s) => RECEIPT_STATUSES.includes(s as ReceiptStatus)))) {
		return message(422, `statuses must be an array of ${RECEIPT_STATUSES.join(', ')}`);
	}
	const config = ctx.app.store.readReceipts.configure(sender.id, b.url as string | null, {
		secret: b.secret as string | undefined,
		retryDelaysMs: delays as number[] | undefined,
		statuses: statuses as ReceiptStatus[] | undefined,
	});
	return ok(config ? { sender_id: sender.id, url: config.url, secret: config.secret } : { sender_id: sender.id, url: null });
}

/** POST /sandbox/read-receipt {sender_id, status?, whatsapp_message_id?, to?, test?, wait?}: one signed delivery. */
export async function sendRoute(ctx: ControlContext): Promise<ApiResult> {
	const sender = senderOf(ctx);
	if (!sender) return message(404, 'Sender not found');
	const b = ctx.body;
	if (b.status !== undefined && !RECEIPT_STATUSES.includes(b.status as ReceiptStatus)) return message(422, `status must be one of ${RECEIPT_STATUSES.join(', ')}`);
	const id = b.whatsapp_message_id === undefined ? undefined : Number(b.whatsapp_message_id);
	if (id !== undefined && !Number.isSafeInteger(id)) return message(422, 'whatsapp_message_id must be an integer');
	if (!ctx.app.store.readReceipts.of(sender.id)) return message(409, 'The sender has no read-receipts webhook');
	const done = sendReceipt(ctx.app, { senderId: sender.id, status: b.status as string | undefined, whatsappMessageId: id, to: typeof b.to === 'string' ? b.to : undefined, test: b.test === true });
	if (b.wait !== true) return ok({ sender_id: sender.id, queued: true }, 202);
	// Only the statuses: the sandbox never relays what a URL it was pointed at answered.
	return ok(await done);
}
