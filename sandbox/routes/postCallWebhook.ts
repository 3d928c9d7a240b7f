/**
 * POST /user/assistants/enable-webhook {assistant_id, webhook_url} and /disable-webhook {assistant_id}:
 * the post-call notification switched on or off without a full assistant update (platform facts).
 */
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { hasErrors, validate } from '../validation';

const INVALID = 'The given data was invalid.';

export function enablePostCallWebhook(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		assistant_id: { type: 'integer', required: true },
		webhook_url: { type: 'url', required: true },
	});
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const assistant = ctx.app.store.assistantOf(ctx.user.id, values.assistant_id);
	if (!assistant) return message(404, 'Assistant not found');
	assistant.webhook_url = values.webhook_url as string;
	assistant.is_webhook_active = true;
	assistant.updated_at = Date.now();
	return ok({ message: 'Webhook enabled successfully', data: [] });
}

export function disablePostCallWebhook(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, { assistant_id: { type: 'integer', required: true } });
	if (hasErrors(errors)) return validationError(errors, INVALID);
	const assistant = ctx.app.store.assistantOf(ctx.user.id, values.assistant_id);
	if (!assistant) return message(404, 'Assistant not found');
	assistant.is_webhook_active = false;
	assistant.webhook_url = null;
	assistant.updated_at = Date.now();
	return ok({ message: 'Webhook disabled successfully', data: [] });
}
