/** 2025-06-02 09:00:00 UTC: seeded history lies before this instant. */
export const SEED_BASE = Date.UTC(2025, 5, 2, 9, 0, 0);
export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** Timestamp formats used by the platform (all UTC). */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Leads, SMS and calls: `YYYY-MM-DD HH:MM:SS`. */
export function sqlTime(ms: number): string {
	const d = new Date(ms);
	return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Assistants and campaigns: ISO 8601 with microseconds and Z, e.g. 2025-06-02T09:00:00.000000Z. */
export function isoMicros(ms: number): string {
	return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** The UTC date part `YYYY-MM-DD` (for the call list's date filters). */
export function datePart(ms: number): string {
	return sqlTime(ms).slice(0, 10);
}
