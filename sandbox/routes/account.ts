/** GET /user/me: the account behind the token. */
import { ok, type ApiResult, type RouteContext } from '../http';

export function getMe(ctx: RouteContext): ApiResult {
	const { name, email, balance } = ctx.user;
	return ok({ name, email, total_balance: balance });
}
