/**
 * Chat assistants: POST /ai/generate-reply, POST /conversations, GET /conversations/{uuid},
 * POST /conversations/{uuid}/messages and GET /user/conversations (cursor paging). Refusals the
 * platform gives inside an HTTP 200 answer `success: false` / `status: false` with `error`.
 */
import type { Conversation } from '../chat';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { parsePhone } from '../phone';
import { hasErrors, validate } from '../validation';
import { SIMULATE_FAILURE } from './assistants';

const INVALID = 'The given data was invalid.';

function assistantFor(ctx: RouteContext, id: unknown) {
	return ctx.app.store.assistantOf(ctx.user.id, id);
}

export function generateReply(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		assistant_id: { type: 'integer', required: true },
		customer_identifier: { type: 'string', required: true, max: 255 },
		message: { type: 'string', required: true, max: 10000 },
		variables: { type: 'object' },
	});
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const assistant = assistantFor(ctx, values.assistant_id);
	if (!assistant) return message(404, 'Assistant not found', { success: false, error: 'Assistant not found', error_code: 'ASSISTANT_NOT_FOUND' });
	const identifier = values.customer_identifier as string;
	const text = values.message as string;
	if (text.includes(SIMULATE_FAILURE)) {
		return ok({ success: false, customer_identifier: identifier, error: 'The AI provider did not answer', error_code: 'AI_PROVIDER_ERROR' });
	}
	const { chat } = ctx.app.store;
	let c = chat.conversations.find(
		(x) => x.user_id === ctx.user.id && x.assistant_id === assistant.id && x.type === 'api' && x.external_identifier === identifier && x.status === 'active',
	);
	if (!c) {
		c = chat.open(ctx.user.id, assistant.id, 'api', (values.variables as Record<string, unknown>) ?? {});
		c.external_identifier = identifier;
	} else if (values.variables) Object.assign(c.variables, values.variables);
	if (!c.ai_enabled) {
		chat.say(c, 'user', text);
		return ok({ success: true, conversation_id: c.uuid, customer_identifier: identifier, reply: null, ai_disabled: true });
	}
	const reply = chat.reply(c, assistant, text);
	return ok({ success: true, conversation_id: c.uuid, customer_identifier: identifier, reply, function_calls: [] });
}

export function createConversation(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		assistant_id: { type: 'integer', required: true },
		type: { type: 'string', in: ['widget', 'test'] },
		variables: { type: 'object' },
	});
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const assistant = assistantFor(ctx, values.assistant_id);
	if (!assistant) return ok({ status: false, error: 'Assistant not found' }, 404);
	if (assistant.status !== 'active') return ok({ status: false, error: 'The assistant is not active' });
	const type = (values.type as 'widget' | 'test' | undefined) ?? 'widget';
	const c = ctx.app.store.chat.open(ctx.user.id, assistant.id, type, (values.variables as Record<string, unknown>) ?? {}, Date.now(), assistant.initial_message);
	return ok({ status: true, conversation_id: c.uuid, history: history(c) });
}

function history(c: Conversation) {
	return c.messages.map((m) => ({ role: m.role, content: m.content, ...(m.function_calls ? { function_calls: m.function_calls } : {}) }));
}

/** The conversation of the path, or the answer that says why not. */
function ownConversation(ctx: RouteContext): { c: Conversation } | { refused: ApiResult } {
	const c = ctx.app.store.chat.conversationOf(ctx.user.id, ctx.params.uuid);
	if (!c) return { refused: ok({ status: false, error: 'Conversation not found' }, 404) };
	if (!ctx.app.store.assistantOf(ctx.user.id, c.assistant_id)) {
		return { refused: ok({ status: false, error: 'The assistant of this conversation no longer exists' }) };
	}
	return { c };
}

export function getConversation(ctx: RouteContext): ApiResult {
	const found = ownConversation(ctx);
	return 'refused' in found ? found.refused : ok({ status: true, history: history(found.c) });
}

export function sendMessage(ctx: RouteContext): ApiResult {
	const found = ownConversation(ctx);
	if ('refused' in found) return found.refused;
	const { c } = found;
	const { errors, values } = validate(ctx.body, { message: { type: 'string', required: true, max: 10000 } });
	if (hasErrors(errors)) return validationError(errors, INVALID);
	if (c.status === 'ended') return ok({ status: false, error: 'This conversation has ended' });
	const text = values.message as string;
	if (text.includes(SIMULATE_FAILURE)) return ok({ status: false, error: 'The AI provider did not answer' });
	const assistant = ctx.app.store.assistantOf(ctx.user.id, c.assistant_id)!;
	if (!c.ai_enabled) {
		ctx.app.store.chat.say(c, 'user', text);
		return ok({ status: true, message: null });
	}
	return ok({ status: true, message: ctx.app.store.chat.reply(c, assistant, text), function_calls: [] });
}

const encode = (kind: 'n' | 'p', id: number) => Buffer.from(`${kind}:${id}`).toString('base64url');

function decode(cursor: string): { kind: 'n' | 'p'; id: number } | undefined {
	const m = /^([np]):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
	return m ? { kind: m[1] as 'n' | 'p', id: Number(m[2]) } : undefined;
}

export function listConversations(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, {
		type: { type: 'string', in: ['test', 'widget', 'whatsapp', 'api'] },
		assistant_id: { type: 'integer' },
		customer_phone: { type: 'string' },
		whatsapp_sender_phone: { type: 'string' },
		external_identifier: { type: 'string', max: 255 },
		per_page: { type: 'integer', between: [1, 100] },
		cursor: { type: 'string' },
	});
	const cursor = typeof values.cursor === 'string' ? decode(values.cursor) : undefined;
	if (values.cursor !== undefined && !cursor) (errors.cursor ??= []).push('The cursor is invalid.');
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const { store } = ctx.app;
	const phone = (v: unknown) => (typeof v === 'string' ? (parsePhone(v)?.e164 ?? v) : undefined);
	const customer = phone(values.customer_phone);
	const senderPhone = phone(values.whatsapp_sender_phone);
	const matching = store.chat.conversations
		.filter((c) => c.user_id === ctx.user.id)
		.filter((c) => values.type === undefined || c.type === values.type)
		.filter((c) => values.assistant_id === undefined || c.assistant_id === values.assistant_id)
		.filter((c) => customer === undefined || c.customer_phone === customer)
		.filter((c) => values.external_identifier === undefined || c.external_identifier === values.external_identifier)
		.filter((c) => senderPhone === undefined || store.chat.senders.find((s) => s.id === c.sender_id)?.phone_number === senderPhone)
		.sort((a, b) => b.id - a.id);
	const perPage = (values.per_page as number | undefined) ?? 15;
	let page: Conversation[];
	if (cursor?.kind === 'p') page = matching.filter((c) => c.id > cursor.id).slice(-perPage);
	else page = matching.filter((c) => cursor === undefined || c.id < cursor.id).slice(0, perPage);
	const last = page.at(-1);
	const first = page[0];
	const hasNext = last !== undefined && matching.some((c) => c.id < last.id);
	const hasPrev = first !== undefined && matching.some((c) => c.id > first.id);
	return ok({
		data: page.map((c) => listRecord(ctx, c)),
		per_page: perPage,
		next_cursor: hasNext ? encode('n', last.id) : null,
		prev_cursor: hasPrev ? encode('p', first.id) : null,
	});
}

function listRecord(ctx: RouteContext, c: Conversation) {
	const assistant = ctx.app.store.assistants.find((a) => a.id === c.assistant_id);
	const sender = ctx.app.store.chat.senders.find((s) => s.id === c.sender_id);
	return {
		id: c.uuid,
		assistant_id: c.assistant_id,
		assistant_name: assistant?.name ?? null,
		type: c.type,
		variables: c.variables,
		...(c.external_identifier !== null ? { external_identifier: c.external_identifier } : {}),
		message_count: c.messages.length,
		total_cost: c.total_cost,
		ai_enabled: c.ai_enabled,
		created_at: new Date(c.created_at).toISOString(),
		updated_at: new Date(c.updated_at).toISOString(),
		...(sender ? { whatsapp_sender: { name: sender.display_name, phone: sender.phone_number } } : {}),
		...(c.customer_phone ? { customer: { name: c.customer_name, phone: c.customer_phone } } : {}),
	};
}

/** POST /automate/conversations/{uuid}/disable-ai | enable-ai (2026 docs): human takeover. */
export function setConversationAi(enabled: boolean) {
	return (ctx: RouteContext): ApiResult => {
		const c = ctx.app.store.chat.conversationOf(ctx.user.id, ctx.params.uuid);
		if (!c) return ok({ status: false, error: 'Conversation not found' }, 404);
		c.ai_enabled = enabled;
		return ok({ status: true, ai_enabled: enabled });
	};
}
