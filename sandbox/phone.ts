/**
 * Phone numbers: the platform "formats and validates them itself". Input is accepted with a leading
 * `+` or `00` and any spaces, dashes, dots or brackets; the result is E.164 or null when invalid.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export interface ParsedPhone {
	e164: string;
	country: string | null;
}

export function parsePhone(input: unknown): ParsedPhone | null {
	if (typeof input !== 'string' && typeof input !== 'number') return null;
	let text = String(input).trim().replace(/[\s\-.()/]/g, '');
	if (text.startsWith('00')) text = `+${text.slice(2)}`;
	if (!/^\+\d{6,15}$/.test(text)) return null;
	const parsed = parsePhoneNumberFromString(text);
	if (!parsed || !parsed.isValid()) return null;
	return { e164: parsed.number, country: parsed.country ?? null };
}
