/** IP address checks without node:net (node code may import only n8n-workflow and node:crypto). */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9A-Fa-f]{1,4}$/;

export function isIPv4(text: string): boolean {
	return IPV4.test(text);
}

/** An IPv6 address as RFC 4291 writes it: eight groups, one `::`, an IPv4 tail allowed; no zone, no prefix. */
export function isIPv6(text: string): boolean {
	if (!text.includes(':')) return false;
	const halves = text.split('::');
	if (halves.length > 2) return false;
	const groups = (part: string) => (part === '' ? [] : part.split(':'));
	const head = groups(halves[0]);
	const tail = halves.length === 2 ? groups(halves[1]) : [];
	const all = [...head, ...tail];
	let width = all.length;
	const last = all[all.length - 1];
	if (last !== undefined && last.includes('.')) {
		if (!isIPv4(last)) return false;
		all.pop();
		width += 1; // an IPv4 tail takes two groups
	}
	if (!all.every((group) => HEXTET.test(group))) return false;
	return halves.length === 2 ? width <= 7 : width === 8;
}

export function isIpAddress(text: string): boolean {
	return isIPv4(text) || isIPv6(text);
}

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A host name (letters, digits, hyphens, dots) or an IP address, with no scheme, port or path. */
export function isHost(text: string): boolean {
	if (isIpAddress(text)) return true;
	if (text.length > 253 || text.endsWith('.')) return false;
	return text.split('.').every((label) => LABEL.test(label));
}
