/**
 * The endpoints that switch one of an assistant's notifications on ({assistant_id, webhook_url}) or
 * off ({assistant_id}): inbound calls (the reference), post-call and conversation-ended (platform
 * facts). Same validation, 404 and answer shape for all three; only the fields they set differ.
 */
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import type { Assistant } from '../records';
import { hasErrors, validate } from '../validation';

const INVALID = 'The given data was invalid.';

interface Switch {
	on(assistant: Assistant, url: string): void;
	off(assistant: Assistant): void;
	enabled: string;
	disabled: string;
}

function webhookSwitch({ on, off, enabled, disabled }: Switch) {
	const find = (ctx: RouteContext, withUrl: boolean) => {
		const { errors, values } = validate(ctx.body, {
			assistant_id: { type: 'integer', required: true },
			...(withUrl ? { webhook_url: { type: 'url', required: true } } : {}),
		});
		if (hasErrors(errors)) return { error: validationError(errors, INVALID) };
		const assistant = ctx.app.store.assistantOf(ctx.user.id, values.assistant_id);
		if (!assistant) return { error: message(404, 'Assistant not found') };
		return { assistant, url: values.webhook_url as string };
	};
	const done = (assistant: Assistant, text: string): ApiResult => {
		assistant.updated_at = Date.now();
		return ok({ message: text, data: [] });
	};
	return {
		enable(ctx: RouteContext): ApiResult {
			const found = find(ctx, true);
			if (found.error) return found.error;
			on(found.assistant, found.url);
			return done(found.assistant, enabled);
		},
		disable(ctx: RouteContext): ApiResult {
			const found = find(ctx, false);
			if (found.error) return found.error;
			off(found.assistant);
			return done(found.assistant, disabled);
		},
	};
}

const inbound = webhookSwitch({
	on: (a, url) => void (a.inbound_webhook_url = url),
	off: (a) => void (a.inbound_webhook_url = null),
	enabled: 'Webhook enabled successfully',
	disabled: 'Inbound webhook disabled successfully',
});

const postCall = webhookSwitch({
	on: (a, url) => {
		a.webhook_url = url;
		a.is_webhook_active = true;
	},
	off: (a) => {
		a.is_webhook_active = false;
		a.webhook_url = null;
	},
	enabled: 'Webhook enabled successfully',
	disabled: 'Webhook disabled successfully',
});

const conversationEnded = webhookSwitch({
	on: (a, url) => void (a.conversation_ended_webhook_url = url),
	off: (a) => void (a.conversation_ended_webhook_url = null),
	enabled: 'Conversation ended webhook enabled successfully',
	disabled: 'Conversation ended webhook disabled successfully',
});

export const enableInboundWebhook = inbound.enable;
export const disableInboundWebhook = inbound.disable;
export const enablePostCallWebhook = postCall.enable;
export const disablePostCallWebhook = postCall.disable;
export const enableConversationEndedWebhook = conversationEnded.enable;
export const disableConversationEndedWebhook = conversationEnded.disable;
