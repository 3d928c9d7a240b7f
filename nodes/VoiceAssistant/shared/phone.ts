import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

export type PhoneCheck = { valid: true; e164: string } | { valid: false; reason: string };

/** Accepts an ISO 3166 alpha-2 code in any case ("de", "US"); anything else means "no default country". */
export function asCountryCode(value: unknown): CountryCode | undefined {
	if (typeof value !== 'string') return undefined;
	const upper = value.trim().toUpperCase();
	return upper.length === 2 && isSupportedCountry(upper) ? (upper as CountryCode) : undefined;
}

/**
 * Turns what people type ("(415) 555-2671", "0151 2345678", "+49 151 2345678", "00 49 151…")
 * into E.164. National formats need a default country; international ones do not.
 */
export function checkPhoneNumber(input: unknown, defaultCountry?: string): PhoneCheck {
	if (typeof input === 'number' && Number.isFinite(input)) input = String(input);
	if (typeof input !== 'string' || input.trim() === '') {
		return { valid: false, reason: 'is empty' };
	}
	// "00" is the international prefix in most of the world; libphonenumber only knows "+".
	const text = input.trim().replace(/^00(?=[1-9])/, '+');
	const country = asCountryCode(defaultCountry);
	if (!text.startsWith('+') && !country) {
		return {
			valid: false,
			reason: 'has no country code: write it as +<country code><number>, or set the node option "Default Country"',
		};
	}
	const withCode = countryCodeWithoutPlus(text, country);
	if (withCode) return { valid: true, e164: withCode };
	const parsed = parsePhoneNumberFromString(text, country);
	if (!parsed) return { valid: false, reason: 'is not a phone number' };
	if (!parsed.isValid()) {
		const where = parsed.country ? ` for ${parsed.country}` : '';
		return { valid: false, reason: `is not a valid phone number${where}` };
	}
	return { valid: true, e164: parsed.number };
}

/**
 * Spreadsheets drop the leading "+": "4915123456789" with Default Country DE means +49 151…, not a
 * German national number 4915…. Only digits that start with the default country's own calling code
 * and form a valid number of that country are read this way.
 */
function countryCodeWithoutPlus(text: string, country: CountryCode | undefined): string | undefined {
	if (!country || text.startsWith('+')) return undefined;
	const digits = text.replace(/[\s\-.()/]/g, '');
	if (!/^[1-9]\d{7,14}$/.test(digits)) return undefined;
	if (!digits.startsWith(getCountryCallingCode(country))) return undefined;
	const international = parsePhoneNumberFromString(`+${digits}`);
	return international?.isValid() && international.country === country ? international.number : undefined;
}

/**
 * The one call operations make: returns E.164 or throws an item error naming field, item and value,
 * before anything is sent.
 */
export function toE164(
	node: INode,
	input: unknown,
	where: { field: string; itemIndex: number; defaultCountry?: string },
): string {
	const result = checkPhoneNumber(input, where.defaultCountry);
	if (result.valid) return result.e164;
	const shown = typeof input === 'string' || typeof input === 'number' ? `"${input}"` : 'the value';
	throw new NodeOperationError(
		node,
		`${where.field} ${shown} ${result.reason} [item ${where.itemIndex}]`,
		{
			itemIndex: where.itemIndex,
			description: `${where.field} must be a phone number; it is sent to the platform in E.164 format (for example +4915123456789).`,
		},
	);
}

/** "+4915792345601" → "+49 157 92345601" for dropdown labels; anything unparsable is shown as given. */
export function formatPhoneForDisplay(e164: unknown): string {
	const text = typeof e164 === 'string' ? e164 : String(e164 ?? '');
	const parsed = parsePhoneNumberFromString(text);
	return parsed ? parsed.formatInternational() : text;
}
