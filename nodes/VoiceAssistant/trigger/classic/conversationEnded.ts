/**
 * The "Conversation Ended" event: a chat conversation (WhatsApp, web widget) of the assistant ended.
 * Registered with POST /user/assistants/enable-conversation-ended-webhook, put back on deactivation
 * with disable-conversation-ended-webhook, or by enabling the previous URL again when one was set
 * and the assistant record showed it. The platform does not document that the record shows this
 * URL: when it does not, the previous URL is unknown, so deactivation turns the notification off.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { apiRequest } from '../../transport/request';
import type { ConversationEndedSettings, EventSettings, Registration } from './registration';
import { isReplay } from '../replays';
import { isObject } from '../../shared/objects';
import { compactConversation } from '../../shared/compact';

export const CONVERSATION_URL_FIELD = 'conversation_ended_webhook_url';
export const CONVERSATION_TYPES = ['whatsapp', 'widget'] as const;


async function enable(ctx: Parameters<EventSettings['register']>[0], assistantId: number, url: string): Promise<void> {
	await apiRequest.call(ctx, 'POST', '/user/assistants/enable-conversation-ended-webhook', {
		body: { assistant_id: assistantId, webhook_url: url },
		notFound: `Assistant ${assistantId}`,
	});
}

export const conversationEndedSettings: EventSettings = {
	read(assistant): ConversationEndedSettings {
		const known = Object.hasOwn(assistant, CONVERSATION_URL_FIELD);
		const url = assistant[CONVERSATION_URL_FIELD];
		return { conversation_ended_webhook_url: typeof url === 'string' && url.trim() !== '' ? url : null, known };
	},
	urlOf: (settings) => (settings as ConversationEndedSettings).conversation_ended_webhook_url,
	none: { conversation_ended_webhook_url: null, known: true },
	knows: (settings) => (settings as ConversationEndedSettings).known,
	async register(ctx, assistantId, url) {
		await enable(ctx, assistantId, url);
	},
	async restore(ctx, assistantId, settings) {
		const previous = (settings as ConversationEndedSettings).conversation_ended_webhook_url;
		if (previous) return await enable(ctx, assistantId, previous);
		await apiRequest.call(ctx, 'POST', '/user/assistants/disable-conversation-ended-webhook', {
			body: { assistant_id: assistantId },
			notFound: `Assistant ${assistantId}`,
		});
	},
	isRegistered: (settings, matches) => matches((settings as ConversationEndedSettings).conversation_ended_webhook_url),
};

/** The transcript as text: `formatted_transcript`, else one "User: …" / "Assistant: …" line per `{role, content}`. */
export function conversationText(body: IDataObject): string {
	if (typeof body.formatted_transcript === 'string' && body.formatted_transcript.trim() !== '') return body.formatted_transcript;
	if (typeof body.transcript === 'string') return body.transcript;
	if (!Array.isArray(body.transcript)) return '';
	return body.transcript
		.filter(isObject)
		.map((entry) => {
			const role = typeof entry.role === 'string' && entry.role !== '' ? entry.role.charAt(0).toUpperCase() + entry.role.slice(1) : '';
			const content = typeof entry.content === 'string' ? entry.content : '';
			return role ? `${role}: ${content}` : content;
		})
		.filter((line) => line !== '')
		.join('\n');
}

const orNull = (value: unknown) => (value === undefined ? null : value);

/** One flat record per ended conversation (Simplify): the fields most workflows need, the same keys every time. */
export function simplifyConversation(body: IDataObject): IDataObject {
	const extracted = isObject(body.extracted_variables) ? body.extracted_variables : {};
	const sender = isObject(body.sender) ? body.sender : undefined;
	return {
		conversation_id: orNull(body.conversation_id),
		assistant_id: orNull(body.assistant_id),
		type: orNull(body.type),
		status: orNull(body.status),
		message_count: orNull(body.message_count),
		customer_phone: orNull(body.customer_phone),
		customer_name: orNull(body.customer_name),
		sender_phone: orNull(sender?.phone_number),
		sender_name: orNull(sender?.display_name),
		transcript: conversationText(body),
		summary: orNull(extracted.summary),
		extracted_variables: extracted,
		input_variables: isObject(body.input_variables) ? body.input_variables : {},
		created_at: orNull(body.created_at),
		ended_at: orNull(body.ended_at),
	};
}

/**
 * The rest of webhook() for this event, once the secret and the assistant are checked: the
 * Conversation Types filter, the replay guard (per conversation), then one item.
 */
export function receiveConversationEnded(ctx: IWebhookFunctions, registration: Registration, body: IDataObject): IWebhookResponseData {
	const options = ctx.getNodeParameter('options', {}) as { conversationTypes?: string[] };
	const types = Array.isArray(options.conversationTypes) ? options.conversationTypes : [];
	if (types.length > 0 && !types.includes(String(body.type ?? ''))) {
		return { webhookResponse: { received: true, executed: false, reason: 'conversation type not selected' } };
	}
	// Keyed by the conversation: an ended conversation ends once (delivery.ts refused a body without one).
	const id = `conversation:${String(body.conversation_id).trim()}`;
	if (isReplay(ctx, registration.secretHash, { call_id: id, status: 'ended' })) {
		return { webhookResponse: { received: true, executed: false, reason: 'duplicate' } };
	}
	const simplify = ctx.getNodeParameter('simplify', false) as boolean;
	if (!simplify) return { workflowData: [[{ json: body }]] };
	const simple = simplifyConversation(body);
	return { workflowData: [[{ json: ctx.getNode().typeVersion >= 4 ? compactConversation(simple) : simple }]] };
}
