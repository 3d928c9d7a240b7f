/**
 * The conversation-ended notification (switched on and off in routes/webhookSwitches.ts): ending a
 * conversation (control route / sb.simulateConversationEnd) and the POST of the ended conversation to
 * the assistant's URL, recorded in store.webhookDeliveries as 'conversation-ended'.
 */
import type { SandboxHost } from './contracts';
import type { Conversation } from './chat';
import { message, ok, type ApiResult, type ControlContext } from './http';
import { parsePhone } from './phone';
import type { WebhookResponse } from './types';
import { postJson } from './webhooks';

export interface ConversationEndResult {
	conversation_id: string;
	/** what the conversation-ended URL answered (null when none is set) */
	webhook_response: WebhookResponse | null;
}

function payload(app: SandboxHost, c: Conversation) {
	const sender = app.store.chat.senders.find((s) => s.id === c.sender_id);
	const transcript = c.messages.map((m) => ({ role: m.role, content: m.content }));
	const customerTurns = c.messages.filter((m) => m.role === 'user').length;
	// The 2026 docs: a top-level integer id beside the UUID, and the assistant named by its UUID.
	const generation2026 = app.store.user(c.user_id)?.generation === '2026';
	const assistant = app.store.assistants.find((a) => a.id === c.assistant_id);
	return {
		...(generation2026 ? { id: c.id } : {}),
		conversation_id: c.uuid,
		assistant_id: generation2026 && assistant ? assistant.uuid : c.assistant_id,
		type: c.type === 'whatsapp' ? 'whatsapp' : 'widget',
		message_count: c.messages.length,
		status: 'ended',
		extracted_variables: { status: customerTurns > 0 ? 'completed' : 'no-reply', summary: `The customer wrote ${customerTurns} message(s).` },
		input_variables: c.variables,
		transcript,
		formatted_transcript: transcript.map((t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${t.content}`).join('\n'),
		customer_phone: c.customer_phone,
		customer_name: c.customer_name,
		sender: sender ? { phone_number: sender.phone_number, display_name: sender.display_name } : null,
		created_at: new Date(c.created_at).toISOString(),
		ended_at: new Date(c.ended_at ?? Date.now()).toISOString(),
	};
}

/** Ends a conversation (the user's when a token is given) and posts it; `done` resolves after the delivery. */
export function endConversation(app: SandboxHost, conversationId: string, userToken?: string): { conversation: Conversation; done: Promise<ConversationEndResult> } {
	const owner = userToken === undefined ? undefined : app.store.userByToken(userToken)?.user.id;
	const c = app.store.chat.conversations.find((x) => x.uuid === conversationId.toLowerCase() && (userToken === undefined || x.user_id === owner));
	if (!c) throw new Error('Conversation not found');
	if (c.status === 'ended') throw new Error('Conversation has already ended');
	c.status = 'ended';
	c.ended_at = Date.now();
	const assistant = app.store.assistants.find((a) => a.id === c.assistant_id);
	const url = assistant?.conversation_ended_webhook_url;
	const done = new Promise<ConversationEndResult>((resolve) => {
		if (!assistant || !url || app.sim.tasks.stopped) return resolve({ conversation_id: c.uuid, webhook_response: null });
		app.sim.tasks.run(async () => {
			const body = payload(app, c);
			const response = await postJson(url, body, app.sim.opts.webhookTimeoutMs, new AbortController().signal);
			app.store.webhookDeliveries.push({ kind: 'conversation-ended', call_id: 0, conversation_id: c.uuid, assistant_id: assistant.id, url, payload: body, response, at: Date.now() });
			resolve({ conversation_id: c.uuid, webhook_response: response });
		});
	});
	return { conversation: c, done };
}

/** A customer writes to a WhatsApp sender: opens (or continues) the conversation and its 24-hour session. */
export function customerWrites(app: SandboxHost, senderId: number, from: string, text: string, name?: string): Conversation {
	const sender = app.store.chat.senders.find((s) => s.id === senderId);
	if (!sender) throw new Error('Sender not found');
	const phone = parsePhone(from);
	if (!phone) throw new Error('Invalid customer phone number');
	const existing = app.store.chat.whatsappConversation(sender.id, phone.e164);
	const c = existing && existing.status === 'active' ? existing : app.store.chat.whatsapp(sender.user_id, sender.id, phone.e164, name ?? null, Date.now());
	if (c === existing) app.store.chat.say(c, 'user', text);
	else c.messages[0].content = text;
	return c;
}

/** POST /sandbox/conversation-end {conversation_id, token?, wait?} */
export async function conversationEndRoute(ctx: ControlContext): Promise<ApiResult> {
	const id = String(ctx.body.conversation_id ?? ctx.body.conversationId ?? '');
	const token = (ctx.body.token ?? undefined) as string | undefined;
	let started;
	try {
		started = endConversation(ctx.app, id, token);
	} catch (err) {
		return message(404, err instanceof Error ? err.message : String(err));
	}
	if (ctx.body.wait !== true) return ok({ conversation_id: started.conversation.uuid, status: 'ended' }, 202);
	const done = await started.done;
	// only the status: the sandbox never relays what a URL it was pointed at answered
	return ok({ conversation_id: done.conversation_id, webhook_response: done.webhook_response ? { status: done.webhook_response.status } : null });
}

/** POST /sandbox/whatsapp-message {sender_id, from, message, name?} */
export function whatsappMessageRoute(ctx: ControlContext): ApiResult {
	const b = ctx.body;
	try {
		const c = customerWrites(ctx.app, Number(b.sender_id), String(b.from ?? ''), String(b.message ?? 'Hallo'), typeof b.name === 'string' ? b.name : undefined);
		return ok({ conversation_id: c.uuid });
	} catch (err) {
		return message(404, err instanceof Error ? err.message : String(err));
	}
}
