import type { IDataObject } from 'n8n-workflow';

import type { Api, ApiCall } from '../../engine/operation';

/** The write-only key of a SIP trunk: never in an output item, even where a host echoes it back. */
const PASSWORD_KEY = 'sip_password';
const MASK = '***';

/** A copy of the record without any `sip_password` key, at any depth. */
export function withoutPassword<T>(value: T): T {
	if (Array.isArray(value)) return value.map(withoutPassword) as T;
	if (value === null || typeof value !== 'object') return value;
	const copy: IDataObject = {};
	for (const [key, inner] of Object.entries(value as IDataObject)) {
		if (key !== PASSWORD_KEY) copy[key] = withoutPassword(inner);
	}
	return copy as T;
}

function replaced(value: unknown, secret: string): unknown {
	if (typeof value === 'string') return value.split(secret).join(MASK);
	if (value === null || typeof value !== 'object') return value;
	try {
		return JSON.parse(JSON.stringify(value).split(JSON.stringify(secret).slice(1, -1)).join(MASK)) as unknown;
	} catch {
		return { message: 'error details removed' };
	}
}

/**
 * The request, with the password taken out of whatever error it ends in (a host or proxy may quote the
 * request). The error object itself is kept, cleaned in place: it may carry the transport's marks
 * (a write that may have happened must not be sent again by Retry On Fail).
 */
export async function requestHidingPassword(api: Api, call: ApiCall): Promise<unknown> {
	const secret = typeof call.body?.sip_password === 'string' ? call.body.sip_password : undefined;
	const outcome = await api.request(call).then(
		(answer) => ({ answer }),
		(error: unknown) => ({ error }),
	);
	if ('answer' in outcome) return outcome.answer;
	const { error } = outcome;
	if (secret && error !== null && typeof error === 'object') {
		const fields = error as Record<string, unknown>;
		for (const key of ['message', 'description', 'stack', 'errorResponse', 'context', 'cause', 'messages']) {
			if (fields[key] !== undefined) {
				try {
					fields[key] = replaced(fields[key], secret);
				} catch {
					// a read-only field: nothing of the request lives there
				}
			}
		}
	}
	throw error;
}
