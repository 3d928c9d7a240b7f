/**
 * The white-label admin API (Autocalls docs; paths under /white-label, not /user): GET /white-label/users,
 * POST /white-label/register, /white-label/token, /white-label/transfer. Only a reseller's token may
 * use them (403 otherwise); a reseller sees and changes only the users it registered. Login is not
 * simulated: the node does not offer it (it trades a user's password for a token).
 */
import { randomBytes } from 'node:crypto';

import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import type { User } from '../records';
import { isoMicros } from '../time';
import { hasErrors, validate, type Rules } from '../validation';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FORBIDDEN = 'This action is unauthorized. White label admin access required.';

function asAdmin(ctx: RouteContext, handler: (ctx: RouteContext) => ApiResult): ApiResult {
	return ctx.app.store.whiteLabel.isAdmin(ctx.user.id) ? handler(ctx) : message(403, FORBIDDEN);
}

const userSummary = (user: User) => ({ id: user.id, name: user.name, email: user.email });

export const listWhiteLabelUsers = (ctx: RouteContext): ApiResult =>
	asAdmin(ctx, () => {
		const { store } = ctx.app;
		const data = store.whiteLabel.clientsOf(ctx.user.id).flatMap((client) => {
			const user = store.user(client.user_id);
			return user ? [{ ...userSummary(user), ...store.whiteLabel.balances(user.id), created_at: isoMicros(client.created_at) }] : [];
		});
		return ok({ data });
	});

export const registerWhiteLabelUser = (ctx: RouteContext): ApiResult =>
	asAdmin(ctx, () => {
		const { store } = ctx.app;
		const { errors, values } = validate(ctx.body, {
			name: { type: 'string', required: true, max: 255 },
			email: { type: 'string', required: true, max: 255, regex: EMAIL },
			password: { type: 'string', required: true },
			timezone: { type: 'timezone' },
		});
		if (typeof values.password === 'string' && values.password.length < 8) (errors.password ??= []).push('The password field must be at least 8 characters.');
		if (typeof values.email === 'string' && store.users.some((u) => u.email.toLowerCase() === (values.email as string).toLowerCase())) {
			(errors.email ??= []).push('The email has already been taken.');
		}
		if (hasErrors(errors)) return validationError(errors, 'The given data was invalid.');
		const id = store.users.reduce((max, u) => Math.max(max, u.id), 0) + 1;
		const user: User = {
			id,
			name: values.name as string,
			email: values.email as string,
			token: `${id}|${randomBytes(20).toString('hex')}`,
			readOnlyTokens: [],
			balance: 0,
			generation: ctx.user.generation,
		};
		store.users.push(user);
		store.whiteLabel.addClient({ user_id: id, reseller_id: ctx.user.id, timezone: (values.timezone as string | undefined) ?? 'Europe/Bucharest', created_at: Date.now() });
		return ok({ message: 'Registration successful.', user: userSummary(user), token: user.token }, 201);
	});

/** One of the reseller's users by user_id or email; the answer to send when there is none. */
function findClient(ctx: RouteContext): { user: User } | { refusal: ApiResult } {
	const { store } = ctx.app;
	const rules: Rules = { user_id: { type: 'integer' }, email: { type: 'string', regex: EMAIL } };
	const { errors, values } = validate(ctx.body, rules);
	if (values.user_id === undefined && values.email === undefined && !hasErrors(errors)) {
		errors.user_id = ['The user id field is required when email is not present.'];
	}
	if (hasErrors(errors)) return { refusal: validationError(errors, 'The given data was invalid.') };
	const user =
		values.user_id !== undefined
			? store.user(values.user_id as number)
			: store.users.find((u) => u.email.toLowerCase() === (values.email as string).toLowerCase());
	if (!user || !store.whiteLabel.clientOf(ctx.user.id, user.id)) return { refusal: message(404, 'User not found.') };
	return { user };
}

export const createWhiteLabelToken = (ctx: RouteContext): ApiResult =>
	asAdmin(ctx, () => {
		const found = findClient(ctx);
		if ('refusal' in found) return found.refusal;
		const { errors, values } = validate(ctx.body, { token_name: { type: 'string', max: 255 } });
		if (hasErrors(errors)) return validationError(errors, 'The given data was invalid.');
		const tokenName = (values.token_name as string | undefined) ?? 'api-token';
		const key = ctx.app.store.apiKeys.add(found.user.id, tokenName);
		return ok({ message: 'Token created successfully.', user: userSummary(found.user), token: key.token, token_name: tokenName });
	});

export const transferWhiteLabelBalance = (ctx: RouteContext): ApiResult =>
	asAdmin(ctx, () => {
		const { errors, values } = validate(ctx.body, {
			transfer_type: { type: 'string', required: true, in: ['minutes', 'credits'] },
			operation: { type: 'string', required: true, in: ['add', 'remove'] },
			amount: { type: 'number', required: true },
		});
		if (typeof values.amount === 'number' && values.amount <= 0) (errors.amount ??= []).push('The amount field must be greater than 0.');
		if (hasErrors(errors)) return validationError(errors, 'The given data was invalid.');
		const found = findClient(ctx);
		if ('refusal' in found) return found.refusal;
		const { whiteLabel } = ctx.app.store;
		const type = values.transfer_type as 'minutes' | 'credits';
		const operation = values.operation as 'add' | 'remove';
		const amount = values.amount as number;
		const refusal = whiteLabel.transfer(ctx.user.id, found.user.id, type, operation, amount);
		if (refusal) return message(400, refusal);
		return ok({
			message: 'Transfer completed successfully.',
			transfer: { type, operation, amount },
			user: { id: found.user.id, email: found.user.email, name: found.user.name, ...whiteLabel.balances(found.user.id) },
			your_balance: { minutes: whiteLabel.balances(ctx.user.id).minutes_balance },
		});
	});
