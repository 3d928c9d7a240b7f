import { PREFIX_ZONES, ZONE_NAMES } from './table.generated';

/**
 * The time zones a phone number is in, from Google libphonenumber's prefix → zone mapping (generated
 * at build time, see scripts/generate-time-zones.mjs): the longest listed prefix of the number's
 * E.164 digits decides, e.g. +1 212 → America/New_York, +61 8 9 → Adelaide and Perth, +49 → Berlin.
 * A number whose prefix the data does not list (a non-geographic range of a multi-zone country)
 * gets every zone of its country code. What it cannot know: where a mobile or ported number is today.
 */
export function timeZonesOf(e164: string): string[] {
	const digits = e164.replace(/\D/g, '');
	const table = prefixTable();
	for (let length = Math.min(digits.length, longestPrefix); length > 0; length--) {
		const zones = table.get(digits.slice(0, length));
		if (zones) return zones;
	}
	return [];
}

let parsed: Map<string, string[]> | undefined;
let longestPrefix = 0;

/** The table parsed on first use (about 2,000 prefixes). */
function prefixTable(): Map<string, string[]> {
	if (parsed) return parsed;
	parsed = new Map();
	for (const entry of PREFIX_ZONES.split(',')) {
		const [prefix, indexes] = entry.split(':');
		parsed.set(prefix, indexes.split('.').map((index) => ZONE_NAMES[parseInt(index, 36)]));
		longestPrefix = Math.max(longestPrefix, prefix.length);
	}
	return parsed;
}
