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
 * Constant-time comparison. Both sides are hashed first so the buffers always have the same length
 * (timingSafeEqual requires it) and the comparison time reveals nothing about the expected value.
 */
export function secretsMatch(given: unknown, expected: unknown): boolean {
	if (typeof given !== 'string' || typeof expected !== 'string' || given === '' || expected === '') return false;
	const a = createHash('sha256').update(given, 'utf8').digest();
	const b = createHash('sha256').update(expected, 'utf8').digest();
	return timingSafeEqual(a, b);
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
