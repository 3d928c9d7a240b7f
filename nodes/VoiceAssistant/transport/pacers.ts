/**
 * One pacer per credential, for the whole process: every execution and parallel lane that uses a
 * token shares its budget. Keys hold the base URL and a short hash of the token, never the token.
 */
import { createHash } from 'node:crypto';

import { Pacer } from './pacer';

const pacers = new Map<string, Pacer>();

/** Base URL + a short hash of the token: safe to show, distinct per credential. */
export function credentialKey(baseUrl: string, token: string): string {
	return `${baseUrl.replace(/\/+$/, '')}#${tokenHash(token)}`;
}

let lastToken: { token: string; hash: string } | undefined;

/** Most runs use one token for many requests: hash it once. */
function tokenHash(token: string): string {
	if (lastToken?.token !== token) {
		lastToken = { token, hash: createHash('sha256').update(token).digest('hex').slice(0, 16) };
	}
	return lastToken.hash;
}

export function pacerFor(key: string): Pacer {
	let pacer = pacers.get(key);
	if (!pacer) {
		pacer = new Pacer();
		pacers.set(key, pacer);
	}
	return pacer;
}

/** Forget everything learned (tests start from a clean slate). */
export function resetPacers(): void {
	pacers.clear();
}
