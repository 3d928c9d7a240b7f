/**
 * An MCP server as a Platform 2.0 tool (createTool type `mcp`, discoverTool): where it may be, how its
 * secret is sent, and the functions the platform found on it. The catalogue leaves createTool's body
 * open and names only `config` (an object) for discoverTool; the config here is our reading, the same
 * shape as an `api` tool's (docs/platform2.md, "Tools → Connect MCP Server"): `{url, headers: [{name, value}]}`.
 */
import type { IDataObject } from 'n8n-workflow';

import { addressKind, isLocalhostName } from '../../../shared/addresses';
import { isObject } from '../../../shared/objects';
import { shown } from '../../../shared/validate';
import { dataOf } from './toolSets';

export type McpAuthentication = 'bearerAuth' | 'headerAuth' | 'none';

/** Fails naming the field, e.g. fail('MCP Server URL', 'must be …'). */
type FailAt = (field: string, problem: string) => Error;

/**
 * Names no one outside the network can resolve: a single label (`n8n`, `n8n:5678`) and the suffixes
 * reserved or customary for private networks (RFC 6762 .local, RFC 8375 .home.arpa, .internal, .lan…).
 */
const PRIVATE_SUFFIXES = ['.local', '.internal', '.lan', '.home.arpa', '.intranet', '.corp', '.private', '.localdomain'];

/**
 * The URL the platform is to call: http or https, to a host the platform can reach from the internet.
 * A loopback, private or other non-public address, or a name of a private network, would point the
 * platform at its own machines (or nowhere): refused before anything is sent. Host names are judged
 * by their spelling only (no DNS here: every check runs before anything is sent).
 */
export function checkMcpUrl(value: unknown, fail: FailAt): string {
	const field = 'MCP Server URL';
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw fail(field, "is required: paste the Production URL of n8n's MCP Server Trigger");
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw fail(field, `is not a URL (got ${shown(text)})`);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail(field, `must start with https:// (got ${url.protocol.replace(/:$/, '')})`);
	if (url.username !== '' || url.password !== '') throw fail(field, 'must not carry a user name or password: put the secret in Secret');
	const host = url.hostname.toLowerCase();
	const kind = addressKind(host);
	if (isLocalhostName(host) || (kind !== undefined && kind !== 'public')) {
		throw fail(field, `points at ${isLocalhostName(host) ? 'loopback' : kind} address ${host}, which the platform cannot reach: use the URL n8n is reachable at from the internet`);
	}
	if (kind === undefined && (!host.includes('.') || PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix)))) {
		throw fail(field, `names ${host}, a host of a private network the platform cannot reach: use the URL n8n is reachable at from the internet`);
	}
	return url.href;
}

/** The same server: URLs compared as the URL standard writes them, a trailing slash ignored. */
export function sameMcpUrl(a: unknown, b: string): boolean {
	if (typeof a !== 'string') return false;
	try {
		const trim = (href: string) => href.replace(/\/+$/, '');
		return trim(new URL(a.trim()).href) === trim(new URL(b).href);
	} catch {
		return false;
	}
}

/** The header the secret is sent in: `Authorization: Bearer …` (Bearer Auth) or the header named (Header Auth). */
export function secretHeader(authentication: McpAuthentication, headerName: string, secret: string): Array<{ name: string; value: string }> {
	if (authentication === 'none') return [];
	return authentication === 'bearerAuth' ? [{ name: 'Authorization', value: `Bearer ${secret}` }] : [{ name: headerName, value: secret }];
}

/** The config createTool and discoverTool take for an MCP server. */
export function mcpConfig(url: string, headers: Array<{ name: string; value: string }>): IDataObject {
	return { url, headers };
}

export interface McpFunction {
	name: string;
	description: string;
}

/**
 * The functions discoverTool found: `data.functions`, else `data.tools` (MCP's own word), else `data` as
 * a list; each with its name and description (the schema of its arguments is the platform's business).
 */
export function functionsOf(answer: unknown): McpFunction[] {
	const data = dataOf(answer);
	const list = Array.isArray(data) ? data : isObject(data) ? (Array.isArray(data.functions) ? data.functions : Array.isArray(data.tools) ? data.tools : []) : [];
	return list
		.filter(isObject)
		.filter((entry) => typeof entry.name === 'string' && entry.name !== '')
		.map((entry) => ({ name: String(entry.name), description: typeof entry.description === 'string' ? entry.description : '' }));
}
