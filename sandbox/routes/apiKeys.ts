/** GET|POST /user/api-keys, DELETE /user/api-keys/{id} (Autocalls docs). */
import { apiKeyRecord } from '../apiKeys';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { isoMicros } from '../time';
import { hasErrors, validate } from '../validation';

export function listApiKeys(ctx: RouteContext): ApiResult {
	return ok({ api_keys: ctx.app.store.apiKeys.keysOf(ctx.user.id).map(apiKeyRecord) });
}

/** The token is in this answer only. */
export function createApiKey(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, { name: { type: 'string', required: true, max: 255 } });
	if (hasErrors(errors)) return validationError(errors, 'The given data was invalid.');
	const key = ctx.app.store.apiKeys.add(ctx.user.id, values.name as string);
	return ok({ message: 'API key created successfully.', api_key: { name: key.name, token: key.token, created_at: isoMicros(key.created_at) } }, 201);
}

export function deleteApiKey(ctx: RouteContext): ApiResult {
	const { apiKeys } = ctx.app.store;
	const key = apiKeys.keyOf(ctx.user.id, ctx.params.id);
	if (!key) return message(404, 'API key not found.');
	apiKeys.remove(key);
	return ok({ message: 'API key deleted successfully.' });
}
