/**
 * Assistant records carry the URLs the platform delivers to. A Voice Assistant Trigger's URL holds
 * its delivery secret (?secret=<64 hex>); whoever can read a node's output must not learn it, so list
 * outputs show `secret=***` instead.
 */
import type { IDataObject } from 'n8n-workflow';

const SECRET_IN_URL = /([?&]secret=)[^&#\s"]+/gi;
/**
 * Any `secret=` value in free text, also URL-encoded (`secret%3D…`, as a platform may quote the URL
 * inside another one) and without a leading ? or &: error texts quote URLs in every shape.
 */
const SECRET_IN_TEXT = /(secret(?:=|%3D))(?!\*\*\*)[^&#\s"'<>\\%]+/gi;

/** Text with every `secret=` value (plain or URL-encoded) replaced by ***. */
export function maskSecretValues(text: string): string {
	return text.replace(SECRET_IN_TEXT, '$1***');
}

function mask(value: unknown): unknown {
	if (typeof value === 'string') return value.replace(SECRET_IN_URL, '$1***');
	if (Array.isArray(value)) return value.map(mask);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mask(inner)]));
	}
	return value;
}

/** A copy of the record with every `secret=` query value in its strings replaced by ***. */
export function maskUrlSecrets<T extends IDataObject>(record: T): T {
	return mask(record) as T;
}
