/** Calling Hours as pure functions of an instant: windows, several zones, DST, midnight, holidays. */
import { isOpenIn, isOpenInAll, nextOpening, nextOpeningShared, type CallingWindow } from '../../nodes/VoiceAssistant/engine/callingRules/hours';
import { timeZonesOf } from '../../nodes/VoiceAssistant/shared/timeZones';

const WEEKDAYS = new Set([1, 2, 3, 4, 5]);
const window = (over: Partial<CallingWindow> = {}): CallingWindow => ({ days: WEEKDAYS, from: 9 * 60, to: 20 * 60, holidays: new Set(), ...over });
const at = (iso: string) => Date.parse(iso);
const iso = (instant: number | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString());

describe('a window in one zone', () => {
	it('Mon–Fri 09:00–20:00, from is inside and to is not', () => {
		// Tuesday 2026-11-24 in New York (EST, UTC-5)
		expect(isOpenIn(at('2026-11-24T13:59:00Z'), 'America/New_York', window())).toBe(false); // 08:59
		expect(isOpenIn(at('2026-11-24T14:00:00Z'), 'America/New_York', window())).toBe(true); // 09:00
		expect(isOpenIn(at('2026-11-25T00:59:00Z'), 'America/New_York', window())).toBe(true); // 19:59
		expect(isOpenIn(at('2026-11-25T01:00:00Z'), 'America/New_York', window())).toBe(false); // 20:00
		expect(isOpenIn(at('2026-11-28T15:00:00Z'), 'America/New_York', window())).toBe(false); // Saturday
	});

	it.each([
		// Four US zones at the same instant, Tuesday 2026-11-24 15:30 UTC
		['+12125550123', true], // New York 10:30
		['+13125550123', true], // Chicago 09:30
		['+13035550123', false], // Denver 08:30
		['+14155550123', false], // Los Angeles 07:30
		['+14165550123', true], // Toronto 10:30
		['+919812345678', false], // India 21:00
		['+491512345678', true], // Berlin 16:30
		['+61212345678', false], // Sydney 02:30 Wednesday
	])('%s at 15:30 UTC: open %s', (number, open) => {
		expect(isOpenInAll(at('2026-11-24T15:30:00Z'), timeZonesOf(number), window())).toBe(open);
	});

	it('opens at the next local 09:00 on an allowed day', () => {
		// Friday 21:00 in Berlin → Monday 09:00
		expect(iso(nextOpening(at('2026-11-27T20:00:00Z'), ['Europe/Berlin'], window()))).toBe('2026-11-30T08:00:00.000Z');
		// already open: now
		expect(nextOpening(at('2026-11-24T10:00:00Z'), ['Europe/Berlin'], window())).toBe(at('2026-11-24T10:00:00Z'));
		// India, a half-hour zone: 09:00 IST is 03:30 UTC
		expect(iso(nextOpening(at('2026-11-24T01:00:00Z'), ['Asia/Calcutta'], window()))).toBe('2026-11-24T03:30:00.000Z');
		// Adelaide (UTC+10:30 in summer): 07:30 → 09:00
		expect(iso(nextOpening(at('2026-11-23T21:00:00Z'), ['Australia/Adelaide'], window()))).toBe('2026-11-23T22:30:00.000Z');
	});
});

describe('DST switches', () => {
	const everyDay = window({ days: new Set([0, 1, 2, 3, 4, 5, 6]) });
	it('09:00 in New York is 14:00 UTC before the spring switch and 13:00 after it', () => {
		expect(iso(nextOpening(at('2026-03-07T12:00:00Z'), ['America/New_York'], everyDay))).toBe('2026-03-07T14:00:00.000Z');
		expect(iso(nextOpening(at('2026-03-08T12:00:00Z'), ['America/New_York'], everyDay))).toBe('2026-03-08T13:00:00.000Z');
		expect(isOpenIn(at('2026-03-08T13:30:00Z'), 'America/New_York', everyDay)).toBe(true); // 09:30 EDT
		expect(isOpenIn(at('2026-03-07T13:30:00Z'), 'America/New_York', everyDay)).toBe(false); // 08:30 EST
	});

	it('Berlin in autumn: 20:00 CET is 19:00 UTC', () => {
		expect(isOpenIn(at('2026-10-26T18:59:00Z'), 'Europe/Berlin', window())).toBe(true);
		expect(isOpenIn(at('2026-10-26T19:00:00Z'), 'Europe/Berlin', window())).toBe(false);
	});

	it('a window starting in the spring-forward gap opens when the clock jumps past it', () => {
		const early = window({ days: new Set([0]), from: 150, to: 300 }); // Sundays 02:30–05:00
		expect(iso(nextOpening(at('2026-03-08T05:00:00Z'), ['America/New_York'], early))).toBe('2026-03-08T07:00:00.000Z');
	});
});

describe('windows across midnight', () => {
	const night = window({ days: new Set([5]), from: 22 * 60, to: 6 * 60 }); // Friday 22:00 → Saturday 06:00
	it('belong to the day they start on', () => {
		expect(isOpenIn(at('2026-11-27T22:30:00Z'), 'Europe/Berlin', night)).toBe(true); // Fri 23:30
		expect(isOpenIn(at('2026-11-28T04:00:00Z'), 'Europe/Berlin', night)).toBe(true); // Sat 05:00
		expect(isOpenIn(at('2026-11-28T05:00:00Z'), 'Europe/Berlin', night)).toBe(false); // Sat 06:00
		expect(isOpenIn(at('2026-11-28T22:30:00Z'), 'Europe/Berlin', night)).toBe(false); // Sat 23:30
		expect(isOpenIn(at('2026-11-27T04:00:00Z'), 'Europe/Berlin', night)).toBe(false); // Fri 05:00 (Thursday's night)
		expect(iso(nextOpening(at('2026-11-24T12:00:00Z'), ['Europe/Berlin'], night))).toBe('2026-11-27T21:00:00.000Z');
	});
});

describe('several zones', () => {
	it('+61 8 (Adelaide UTC+10:30 and Perth UTC+8 in November): open only while both are', () => {
		const zones = timeZonesOf('+61881234567');
		// 01:00 UTC = Perth 09:00, Adelaide 11:30
		expect(isOpenInAll(at('2026-11-24T01:00:00Z'), zones, window())).toBe(true);
		// 09:30 UTC = Perth 17:30, Adelaide 20:00: closed in Adelaide
		expect(isOpenInAll(at('2026-11-24T09:30:00Z'), zones, window())).toBe(false);
		// before Perth's 09:00, the window opens when Perth's does
		expect(iso(nextOpening(at('2026-11-23T23:00:00Z'), zones, window()))).toBe('2026-11-24T01:00:00.000Z');
	});

	it('a toll-free +1 number spans UTC-11 (Pago Pago) to UTC+10 (Guam): 09:00–20:00 holds in all only around Pago Pago noon', () => {
		const zones = timeZonesOf('+18005550123');
		const opening = nextOpening(at('2026-11-24T12:00:00Z'), zones, window());
		expect(iso(opening)).toBe('2026-11-24T23:00:00.000Z'); // Pago Pago 12:00 Tue, St John's 19:30, Guam 09:00 Wed
	});

	it('09:00–17:00 in zones that far apart: never', () => {
		expect(nextOpening(at('2026-11-24T12:00:00Z'), timeZonesOf('+18005550123'), window({ to: 17 * 60 }))).toBeUndefined();
	});
});

describe('holidays', () => {
	it('close the whole local date', () => {
		const withHoliday = window({ holidays: new Set(['2026-12-24', '2026-12-25']) });
		expect(isOpenIn(at('2026-12-24T10:00:00Z'), 'Europe/Berlin', withHoliday)).toBe(false);
		expect(iso(nextOpening(at('2026-12-24T10:00:00Z'), ['Europe/Berlin'], withHoliday))).toBe('2026-12-28T08:00:00.000Z');
	});
});

describe('nextOpeningShared (one computation per minute for a batch)', () => {
	it('gives what nextOpening gives, to the millisecond', () => {
		const zones = timeZonesOf('+18005550123');
		for (const now of [at('2026-11-24T12:00:30.250Z'), at('2026-11-24T23:00:10Z'), at('2026-11-24T22:59:59.999Z'), at('2026-03-08T06:59:30Z')]) {
			expect(nextOpeningShared(now, zones, window())).toBe(nextOpening(now, zones, window()));
			expect(nextOpeningShared(now, ['Europe/Berlin'], window())).toBe(nextOpening(now, ['Europe/Berlin'], window()));
		}
	});

	it('300 toll-free numbers (42 zones each) are decided in well under a second of CPU time', () => {
		const zones = timeZonesOf('+18005550123');
		// CPU time of this process, not the wall clock: other work on a busy machine does not count.
		const started = process.cpuUsage();
		for (let i = 0; i < 300; i++) nextOpeningShared(at('2026-11-24T12:00:00Z') + i, zones, window({ to: 17 * 60 }));
		const { user, system } = process.cpuUsage(started);
		expect((user + system) / 1000).toBeLessThan(1000);
	});
});
