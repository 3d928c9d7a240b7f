/**
 * Platform 2.0's URL rule: the credential names an origin (Famulor's, or a white-label custom domain
 * that serves the same `/api/v1` paths), and every request goes to `<origin>/api/v1`.
 *
 * Refused, before anything is sent: plain http:// (the key would travel readable), a user name or
 * password before "@" (the key would go to whatever host follows it), a port, a query or fragment, and
 * a path other than `/api/v1` (a path means the user pasted another URL than the origin). The one
 * exception is this machine (a local sandbox), which may use http:// and a port, as the classic rule allows.
 */
import { isLoopbackHost } from './platforms';

export const PLATFORM2_CREDENTIAL_TYPE = 'voiceAssistantPlatform2Api';
export const DEFAULT_PLATFORM2_ORIGIN = 'https://app.famulor.io';
export const PLATFORM2_API_PREFIX = '/api/v1';

/** Where a Platform 2.0 credential's requests go (`<origin>/api/v1`), or why they may not. */
export function platform2Target(credentials: { origin?: unknown }): { baseUrl: string; problem?: string } {
	const typed = String(credentials.origin ?? '').trim();
	let url: URL;
	try {
		url = new URL(typed);
	} catch {
		return { baseUrl: '', problem: `The credential's Origin is not a valid URL (got "${typed.slice(0, 100)}"): use e.g. ${DEFAULT_PLATFORM2_ORIGIN}` };
	}
	const local = isLoopbackHost(url.hostname);
	const baseUrl = `${url.protocol}//${url.host}${PLATFORM2_API_PREFIX}`;
	if (url.username !== '' || url.password !== '') {
		return { baseUrl, problem: `The credential's Origin contains a user name or password before "@" (host ${url.hostname}): remove it, the API key is the only credential the platform needs` };
	}
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
		return { baseUrl, problem: `The credential's Origin must start with https:// (got ${url.protocol}//${url.host}): the API key would otherwise travel unencrypted` };
	}
	if (url.port !== '' && !local) return { baseUrl, problem: `The credential's Origin must not name a port (got :${url.port}): use the host only, e.g. ${DEFAULT_PLATFORM2_ORIGIN}` };
	const path = url.pathname.replace(/\/+$/, '');
	if ((path !== '' && path !== PLATFORM2_API_PREFIX) || url.search !== '' || url.hash !== '') {
		return { baseUrl, problem: `The credential's Origin must be the host only, without a path, query or fragment (got "${typed.slice(0, 100)}"): use e.g. ${DEFAULT_PLATFORM2_ORIGIN}` };
	}
	return { baseUrl };
}
