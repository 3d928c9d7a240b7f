/** 2025-06-02 09:00:00 UTC: seeded history lies before this instant. */
export const SEED_BASE = Date.UTC(2025, 5, 2, 9, 0, 0);
export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/**
 * Timestamp formats used by the platform. Zone-less times are written on the account's clock: in its
 * time zone when it has one (User.timeZone, as the platform's accounts do), else in UTC.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at `ms`, as a UTC-shaped Date (only its UTC fields are meaningful). */
function wallClock(ms: number, zone?: string | null): Date {
	if (!zone) return new Date(ms);
	let format = wallFormats.get(zone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
		wallFormats.set(zone, format);
	}
	const p: Record<string, number> = {};
	for (const part of format.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
	return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, ms - Math.floor(ms / 1000) * 1000));
}

/** Leads, SMS and calls: `YYYY-MM-DD HH:MM:SS`, on the account's clock (UTC without a zone). */
export function sqlTime(ms: number, zone?: string | null): string {
	const d = wallClock(ms, zone);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Read receipts' `timestamp`: ISO with Z, or, for an account with a zone, ISO on its clock without an offset. */
export function receiptTime(ms: number, zone?: string | null): string {
	return zone ? wallClock(ms, zone).toISOString().replace(/Z$/, '') : new Date(ms).toISOString();
}

/** Assistants and campaigns: ISO 8601 with microseconds and Z, e.g. 2025-06-02T09:00:00.000000Z. */
export function isoMicros(ms: number): string {
	return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** The date part `YYYY-MM-DD` on the account's clock (for the call list's date filters). */
export function datePart(ms: number, zone?: string | null): string {
	return sqlTime(ms, zone).slice(0, 10);
}
