/**
 * The signature of a WhatsApp read-receipt delivery: `X-Signature-256: sha256=<hex>`, where <hex> is
 * the lowercase hex HMAC-SHA256 of the raw request body bytes, keyed with the sender's signing secret
 * (the secret string itself is the key). The whole header value is compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IWebhookFunctions } from 'n8n-workflow';

export const SIGNATURE_HEADER = 'x-signature-256';
const PREFIX = 'sha256=';

/** The header value the platform sends for these bytes and this secret. */
export function signatureFor(rawBody: Buffer, secret: string): string {
	return PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Whether `header` is exactly the signature of `rawBody`. Anything else is false, never an
 * exception: no header, a repeated header (an array), another length, another prefix or case.
 */
export function signatureMatches(rawBody: Buffer, header: unknown, secret: string): boolean {
	if (typeof header !== 'string' || secret === '') return false;
	const expected = Buffer.from(signatureFor(rawBody, secret), 'utf8');
	const given = Buffer.from(header, 'utf8');
	// Only the length is compared in variable time, and every valid signature has the same length.
	return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The bytes n8n received. n8n keeps them as `rawBody` once it parsed the body (JSON, text, form,
 * XML); for another content type it has not read them yet, and `readRawBody()` does. n8n has
 * already undone a gzip or deflate Content-Encoding. undefined when neither is there.
 */
export async function rawBodyOf(ctx: IWebhookFunctions): Promise<Buffer | undefined> {
	const req = ctx.getRequestObject();
	if (!Buffer.isBuffer(req.rawBody) && typeof req.readRawBody === 'function') await req.readRawBody();
	return Buffer.isBuffer(req.rawBody) ? req.rawBody : undefined;
}
