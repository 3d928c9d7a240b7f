/**
 * Where a recording may be downloaded from. The URL comes from outside (the platform's answer, or a
 * delivery to the trigger, which anyone holding its URL can send), so n8n must not be made to fetch
 * from inside its own network: loopback, private, CGNAT, link-local (cloud metadata at
 * 169.254.169.254), unique-local, unspecified, multicast and reserved addresses are refused, literal
 * or behind a host name, on every redirect hop. One exception keeps the sandbox, demos and
 * self-hosted platforms working: a recording may be on an address of a kind the credential's own API
 * host resolves to (a platform on loopback serves its recordings on loopback).
 *
 * Host names are resolved through n8n's DNS lookup (helpers.getSecureEgressFilter, n8n 2.x); a node
 * cannot resolve names itself. On an n8n without it only literal addresses and `localhost` names are
 * checked. Between the check and the download the name is resolved again (by the HTTP client), so a
 * host that answers DNS differently the second time is not caught here: n8n's own
 * N8N_SSRF_PROTECTION_ENABLED guards that connection.
 */
import { addressKind, isLocalhostName, type AddressKind } from './addresses';

export interface RecordingHostPolicy {
	/** the kinds of address the API host resolves to; any of them may serve recordings too */
	apiKinds: ReadonlySet<AddressKind>;
	/** Allowed Recording Hosts, lower case: exact names or `*.example.com`; empty means any public host */
	allowedHosts: readonly string[];
	/** n8n's DNS lookup (all addresses of a name), when this n8n offers one */
	resolve?: (host: string) => Promise<string[]>;
}

type Lookup = (host: string, options: { all: true }, callback: (error: Error | null, addresses: Array<{ address: string }>) => void) => void;
type EgressHelpers = { getSecureEgressFilter?: (policy?: 'safe' | 'enforced' | 'unsafe') => { createSecureLookup(): unknown } };

/**
 * n8n's DNS lookup. 'unsafe' hands back the plain resolver even where the instance filters egress:
 * the addresses are judged here, by the rule above, not by the instance's list.
 */
export function n8nResolver(helpers: object): RecordingHostPolicy['resolve'] {
	const getFilter = (helpers as EgressHelpers).getSecureEgressFilter;
	if (typeof getFilter !== 'function') return undefined;
	const lookup = getFilter.call(helpers, 'unsafe').createSecureLookup() as Lookup;
	return async (host) =>
		await new Promise<string[]>((resolve, reject) =>
			lookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((entry) => entry.address)))),
		);
}

/** The kinds of address a host stands for; [] when its name does not resolve (or cannot be resolved here). */
async function kindsOf(host: string, resolve: RecordingHostPolicy['resolve']): Promise<AddressKind[]> {
	const literal = addressKind(host);
	if (literal) return [literal];
	if (isLocalhostName(host)) return ['loopback'];
	if (!resolve) return [];
	try {
		return (await resolve(host)).map((address) => addressKind(address) ?? 'reserved');
	} catch {
		return []; // the download itself will say that the host does not answer
	}
}

/** The address kinds of the API host, for the exception; a name that does not resolve counts as public. */
export async function apiKindsOf(baseUrl: string, resolve: RecordingHostPolicy['resolve']): Promise<Set<AddressKind>> {
	let host: string;
	try {
		host = new URL(baseUrl).hostname;
	} catch {
		return new Set(['public']);
	}
	const kinds = await kindsOf(host, resolve);
	return new Set(kinds.length > 0 ? kinds : ['public']);
}

/** Comma- or newline-separated host names as typed, lower case, without empties. */
export function parseAllowedHosts(text: unknown): string[] {
	return String(text ?? '')
		.split(/[,\n]/)
		.map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
		.filter((host) => host !== '');
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
	const name = host.toLowerCase().replace(/\.$/, '');
	return allowed.some((entry) => (entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry));
}

const KIND_WORDS: Record<AddressKind, string> = {
	public: 'a public address',
	loopback: 'this machine (loopback)',
	private: 'a private network address',
	cgnat: 'a carrier-grade NAT address',
	'link-local': 'a link-local address (such as a cloud metadata service)',
	'unique-local': 'a unique-local IPv6 address',
	unspecified: 'an unspecified address',
	multicast: 'a multicast address',
	reserved: 'a reserved address',
};

/**
 * Why the recording may not be fetched from this URL, or undefined when it may. Says what was
 * refused, never how an internal host answered.
 */
export async function recordingHostProblem(url: URL, policy: RecordingHostPolicy): Promise<string | undefined> {
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return `it is not a web address (${url.protocol})`;
	if (url.username !== '' || url.password !== '') return 'its URL carries a user name or password';
	const host = url.hostname;
	if (policy.allowedHosts.length > 0 && !hostAllowed(host, policy.allowedHosts)) {
		return `the host ${host} is not in Allowed Recording Hosts`;
	}
	for (const kind of await kindsOf(host, policy.resolve)) {
		if (kind !== 'public' && !policy.apiKinds.has(kind)) {
			return `the host ${host} is ${KIND_WORDS[kind]}, and n8n does not fetch from inside its own network for a platform that is not there`;
		}
	}
	return undefined;
}
