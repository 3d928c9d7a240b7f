/** The answers the router, the routes and the server build (their types live in contracts.ts). */
import type { ApiResult } from './contracts';
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
