/** Shapes shared by the router, the routes and the server. */
import type { IncomingMessage } from 'node:http';
import type { SandboxApp } from './app';
import type { User } from './records';
import type { Errors } from './validation';

export interface ApiResult {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
	/** Non-JSON answers (recordings): sent as-is with this content type. */
	raw?: { contentType: string; data: Buffer | string };
}

export interface RouteContext {
	app: SandboxApp;
	/** Set on /api routes after authentication. */
	user: User;
	body: Record<string, unknown>;
	/** The parsed JSON body as sent (may be an array, false, ...). */
	rawBody: unknown;
	query: Record<string, string>;
	params: Record<string, string>;
	req: IncomingMessage;
}

export type Handler = (ctx: RouteContext) => ApiResult | Promise<ApiResult>;

/** Control routes (/sandbox/...) are not authenticated. */
export type ControlContext = Omit<RouteContext, 'user'>;
export type ControlHandler = (ctx: ControlContext) => ApiResult | Promise<ApiResult>;

export const ok = (body: unknown, status = 200): ApiResult => ({ status, body });
export const message = (status: number, text: string, extra: Record<string, unknown> = {}): ApiResult => ({
	status,
	body: { message: text, ...extra },
});
export const validationError = (errors: Errors, text = 'Validation failed'): ApiResult => ({
	status: 422,
	body: { message: text, errors },
});
