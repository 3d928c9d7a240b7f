/** The answers the router, the routes and the server build (their types live in contracts.ts). */
import type { ApiResult, Handler } from './contracts';
import type { Generation } from './types';
import type { Errors } from './validation';

export type { ApiResult, ControlContext, ControlHandler, Handler, RouteContext } from './contracts';

export const ok = (body: unknown, status = 200): ApiResult => ({ status, body });
export const message = (status: number, text: string, extra: Record<string, unknown> = {}): ApiResult => ({
	status,
	body: { message: text, ...extra },
});
export const validationError = (errors: Errors, text = 'Validation failed'): ApiResult => ({
	status: 422,
	body: { message: text, errors },
});

/** The answer of a path this host does not route (Laravel's words). */
export const routeNotFound = (path: string): ApiResult => message(404, `The route ${path.replace(/^\//, '')} could not be found.`);

/**
 * A route that exists only on hosts of one API generation: for accounts of the other generation it
 * answers as an unrouted path does, so a client learns the request was not processed.
 */
export function onlyOn(generation: Generation, handler: Handler): Handler {
	return (ctx) => (ctx.user.generation === generation ? handler(ctx) : routeNotFound(new URL(ctx.req.url ?? '/', 'http://x').pathname));
}
