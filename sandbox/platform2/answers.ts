/**
 * The answers of the Platform 2.0 mode: the `{data, meta}` envelope and the error bodies of the
 * README (`{error: "<code>"}` for a bare condition, `{error: {code, message, …}}` where there is more
 * to say). Structurally the classic ApiResult, so the server sends both alike without this folder
 * importing it.
 */

export interface P2Answer {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
	/** bytes (binaryResponse operations) */
	raw?: { contentType: string; data: Buffer | string };
}

export const data = (value: unknown, meta?: Record<string, unknown>, status = 200): P2Answer => ({
	status,
	body: meta === undefined ? { data: value } : { data: value, meta },
});

export const errorCode = (status: number, code: string): P2Answer => ({ status, body: { error: code } });

export const errorDetail = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): P2Answer => ({
	status,
	body: { error: { code, message, ...extra } },
});

export const UNAUTHENTICATED = errorCode(401, 'unauthenticated');
export const NOT_FOUND = errorCode(404, 'not_found');
export const METHOD_NOT_ALLOWED = errorCode(405, 'method_not_allowed');
export const WHITELABEL_NOT_IN_PLAN = errorCode(403, 'whitelabel_not_in_plan');

/** 400 naming the field: the one validation answer. */
export const invalid = (field: string, problem: string): P2Answer => errorDetail(400, 'invalid_request', `${field} ${problem}`, { field });

/** The first problem of a check, or null when it passed. */
export type Problem = P2Answer | null;
