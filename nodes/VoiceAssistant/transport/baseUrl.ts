/**
 * The Base URL rule shared by every request and the credential test: plain http:// sends the API
 * token readable by anyone on the path, so it is refused unless the host is this machine (the local
 * sandbox) or the user switched on "Allow Unencrypted HTTP" in the credential.
 */

/** Loopback hosts: traffic to them never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why the Base URL may not be used, or undefined when it may. */
export function baseUrlProblem(baseUrl: string, allowUnencryptedHttp: unknown): string | undefined {
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return `The credential's Base URL is not a valid URL (got "${baseUrl.slice(0, 100)}")`;
	}
	if (url.protocol === 'https:') return undefined;
	if (url.protocol !== 'http:') return `The credential's Base URL must start with https:// (got ${url.protocol}//)`;
	if (allowUnencryptedHttp === true || isLoopbackHost(url.hostname)) return undefined;
	return `The credential's Base URL uses plain http:// for ${url.hostname}, which would send the API token unencrypted: use https://, or switch on "Allow Unencrypted HTTP" in the credential if this network is trusted`;
}
