/**
 * The platform's times as instants. The platform writes call, lead and SMS times (and read receipts'
 * `timestamp`) without a zone, on the account owner's wall clock: white-label users register with a
 * `timezone` (Europe/Bucharest unless given). The credential's Account Time Zone says which zone that
 * is (shared/accountZone.ts); without it a zone-less time is read as if it were UTC, as the node always did. A time that
 * carries `Z` or an offset is exact either way. The one place where zone-less times are read.
 */
import { instantAt, zoneOffsetMs } from './timeZones/localTime';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** "YYYY-MM-DD[ HH:MM[:SS[.fraction]]]", with a space or a T, and nothing after it. */
const ZONE_LESS = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/;
/** A time of day followed by Z or an offset (+02:00, +0200, -05). */
const WITH_OFFSET = /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * Milliseconds since the epoch, or undefined for anything that is not a time. A zone-less time is
 * read on the clock of `zone` (an IANA name), or as UTC when no zone is given.
 */
export function platformTime(value: unknown, zone?: string): number | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	const plain = ZONE_LESS.exec(text);
	if (!plain) {
		// Explicit Z or offset (ISO with microseconds included): exact. Anything else is not read,
		// since Date.parse would take the n8n host's own zone for it.
		if (!WITH_OFFSET.test(text)) return undefined;
		const ms = Date.parse(text.replace(' ', 'T'));
		return Number.isFinite(ms) ? ms : undefined;
	}
	const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = ''] = plain;
	const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(fraction.padEnd(3, '0').slice(0, 3)));
	if (!Number.isFinite(wall)) return undefined;
	if (!zone) return wall;
	// instantAt works in whole minutes (and knows DST: a repeated hour is read as its first pass).
	const date = new Date(wall).toISOString().slice(0, 10);
	const sinceMidnight = wall - Date.parse(`${date}T00:00:00Z`);
	return instantAt(date, Math.floor(sinceMidnight / MINUTE_MS), zone) + (sinceMidnight % MINUTE_MS);
}

/**
 * The `date_from` of a list request that certainly includes every record the platform wrote at or
 * after `instant`: a day earlier, for a skewed platform clock. Without a zone, `instant` is what a
 * zone-less time was read as and the date is UTC's; with one, the earlier of UTC's date and the
 * zone's, so setting a zone can only widen the filter (a zone west of UTC starts on its own date).
 */
export function listDateFrom(instant: number, zone?: string): string {
	const before = instant - DAY_MS;
	const utc = new Date(before).toISOString().slice(0, 10);
	if (!zone) return utc;
	const local = new Date(before + zoneOffsetMs(before, zone)).toISOString().slice(0, 10);
	return local < utc ? local : utc;
}
