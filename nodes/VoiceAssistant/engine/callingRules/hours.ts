import { addDays, instantAt, localTime } from '../../shared/timeZones/localTime';

/**
 * Calling hours as pure functions of an instant: when is a number (in one or several time zones)
 * inside the window, and when does the window next open. Nothing here reads a clock.
 */
export interface CallingWindow {
	/** allowed weekdays, 0 = Sunday … 6 = Saturday: the day the window starts on */
	days: ReadonlySet<number>;
	/** local minutes since midnight; from > to is a window across midnight (22:00–06:00) */
	from: number;
	to: number;
	/** local dates (YYYY-MM-DD) on which no time is allowed */
	holidays: ReadonlySet<string>;
}

/** How far ahead nextOpening looks; a window that does not open within it is treated as never. */
export const HORIZON_DAYS = 14;

/** Whether the zone's local time at `instant` is inside the window. */
export function isOpenIn(instant: number, zone: string, window: CallingWindow): boolean {
	const local = localTime(instant, zone);
	if (window.holidays.has(local.date)) return false;
	if (window.from < window.to) return window.days.has(local.weekday) && local.minutes >= window.from && local.minutes < window.to;
	// Across midnight: the evening part belongs to today's window, the morning part to yesterday's.
	if (local.minutes >= window.from) return window.days.has(local.weekday);
	return local.minutes < window.to && window.days.has((local.weekday + 6) % 7);
}

/** A number with several zones may be called only when the window holds in every one of them. */
export function isOpenInAll(instant: number, zones: readonly string[], window: CallingWindow): boolean {
	return zones.every((zone) => isOpenIn(instant, zone, window));
}

/**
 * The first instant ≥ now at which the window holds in every zone, or undefined when there is none
 * within HORIZON_DAYS (e.g. 09:00–20:00 in zones 20 hours apart). The window of several zones opens
 * when the last of them opens, so the candidates are each zone's openings: `from` on each day, and
 * local midnight (where a holiday or the morning part of a window across midnight begins).
 */
export function nextOpening(now: number, zones: readonly string[], window: CallingWindow): number | undefined {
	const start = Math.ceil(now / 60_000) * 60_000;
	if (isOpenInAll(now, zones, window)) return now;
	const candidates = new Set<number>();
	for (const zone of zones) {
		const today = localTime(now, zone).date;
		for (let day = 0; day <= HORIZON_DAYS; day++) {
			const date = addDays(today, day);
			for (const minutes of [window.from, 0]) {
				const instant = instantAt(date, minutes, zone);
				if (instant >= start) candidates.add(instant);
			}
		}
	}
	for (const instant of [...candidates].sort((a, b) => a - b)) {
		if (isOpenInAll(instant, zones, window)) return instant;
	}
	return undefined;
}

const remembered = new Map<string, number | undefined>();
const REMEMBERED_MAX = 256;

/**
 * nextOpening for a batch: items with the same zones and window share one computation per minute
 * (300 toll-free numbers, 42 zones each, would otherwise take seconds). Exact: windows and zone
 * offsets are whole minutes, so whether the window is open does not change within a minute.
 */
export function nextOpeningShared(now: number, zones: readonly string[], window: CallingWindow): number | undefined {
	const minute = Math.floor(now / 60_000) * 60_000;
	const key = [minute, zones.join(','), [...window.days].sort().join(''), window.from, window.to, [...window.holidays].sort().join(',')].join('|');
	if (!remembered.has(key)) {
		if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value as string);
		remembered.set(key, nextOpening(minute, zones, window));
	}
	const opening = remembered.get(key);
	return opening === minute ? now : opening;
}
