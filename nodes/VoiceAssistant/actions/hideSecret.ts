import type { IDataObject } from 'n8n-workflow';

import type { Api, ApiCall } from '../engine/operation';

/**
 * Write-only values an operation sends (a SIP password, a new user's password): never in an output
 * item, even where a host echoes them back, and never in an error, whatever a host or proxy quotes.
 */

const MASK = '***';

/** A copy of the value without the given keys, at any depth. */
export function withoutKeys<T>(value: T, keys: readonly string[]): T {
	if (Array.isArray(value)) return value.map((inner: unknown) => withoutKeys(inner, keys)) as T;
	if (value === null || typeof value !== 'object') return value;
	const copy: IDataObject = {};
	for (const [key, inner] of Object.entries(value as IDataObject)) {
		if (!keys.includes(key)) copy[key] = withoutKeys(inner, keys);
	}
	return copy as T;
}

function masked(value: unknown, secret: string): unknown {
	if (typeof value === 'string') return value.split(secret).join(MASK);
	if (value === null || typeof value !== 'object') return value;
	try {
		// the secret as it appears inside JSON text (quotes and backslashes escaped)
		const inJson = JSON.stringify(secret).slice(1, -1);
		return JSON.parse(JSON.stringify(value).split(inJson).join(MASK)) as unknown;
	} catch {
		return { message: 'error details removed' };
	}
}

/**
 * Sends the request; if it fails, the secret is masked in the error, which is kept and cleaned in
 * place: it may carry the transport's marks (a write that may have happened is never sent again).
 */
export async function requestHidingSecret(api: Api, call: ApiCall, secret: string | undefined): Promise<unknown> {
	const outcome = await api.request(call).then(
		(answer) => ({ answer }),
		(error: unknown) => ({ error }),
	);
	if ('answer' in outcome) return outcome.answer;
	const { error } = outcome;
	if (secret && error !== null && typeof error === 'object') {
		const fields = error as Record<string, unknown>;
		for (const key of ['message', 'description', 'stack', 'errorResponse', 'context', 'cause', 'messages']) {
			if (fields[key] === undefined) continue;
			try {
				fields[key] = masked(fields[key], secret);
			} catch {
				// a read-only field: nothing of the request lives there
			}
		}
	}
	throw error;
}
