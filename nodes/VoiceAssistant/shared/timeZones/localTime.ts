/**
 * Wall-clock time in an IANA zone, through Intl.DateTimeFormat (DST and historical offsets come
 * from the runtime's own zone data; no library needed).
 */

export interface LocalTime {
	/** YYYY-MM-DD */
	date: string;
	/** 0 = Sunday … 6 = Saturday */
	weekday: number;
	/** minutes since local midnight */
	minutes: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(zone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(zone, formatter);
	}
	return formatter;
}

function parts(instant: number, zone: string): Record<string, number> {
	const out: Record<string, number> = {};
	for (const part of formatterFor(zone).formatToParts(instant)) {
		if (part.type !== 'literal') out[part.type] = Number(part.value);
	}
	return out;
}

export function localTime(instant: number, zone: string): LocalTime {
	const p = parts(instant, zone);
	const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
	return { date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), minutes: p.hour * 60 + p.minute };
}

/** The zone's offset from UTC at that instant, in ms (e.g. +3,600,000 for Berlin in winter). */
export function zoneOffsetMs(instant: number, zone: string): number {
	const p = parts(instant, zone);
	const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
	return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's clock shows `date` `minutes` (the first such instant when the
 * clock goes back; in a spring-forward gap, the instant the clock jumps past it).
 */
export function instantAt(date: string, minutes: number, zone: string): number {
	const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
	const wallOf = (instant: number) => instant + zoneOffsetMs(instant, zone);
	// The offsets a day either side cover both sides of a DST change.
	const before = wall - zoneOffsetMs(wall - DAY_MS, zone);
	const after = wall - zoneOffsetMs(wall + DAY_MS, zone);
	const shown = [before, after].filter((instant) => wallOf(instant) === wall);
	if (shown.length > 0) return Math.min(...shown);
	// In a gap: the first minute whose wall time is past `wall`.
	let low = Math.min(before, after);
	let high = Math.max(before, after);
	while (high - low > MINUTE_MS) {
		const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
		if (wallOf(middle) >= wall) high = middle;
		else low = middle;
	}
	return high;
}

/** "2026-03-08 09:15 (America/New_York, UTC-04:00)": how an output shows a local time. */
export function describeLocal(instant: number, zone: string): string {
	const p = parts(instant, zone);
	const offset = zoneOffsetMs(instant, zone) / 60_000;
	const sign = offset < 0 ? '-' : '+';
	const abs = Math.abs(offset);
	return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)} (${zone}, UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
}

export function addDays(date: string, days: number): string {
	return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function pad(n: number): string {
	return String(n).padStart(2, '0');
}
