import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Query parameter that carries the delivery secret in the URL registered on the platform. */
export const SECRET_PARAM = 'secret';

/** 32 random bytes as hex: the platform signs nothing, so this secret is the only proof a delivery is genuine. */
export function newSecret(): string {
	return randomBytes(32).toString('hex');
}

/** The URL to register: the trigger's webhook URL with the secret added as a query parameter. */
export function withSecret(webhookUrl: string, secret: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set(SECRET_PARAM, secret);
	return url.toString();
}

/**
 * What static data keeps instead of the secret: its SHA-256. Static data is exported with the
 * workflow (n8n export:workflow, the REST API); the hash of 256 random bits gives nobody the secret.
 */
export function hashSecret(secret: string): string {
	return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time check of a delivery's secret against the stored hash (equal lengths: both are SHA-256). */
export function secretMatchesHash(given: unknown, expectedHash: unknown): boolean {
	if (typeof given !== 'string' || typeof expectedHash !== 'string' || given === '' || !/^[0-9a-f]{64}$/.test(expectedHash)) {
		return false;
	}
	return timingSafeEqual(createHash('sha256').update(given, 'utf8').digest(), Buffer.from(expectedHash, 'hex'));
}

/** The URL as kept in static data: the registered one with its secret taken out. */
export function withoutSecret(url: string): string {
	try {
		const parsed = new URL(url);
		parsed.searchParams.delete(SECRET_PARAM);
		return parsed.toString();
	} catch {
		return url.replace(/([?&])secret=[^&#]*&?/i, '$1').replace(/[?&]$/, '');
	}
}

/**
 * Whether a URL found on the assistant is exactly the registration: the same URL once the secret is
 * taken out, and a secret whose hash is the stored one.
 */
export function isRegisteredUrl(candidate: string | null, url: string, secretHash: string): boolean {
	if (!candidate) return false;
	let secret: string | null;
	try {
		secret = new URL(candidate).searchParams.get(SECRET_PARAM);
	} catch {
		return false;
	}
	return withoutSecret(candidate) === withoutSecret(url) && secretMatchesHash(secret, secretHash);
}

/** A URL without query string, fragment and trailing slash: identifies an endpoint whatever secret it carries. */
export function endpointOf(url: unknown): string | undefined {
	if (typeof url !== 'string' || url.trim() === '') return undefined;
	try {
		const parsed = new URL(url);
		return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
	} catch {
		return url.split(/[?#]/)[0].replace(/\/+$/, '');
	}
}
