/**
 * Where the credential's requests go, whether they may go there, and which pacer they share: the one
 * rule, used by every request (transport/target.ts), by the credential's `authenticate` (so the Test
 * button decides exactly as the node does) and by the wait poller.
 *
 * Which URL: the credential's Platform names a host (Famulor and its white-label hosts), or is
 * "Custom URL", which uses the Base URL field. Custom URL is the Platform's default on purpose:
 * credentials saved before the Platform field existed hold only `baseUrl`, n8n fills a missing key
 * with its default when it decrypts a credential, and drops fields hidden by displayOptions. With any
 * other default their Base URL (a white-label host, a local sandbox) would vanish and the token would
 * go to Famulor instead.
 *
 * Whether: plain http:// sends the API token readable by anyone on the path, so it is refused unless
 * the host is this machine (the local sandbox) or the user switched on "Allow Unencrypted HTTP". A
 * user name or password in the URL (`https://user@host`) is refused: the token would go to whatever
 * host follows the `@`, which a reader of the URL easily takes for the user part.
 */
import { createHash } from 'node:crypto';

import { addressKind, isLocalhostName } from './addresses';


/** The Platform option that uses the Base URL field. */
export const CUSTOM_PLATFORM = 'custom';

/** Hosts that serve the same API under their own name (docs/platform-facts.md, "Base URL and white-label hosts"). */
export const PLATFORMS = [
	{ name: 'Famulor', value: 'famulor', baseUrl: 'https://app.famulor.de/api' },
	{ name: 'Sondos AI', value: 'sondosAi', baseUrl: 'https://app.sondos-ai.com/api' },
	{ name: 'Autocalls', value: 'autocalls', baseUrl: 'https://app.autocalls.ai/api' },
] as const;

/** The Base URL field's default: the production host. */
export const DEFAULT_BASE_URL = PLATFORMS[0].baseUrl;

/** Base URL per named Platform, for lookups by the stored value. */
export const PLATFORM_BASE_URLS: Readonly<Record<string, string>> = Object.fromEntries(
	PLATFORMS.map((platform) => [platform.value, platform.baseUrl]),
);

/**
 * The one rule for the URL a credential's requests go to: a named Platform's host, otherwise (Custom
 * URL, or no Platform stored) the Base URL field, trimmed and without trailing slashes.
 */
export function effectiveBaseUrl(credentials: { platform?: unknown; baseUrl?: unknown }): string {
	const platform = typeof credentials.platform === 'string' ? credentials.platform : '';
	if (Object.prototype.hasOwnProperty.call(PLATFORM_BASE_URLS, platform)) return PLATFORM_BASE_URLS[platform];
	return String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
}

/** Loopback hosts: traffic to them never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
	return isLocalhostName(hostname) || addressKind(hostname) === 'loopback';
}

/** Credential fields the URL rule reads. */
export interface PlatformCredentials {
	platform?: unknown;
	baseUrl?: unknown;
	allowUnencryptedHttp?: unknown;
	apiToken?: unknown;
}

/**
 * Why the Base URL may not be used, or undefined when it may. Parsed as a browser would (the URL
 * standard drops tabs and newlines anywhere in it, so `ht<TAB>tp://` is http://), never matched as text.
 */
export function baseUrlProblem(baseUrl: string, allowUnencryptedHttp: unknown): string | undefined {
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return `The credential's Base URL is not a valid URL (got "${baseUrl.slice(0, 100)}")`;
	}
	if (url.username !== '' || url.password !== '') {
		return `The credential's Base URL contains a user name or password before "@" (host ${url.hostname}): remove it, the API token is the only credential the platform needs`;
	}
	if (url.protocol === 'https:') return undefined;
	if (url.protocol !== 'http:') return `The credential's Base URL must start with https:// (got ${url.protocol}//)`;
	if (allowUnencryptedHttp === true || isLoopbackHost(url.hostname)) return undefined;
	return `The credential's Base URL uses plain http:// for ${url.hostname}, which would send the API token unencrypted: use https://, or switch on "Allow Unencrypted HTTP" in the credential if this network is trusted`;
}

/** The URL rule for a whole credential: where its requests go, or why they may not. */
export function platformTarget(credentials: PlatformCredentials): { baseUrl: string; problem?: string } {
	const baseUrl = effectiveBaseUrl(credentials);
	return { baseUrl, problem: baseUrlProblem(baseUrl, credentials.allowUnencryptedHttp) };
}

let lastToken: { token: string; hash: string } | undefined;

/** Most runs use one token for many requests: hash it once. */
function tokenHash(token: string): string {
	if (lastToken?.token !== token) {
		lastToken = { token, hash: createHash('sha256').update(token).digest('hex').slice(0, 16) };
	}
	return lastToken.hash;
}

/**
 * The key of everything kept per credential (the pacer, the wait poller): the effective Base URL plus
 * a short hash of the token. Safe to show, never the token; equal for credentials that reach the same
 * account on the same host.
 */
export function credentialKey(baseUrl: string, token: string): string {
	return `${baseUrl.replace(/\/+$/, '')}#${tokenHash(token)}`;
}
