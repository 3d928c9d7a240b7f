/**
 * What kind of address an IP is, for deciding where a download may go. Host names as the URL
 * standard leaves them (`new URL(...).hostname`): IPv4 dotted quads (the parser already turned
 * `0x7f.1` or `2130706433` into `127.0.0.1`) and IPv6 in brackets. IPv4-mapped IPv6 addresses
 * (`::ffff:127.0.0.1`, which the parser writes `::ffff:7f00:1`) are the IPv4 address they carry.
 */

export type AddressKind =
	| 'public'
	| 'loopback'
	| 'private'
	| 'cgnat'
	| 'link-local'
	| 'unique-local'
	| 'unspecified'
	| 'multicast'
	| 'reserved';

/** The four bytes of a dotted IPv4 address, or undefined. */
function ipv4Bytes(text: string): number[] | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
	const bytes = parts.map(Number);
	return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address (with or without brackets), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
	let address = text.replace(/^\[|\]$/g, '').toLowerCase();
	const zone = address.indexOf('%');
	if (zone >= 0) address = address.slice(0, zone);
	if (!address.includes(':')) return undefined;
	// a trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two groups
	const dotted = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
	if (dotted) {
		const bytes = ipv4Bytes(dotted[1]);
		if (!bytes) return undefined;
		address = `${address.slice(0, dotted.index)}:${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
	}
	const halves = address.split('::');
	if (halves.length > 2) return undefined;
	const parse = (half: string) => (half === '' ? [] : half.split(':'));
	const head = parse(halves[0]);
	const tail = halves.length === 2 ? parse(halves[1]) : [];
	if (![...head, ...tail].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
	const missing = 8 - head.length - tail.length;
	if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
	return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((group) => parseInt(group, 16));
}

function ipv4Kind([a, b, c]: number[]): AddressKind {
	if (a === 127) return 'loopback';
	if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
	if (a === 100 && b >= 64 && b <= 127) return 'cgnat';
	if (a === 169 && b === 254) return 'link-local';
	if (a === 0) return 'unspecified';
	if (a >= 224 && a <= 239) return 'multicast';
	// 240/4 and the broadcast address; the documentation and benchmarking ranges
	if (a >= 240 || (a === 192 && b === 0 && (c === 0 || c === 2)) || (a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) {
		return 'reserved';
	}
	return 'public';
}

function ipv6Kind(groups: number[]): AddressKind {
	const allZeroBefore = (index: number) => groups.slice(0, index).every((group) => group === 0);
	// IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible form (::a.b.c.d)
	if (allZeroBefore(5) && (groups[5] === 0xffff || (groups[5] === 0 && (groups[6] !== 0 || groups[7] > 1)))) {
		return ipv4Kind([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
	}
	if (allZeroBefore(7) && groups[7] === 1) return 'loopback';
	if (allZeroBefore(8)) return 'unspecified';
	if ((groups[0] & 0xfe00) === 0xfc00) return 'unique-local';
	if ((groups[0] & 0xffc0) === 0xfe80) return 'link-local';
	if ((groups[0] & 0xff00) === 0xff00) return 'multicast';
	// NAT64 (64:ff9b::/96) carries an IPv4 address too
	if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
		return ipv4Kind([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
	}
	return 'public';
}

/** The kind of an IP address, or undefined when the text is not one (a host name). */
export function addressKind(host: string): AddressKind | undefined {
	const v4 = ipv4Bytes(host);
	if (v4) return ipv4Kind(v4);
	const v6 = ipv6Groups(host);
	return v6 ? ipv6Kind(v6) : undefined;
}

/** A host name that always means this machine, whatever DNS says. */
export function isLocalhostName(host: string): boolean {
	const name = host.toLowerCase().replace(/\.$/, '');
	return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Whether text is one IP address as a person writes it in a setting (SIP's allowed IPs, a SIP host):
 * a dotted quad without leading zeros, or an IPv6 address without brackets, zone or prefix.
 */
export function isIpAddress(text: string): boolean {
	if (ipv4Bytes(text)) return text.split('.').every((part) => part === '0' || !part.startsWith('0'));
	return !/[[\]%/]/.test(text) && ipv6Groups(text) !== undefined;
}

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A host name (letters, digits, hyphens, dots) or an IP address, with no scheme, port or path. */
export function isHost(text: string): boolean {
	if (isIpAddress(text)) return true;
	if (text.length > 253 || text.endsWith('.')) return false;
	return text.split('.').every((label) => LABEL.test(label));
}
