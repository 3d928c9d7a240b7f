import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { receiveConversationEnded } from './conversationEnded';
import { READ_RECEIPTS_EVENT } from '../readReceipts/properties';
import { receiveReadReceipt } from '../readReceipts/receive';
import { deliverySlot } from '../registration';
import { classicRegistrations } from './registration';
import { downloadsRecording, withRecording } from './recording';
import { callIdOf, isReplay } from '../replays';
import { SECRET_PARAM, secretMatchesHash } from '../secret';
import { simplifyDelivery } from '../../shared/callRecord';
import { compactCall } from '../../shared/compact';
import { isUuid } from '../../shared/uuid';
import { isObject } from '../../shared/objects';
import type { Registration, TriggerEvent } from './registration';


/** Answers the request itself and starts no execution. */
function reject(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify({ message }));
	return { noWebhookResponse: true };
}

/**
 * Why a body is no notification: every notification of the platform is a JSON object with fields.
 * A string (text/plain, or JSON sent with another content type), an array, a number, or nothing at
 * all starts no execution. n8n hands an absent or unparsed body over as {}.
 */
function bodyProblem(raw: unknown): string | undefined {
	if (Array.isArray(raw)) return 'The body must be a JSON object, not an array';
	if (!isObject(raw)) return 'The body must be a JSON object';
	if (Object.keys(raw).length === 0) return 'The body is empty: expected a JSON object with the notification';
	return undefined;
}

/** A non-empty string or a finite number: an identifying field that is there. */
function present(value: unknown): boolean {
	return (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * Why a body is no notification of this event: the fields that say what it is about are missing.
 * Call Ended names its call (`id`, `call_id` or `call.id`); Conversation Ended its conversation.
 * Inbound Call Completed is undocumented and every field may be missing (a ringing call may carry
 * only {customer_phone, assistant_phone}), so a call id or the caller's number is enough.
 */
function identityProblem(event: TriggerEvent, body: IDataObject): string | undefined {
	if (event === 'conversationEnded') {
		return present(body.conversation_id) ? undefined : 'The notification names no conversation (conversation_id)';
	}
	if (callIdOf(body) !== undefined) return undefined;
	if (event === 'inboundCallCompleted') {
		return present(body.customer_phone) ? undefined : 'The notification names no call (id, call_id or call.id) and no caller (customer_phone)';
	}
	return 'The notification names no call (id, call_id or call.id)';
}

/**
 * Whether the body names an assistant other than the watched one (top level, or on a nested
 * call/assistant object), by integer ID or by UUID (conversation-ended deliveries use the UUID,
 * docs/platform-facts.md, "Conversation-ended deliveries"). The secret authenticates a delivery; this only catches a clearly
 * different assistant. Anything else (a name; a UUID while the record showed none) is no refusal.
 */
function namesAnotherAssistant(body: IDataObject, registration: Registration): boolean {
	const candidates = [
		body.assistant_id,
		isObject(body.call) ? body.call.assistant_id : undefined,
		isObject(body.assistant) ? body.assistant.id : undefined,
		isObject(body.assistant) ? body.assistant.uuid : undefined,
	];
	return candidates.some((value) => {
		if (typeof value === 'number' && Number.isSafeInteger(value)) return value !== registration.assistantId;
		if (typeof value !== 'string') return false;
		const text = value.trim();
		if (/^\d{1,15}$/.test(text)) return Number(text) !== registration.assistantId;
		return isUuid(text) && registration.assistantUuid !== undefined && text.toLowerCase() !== registration.assistantUuid;
	});
}

/**
 * webhook(): authenticate the delivery (secret from the registered URL), make sure it is about the
 * watched assistant, apply the status filter, then hand the body on as one item.
 */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	// Signed by the platform and registered by nobody: its own checks (readReceipts/receive.ts).
	if (this.getNodeParameter('event') === READ_RECEIPTS_EVENT) return await receiveReadReceipt(this);
	const registration = classicRegistrations.read(this, deliverySlot(this));
	const query = this.getQueryData() as IDataObject;
	if (!registration || !secretMatchesHash(query[SECRET_PARAM], registration.secretHash)) {
		return reject(this, 401, 'Missing or wrong secret');
	}

	const raw = this.getBodyData() as unknown;
	const problem = bodyProblem(raw);
	if (problem) return reject(this, 400, problem);
	const body = raw as IDataObject;
	if (namesAnotherAssistant(body, registration)) {
		return reject(this, 401, 'This delivery is about another assistant');
	}
	const unidentified = identityProblem(registration.event, body);
	if (unidentified) return reject(this, 400, unidentified);
	if (registration.event === 'conversationEnded') return receiveConversationEnded(this, registration, body);

	const options = this.getNodeParameter('options', {}) as { statuses?: string[] };
	const statuses = Array.isArray(options.statuses) ? options.statuses : [];
	if (statuses.length > 0 && !statuses.includes(String(body.status ?? ''))) {
		// Acknowledge (so the platform does not count it as failed) but start nothing.
		return { webhookResponse: { received: true, executed: false, reason: 'call status not selected' } };
	}

	if (isReplay(this, registration.secretHash, body)) {
		// Acknowledged like a first delivery, so the platform does not retry, but nothing runs twice.
		return { webhookResponse: { received: true, executed: false, reason: 'duplicate' } };
	}

	const simplify = this.getNodeParameter('simplify', false) as boolean;
	const json = simplify ? simplified(this.getNode().typeVersion, body, registration) : body;
	const item = downloadsRecording(this) ? await withRecording(this, json, body) : { json };
	// The answer of "Respond: Immediately" (version 2 and later; trigger/webhook.ts).
	return { workflowData: [[item]], webhookResponse: { received: true } };
}

/**
 * Simplify: from version 4 ten fields (shared/compact.ts), with the watched assistant where the
 * notification names none (the post-call payload does not); earlier versions keep their record.
 */
function simplified(version: number, body: IDataObject, registration: Registration): IDataObject {
	const simple = simplifyDelivery(body);
	if (version < 4) return simple;
	return compactCall({ ...simple, assistant_id: simple.assistant_id ?? registration.assistantId });
}
