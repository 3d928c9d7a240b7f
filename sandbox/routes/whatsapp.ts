/**
 * WhatsApp: senders, their templates, template and free-form sends, and the 24-hour session a
 * customer's message opens (free-form only while it is open). Refusals inside HTTP 200 answer
 * `success: false` with `error` and `error_code`, like the platform.
 */
import { SESSION_MS, type WhatsAppSender } from '../chat';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { parsePhone } from '../phone';
import { hex } from '../prng';
import { hasErrors, validate } from '../validation';
import { messageSent } from '../readReceipts';
import { SIMULATE_FAILURE } from './assistants';

const INVALID = 'The given data was invalid.';
const notFound = () => message(404, 'Sender not found', { success: false, error: 'Sender not found', error_code: 'SENDER_NOT_FOUND' });
const offline = (s: WhatsAppSender) => ok({ success: false, error: `Sender ${s.display_name} is not online`, error_code: 'SENDER_OFFLINE' });

function senderRecord(s: WhatsAppSender) {
	return {
		id: s.id,
		phone_number: s.phone_number,
		display_name: s.display_name,
		status: s.status,
		quality_rating: s.quality_rating,
		messaging_limit: s.messaging_limit,
		messaging_limit_formatted: `${s.messaging_limit / 1000}K`,
	};
}

export function listSenders(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, { status: { type: 'string', in: ['online', 'all'] } });
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const all = values.status === 'all';
	const senders = ctx.app.store.chat.senders.filter((s) => s.user_id === ctx.user.id && (all || s.status === 'online'));
	return ok({ data: senders.map(senderRecord) });
}

export function listTemplates(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, { status: { type: 'string', in: ['approved', 'all'] } });
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const sender = ctx.app.store.chat.senderOf(ctx.user.id, ctx.params.id);
	if (!sender) return notFound();
	const all = values.status === 'all';
	const templates = ctx.app.store.chat.templates.filter((t) => t.sender_id === sender.id && (all || t.status === 'approved'));
	return ok({ data: templates.map((t) => ({ ...t, sender_id: undefined, has_variables: t.variables.length > 0 })) });
}

/** The session of a sender with a customer at `now`. */
function session(ctx: RouteContext, sender: WhatsAppSender, phone: string, now = Date.now()) {
	const c = ctx.app.store.chat.whatsappConversation(sender.id, phone);
	const last = c?.last_customer_message_at ?? null;
	const open = last !== null && now - last < SESSION_MS;
	const status: Record<string, unknown> = {
		is_open: open,
		can_send_freeform: open,
		requires_template: !open,
		message: open ? 'The 24-hour session is open' : last === null ? 'The customer has not written yet: send a template' : 'The 24-hour session has expired: send a template',
	};
	if (open) {
		status.minutes_remaining = Math.floor((last + SESSION_MS - now) / 60_000);
		status.expires_at = new Date(last + SESSION_MS).toISOString();
	} else if (last !== null) status.expired_at = new Date(last + SESSION_MS).toISOString();
	return { conversation: c, status };
}

const recipientRules = { sender_id: { type: 'integer', required: true }, recipient_phone: { type: 'string', required: true } } as const;

export function sessionStatus(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, recipientRules);
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const sender = ctx.app.store.chat.senderOf(ctx.user.id, values.sender_id);
	if (!sender) return notFound();
	if (sender.status !== 'online') return offline(sender);
	const phone = parsePhone(values.recipient_phone as string);
	if (!phone) return message(400, 'Invalid recipient phone number', { success: false, error: 'Invalid recipient phone number', error_code: 'INVALID_PHONE' });
	const { conversation: c, status } = session(ctx, sender, phone.e164);
	return ok({
		success: true,
		has_conversation: c !== undefined,
		...(c ? { conversation_id: c.uuid, customer_name: c.customer_name } : {}),
		...(c?.last_customer_message_at ? { last_customer_message_at: new Date(c.last_customer_message_at).toISOString() } : {}),
		session_status: status,
	});
}

function sent(ctx: RouteContext, sender: WhatsAppSender, phone: string, name: string | null, text: string, extra: Record<string, unknown> = {}): ApiResult {
	const { chat } = ctx.app.store;
	let c = chat.whatsappConversation(sender.id, phone);
	if (!c) {
		c = chat.open(ctx.user.id, sender.assistant_id, 'whatsapp', {});
		Object.assign(c, { sender_id: sender.id, customer_phone: phone, customer_name: name });
	}
	chat.say(c, 'assistant', text);
	const messageId = chat.messageId();
	// Drawn in the order the answer always drew them, so seeded answers stay the same.
	const wamid = `wamid.${hex(ctx.app.rng, 24)}`;
	const messageSid = `SM${hex(ctx.app.rng, 32)}`;
	// The sender's read receipts (if its webhook is set): sent → delivered → read, signed.
	messageSent(ctx.app, sender, { whatsapp_message_id: messageId, message_sid: messageSid, conversation_id: c.uuid, to: phone });
	return ok({
		success: true,
		conversation_id: c.uuid,
		message_id: messageId,
		// The 2026 docs: the integer that read receipts carry as whatsapp_message_id (the wamid is theirs as meta_message_id).
		whatsapp_message_id: ctx.user.generation === '2026' ? messageId : wamid,
		message_sid: messageSid,
		status: 'queued',
		...extra,
	});
}

export function sendTemplate(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		...recipientRules,
		template_id: { type: 'integer', required: true },
		recipient_name: { type: 'string', max: 255 },
		variables: { type: 'object' },
	});
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const sender = ctx.app.store.chat.senderOf(ctx.user.id, values.sender_id);
	if (!sender) return notFound();
	const template = ctx.app.store.chat.templates.find((t) => t.id === values.template_id && t.sender_id === sender.id);
	if (!template) return message(404, 'Template not found', { success: false, error: 'Template not found', error_code: 'TEMPLATE_NOT_FOUND' });
	if (sender.status !== 'online') return offline(sender);
	if (template.status !== 'approved') return ok({ success: false, error: 'Template is not approved', error_code: 'TEMPLATE_NOT_APPROVED' });
	const phone = parsePhone(values.recipient_phone as string);
	if (!phone) return message(400, 'Invalid recipient phone number', { success: false, error: 'Invalid recipient phone number', error_code: 'INVALID_PHONE' });
	const given = (values.variables as Record<string, unknown> | undefined) ?? {};
	const missing = template.variables.filter((v) => typeof given[v] !== 'string' || given[v] === '');
	if (missing.length > 0) return ok({ success: false, error: `Missing template variables: ${missing.join(', ')}`, error_code: 'MISSING_VARIABLES' });
	const text = template.body_text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(given[name] ?? ''));
	return sent(ctx, sender, phone.e164, (values.recipient_name as string | undefined) ?? null, text);
}

export function sendFreeform(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, { ...recipientRules, message: { type: 'string', required: true, max: 4096 } });
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const sender = ctx.app.store.chat.senderOf(ctx.user.id, values.sender_id);
	if (!sender) return notFound();
	if (sender.status !== 'online') return offline(sender);
	const phone = parsePhone(values.recipient_phone as string);
	if (!phone) return message(400, 'Invalid recipient phone number', { success: false, error: 'Invalid recipient phone number', error_code: 'INVALID_PHONE' });
	const { status } = session(ctx, sender, phone.e164);
	if (!status.is_open) return ok({ success: false, error: 'The 24-hour session is closed: send a template', error_code: 'SESSION_CLOSED', session_status: status });
	const text = values.message as string;
	if (text.includes(SIMULATE_FAILURE)) return ok({ success: false, error: 'WhatsApp rejected the message', error_code: 'PROVIDER_ERROR' });
	return sent(ctx, sender, phone.e164, null, text, { session_status: status });
}
