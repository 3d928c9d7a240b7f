import {
	getCountryCallingCode,
	isSupportedCountry,
	parsePhoneNumberFromString,
	validatePhoneNumberLength,
} from 'libphonenumber-js';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js';

export type PhoneCheck = { valid: true; e164: string } | { valid: false; reason: string };

/** Accepts an ISO 3166 alpha-2 code in any case ("de", "US"); anything else means "no default country". */
export function asCountryCode(value: unknown): CountryCode | undefined {
	if (typeof value !== 'string') return undefined;
	const upper = value.trim().toUpperCase();
	return upper.length === 2 && isSupportedCountry(upper) ? (upper as CountryCode) : undefined;
}

/** Longer than any phone number written with spaces and brackets; beyond it, it is something else. */
const MAX_TYPED_LENGTH = 40;
const EXTENSION = /(?:(?:extension|extn|ext|durchwahl|dw)\.?|;ext=|[x#])\s*(\d+)\s*$/i;
const MORE_THAN_ONE = /[,;|&\n]|\d\D*\+|\d\s*(?:or|oder|und|and)\s*[+\d(]/i;
/** What people write between the digits: spaces, brackets, dashes, dots, slashes. */
const TYPED_CHARACTERS = /^\+?[\d\s\u00a0()\-./]+$/;

/**
 * Turns what people type ("(415) 555-2671", "0151 2345678", "+49 151 2345678", "00 49 151…") into
 * E.164, or says why not. It never sends a number other than the one typed: an extension, letters
 * (vanity numbers), two numbers in one field, or any digit the parser would drop or add is refused
 * rather than "fixed", because a fixed number calls somebody else.
 */
export function checkPhoneNumber(input: unknown, defaultCountry?: string): PhoneCheck {
	if (typeof input === 'number') {
		if (!Number.isSafeInteger(input) || input <= 0) return { valid: false, reason: 'is not a phone number' };
		input = String(input);
	}
	if (typeof input !== 'string' || input.trim() === '') return { valid: false, reason: 'is empty' };
	const typed = input.trim();
	const refused = refusedAsTyped(typed);
	if (refused) return { valid: false, reason: refused };

	// "00" is the international prefix in most of the world; libphonenumber only knows "+".
	const text = typed.replace(/^00(?=[1-9])/, '+');
	const country = asCountryCode(defaultCountry);
	if (!text.startsWith('+') && !country) {
		return {
			valid: false,
			reason: 'has no country code: write it as +<country code><number>, or set the node option "Default Country"',
		};
	}
	const digits = text.replace(/\D/g, '');
	const withCode = countryCodeWithoutPlus(digits, text, country);
	if (withCode) return { valid: true, e164: withCode };

	const parsed = parsePhoneNumberFromString(text, country);
	if (!parsed) return { valid: false, reason: 'is not a phone number' };
	if (!parsed.isValid()) return { valid: false, reason: invalidReason(text, country, parsed) };
	if (!keepsEveryDigit(digits, text.startsWith('+'), parsed)) {
		return {
			valid: false,
			reason: `would be dialled as ${parsed.number}, which drops or changes digits that were typed: check the number`,
		};
	}
	return { valid: true, e164: parsed.number };
}

/** Reasons visible in the text itself, before any parsing. */
function refusedAsTyped(typed: string): string | undefined {
	if (typed.length > MAX_TYPED_LENGTH) return `is too long to be a phone number (${typed.length} characters)`;
	const extension = EXTENSION.exec(typed);
	if (extension && /\d/.test(typed.slice(0, extension.index))) {
		return `has an extension (${extension[0].trim()}), which the platform cannot dial: remove it or call the main number`;
	}
	if (MORE_THAN_ONE.test(typed)) return 'holds more than one number (or a separator such as "," or ";"): give one number per item';
	if (/[a-z]/i.test(typed)) return 'contains letters, which the platform cannot dial: write the number with digits only';
	if (!TYPED_CHARACTERS.test(typed)) {
		return 'contains characters that are not part of a phone number (only digits, a leading +, spaces, ( ) - . / are allowed)';
	}
	return undefined;
}

function invalidReason(text: string, country: CountryCode | undefined, parsed: PhoneNumber): string {
	const where = parsed.country ? ` for ${parsed.country}` : '';
	switch (validatePhoneNumberLength(text, country)) {
		case 'TOO_SHORT':
			return `is too short to be a phone number${where}`;
		case 'TOO_LONG':
			return `is too long to be a phone number${where}`;
		case 'INVALID_COUNTRY':
			return 'starts with a country code that does not exist';
		default:
			return `is not a valid phone number${where}`;
	}
}

/**
 * Every typed digit is in the result: international input is the calling code plus the national
 * number (a "(0)" trunk digit after the code is the one digit that may go); national input is at most
 * a two-digit national prefix ("0", "1", "06", …) followed by the national number itself.
 */
function keepsEveryDigit(digits: string, international: boolean, parsed: PhoneNumber): boolean {
	const code = parsed.countryCallingCode;
	const national = parsed.nationalNumber;
	if (international) return digits === `${code}${national}` || digits === `${code}0${national}`;
	return digits.endsWith(national) && digits.length - national.length <= 2;
}

/**
 * Spreadsheets drop the leading "+": "4915123456789" with Default Country DE means +49 151…, not a
 * German national number 4915…. Only digits that start with the default country's own calling code
 * and form a valid number of that country are read this way.
 */
function countryCodeWithoutPlus(digits: string, text: string, country: CountryCode | undefined): string | undefined {
	if (!country || text.startsWith('+')) return undefined;
	if (!/^[1-9]\d{7,14}$/.test(digits)) return undefined;
	if (!digits.startsWith(getCountryCallingCode(country))) return undefined;
	const international = parsePhoneNumberFromString(`+${digits}`);
	if (!international?.isValid() || international.country !== country) return undefined;
	return international.number === `+${digits}` ? international.number : undefined;
}

/** "+4915792345601" → "+49 157 92345601" for dropdown labels; anything unparsable is shown as given. */
export function formatPhoneForDisplay(e164: unknown): string {
	const text = typeof e164 === 'string' ? e164 : String(e164 ?? '');
	const parsed = parsePhoneNumberFromString(text);
	return parsed ? parsed.formatInternational() : text;
}
