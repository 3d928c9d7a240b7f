/**
 * Everything the platform (or a proxy in front of it) sends back can end up in an error that n8n
 * stores with the execution and shows to everyone who can open it. So every such string is cut to
 * about 1 KB and has the API token replaced: a proxy that echoes the request headers must not turn
 * an error into a copy of the credential.
 */
import type { JsonObject } from 'n8n-workflow';

import { maskSecretValues } from '../shared/maskSecrets';

/** Longest platform-supplied text kept in an error's description or body (characters). */
export const MAX_ERROR_TEXT = 1024;
/** The message is a title, and n8n stores it twice (message and stack): kept shorter. */
export const MAX_ERROR_MESSAGE = 300;
/** The raw body kept beside the description (which already quotes the readable part). */
export const MAX_ERROR_BODY = 256;

const MASK = '***';

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces `Bearer <token>`, the bare token and every `secret=` value (a trigger's delivery secret in
 * a URL the platform quotes back) by ***. Tokens shorter than 4 characters are not searched (they
 * would mask ordinary words).
 */
export function redactToken(text: string, token: string | undefined): string {
	let result = maskSecretValues(text);
	if (token && token.length >= 4) {
		const escaped = escapeRegExp(token);
		result = result.replace(new RegExp(`Bearer\\s+${escaped}`, 'gi'), `Bearer ${MASK}`).split(token).join(MASK);
	}
	// Any other bearer value a proxy echoes (a header from another hop) is no business of the error either.
	return result.replace(/\bBearer\s+(?!\*\*\*)[A-Za-z0-9._~+/=-]{8,}/g, `Bearer ${MASK}`);
}

/** Cuts text longer than `max` and says how long it was: "…(2097152 bytes)". */
export function cutText(text: string, max = MAX_ERROR_TEXT): string {
	if (text.length <= max) return text;
	return `${text.slice(0, max)}… (${Buffer.byteLength(text, 'utf8')} bytes)`;
}

/** Redacted first, then cut: a token straddling the cut must not leave half of itself behind. */
export function cleanText(text: string, token: string | undefined, max = MAX_ERROR_TEXT): string {
	return cutText(redactToken(text, token), max);
}

/**
 * The response object an error keeps (n8n stores it as the error's `errorResponse`): small ones keep
 * their shape with every string redacted; large ones become `{ body: <cut text> }` (MAX_ERROR_BODY characters).
 */
export function cleanResponse(response: JsonObject, token: string | undefined): JsonObject {
	let json: string;
	try {
		json = JSON.stringify(response) ?? '';
	} catch {
		return { body: '(unreadable)' };
	}
	const redacted = redactToken(json, token);
	if (redacted.length <= MAX_ERROR_BODY) {
		try {
			return JSON.parse(redacted) as JsonObject;
		} catch {
			// The mask landed inside an escape sequence: fall back to the text form.
		}
	}
	return { body: cutText(redacted, MAX_ERROR_BODY) };
}
