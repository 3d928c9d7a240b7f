/**
 * webhook() for the WhatsApp Message Status event (the sender's read-receipts webhook): check the
 * signature over the exact bytes received, then decide whether this delivery is news for the
 * workflow. Every answer but a forged or malformed delivery is a 200, so the platform does not retry.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { WHATSAPP_SIGNING_SECRET } from '../../shared/signingSecret';
import { isObject } from '../../shared/objects';
import { signedWithCredentialSecret } from '../credentialSecret';
import { isReplay } from '../replays';
import { simplifyReceipt } from './output';
import { isProgress } from './progress';
import { SIGNATURE_HEADER, rawBodyOf, signatureMatches } from './signature';

interface ReceiptOptions {
	messageStatuses?: string[];
	sender?: string;
	includeTestDeliveries?: boolean;
}

/** Answers the request itself and starts no execution. */
function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify({ message }));
	return { noWebhookResponse: true };
}

/** Acknowledged, so the platform does not retry, but nothing runs. */
function skip(reason: string): IWebhookResponseData {
	return { webhookResponse: { received: true, executed: false, reason } };
}

function idOf(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The verified bytes as a JSON value; undefined when they are not JSON. */
function parse(raw: Buffer): unknown {
	try {
		return JSON.parse(raw.toString('utf8')) as unknown;
	} catch {
		return undefined;
	}
}

const digits = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\D/g, '') : '');

/** Sender: its ID, or its number in any format (compared by digits), as the delivery names it. */
function isFromSender(body: IDataObject, wanted: string): boolean {
	const sender = isObject(body.sender) ? body.sender : {};
	if (idOf(sender.id) === wanted) return true;
	const number = digits(wanted);
	return number.length >= 6 && [sender.phone_number, body.from].some((value) => digits(value) === number);
}

/** Why a signed delivery starts nothing (a filter), or undefined. Test deliveries carry placeholders: no filter applies. */
function filteredOut(body: IDataObject, status: string, options: ReceiptOptions, test: boolean): string | undefined {
	if (test) return undefined;
	const statuses = Array.isArray(options.messageStatuses) ? options.messageStatuses : [];
	if (statuses.length > 0 && !statuses.includes(status)) return 'message status not selected';
	const sender = typeof options.sender === 'string' ? options.sender.trim() : '';
	if (sender !== '' && !isFromSender(body, sender)) return 'sender not selected';
	return undefined;
}

export async function receiveReadReceipt(ctx: IWebhookFunctions): Promise<IWebhookResponseData> {
	const raw = await rawBodyOf(ctx);
	const header = ctx.getHeaderData()[SIGNATURE_HEADER];
	const check =
		raw === undefined
			? 'refused'
			: await signedWithCredentialSecret(ctx, WHATSAPP_SIGNING_SECRET, (secret) => signatureMatches(raw, header, secret));
	if (raw === undefined || check !== 'genuine') {
		if (check === 'noSecret')
			ctx.logger.warn('Voice Assistant Trigger: the credential has no WhatsApp read-receipts signing secret, so every delivery is refused');
		return refuse(ctx, 401, 'Missing or wrong signature');
	}

	const body = parse(raw);
	if (!isObject(body)) return refuse(ctx, 400, 'The body must be a JSON object');
	if (body.event !== undefined && body.event !== 'message_status') return skip('not a message status');
	const messageId = idOf(body.whatsapp_message_id);
	if (messageId === undefined) return refuse(ctx, 400, 'The delivery names no message (whatsapp_message_id)');
	const status = typeof body.status === 'string' ? body.status.trim() : '';
	if (status === '') return refuse(ctx, 400, 'The delivery has no status');

	const manual = ctx.getMode() === 'manual';
	const options = ctx.getNodeParameter('options', {}) as ReceiptOptions;
	const test = body.test === true;
	// The dashboard's test button: shown while the editor listens, in production only when asked for.
	if (test && !manual && options.includeTestDeliveries !== true) return skip('test delivery');
	const filtered = filteredOut(body, status, options, test);
	if (filtered) return skip(filtered);

	// Per webhook: the test URL and the production URL of each trigger remember apart.
	const scope = `readReceipts|${ctx.getWorkflow().id ?? ''}|${ctx.getNode().webhookId ?? ctx.getNode().id}|${manual ? 'test' : 'production'}`;
	if (test) {
		// Placeholder ids repeat from click to click: a test delivery is known by its exact bytes
		// (its signature). While the editor listens, every click counts.
		if (!manual && isReplay(ctx, scope, { call_id: `test:${String(header)}`, status })) return skip('duplicate');
	} else {
		if (isReplay(ctx, scope, { call_id: `message:${messageId}`, status })) return skip('duplicate');
		if (!isProgress(ctx, scope, messageId, status)) return skip('out of order');
	}

	const simplify = ctx.getNodeParameter('simplify', false) as boolean;
	return { workflowData: [[{ json: simplify ? simplifyReceipt(body) : body }]], webhookResponse: { received: true } };
}
