/** The callee's time zones from the number (generated libphonenumber table) and local wall-clock time. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { timeZonesOf } from '../../nodes/VoiceAssistant/shared/timeZones';
import { describeLocal, instantAt, localTime } from '../../nodes/VoiceAssistant/shared/timeZones/localTime';

describe('timeZonesOf', () => {
	it.each([
		['+12125550123', ['America/New_York']], // US Eastern (New York)
		['+13125550123', ['America/Chicago']], // US Central
		['+13035550123', ['America/Denver']], // US Mountain
		['+16025550123', ['America/Denver', 'America/Phoenix']], // Arizona (602): the data lists both, so both must be open
		['+14155550123', ['America/Los_Angeles']], // US Pacific
		['+14165550123', ['America/Toronto']], // Canada
		['+16045550123', ['America/Vancouver']],
		['+61212345678', ['Australia/Sydney']],
		['+61731234567', ['Australia/Brisbane']],
		['+61881234567', ['Australia/Adelaide', 'Australia/Perth']], // +61 8: a half-hour zone and Perth
		['+919812345678', ['Asia/Calcutta']], // India, UTC+05:30
		['+491512345678', ['Europe/Berlin']],
		['+4930123456', ['Europe/Berlin']],
		['+19075550123', ['America/Adak', 'America/Anchorage']], // Alaska: two zones
	])('%s → %j', (number, zones) => {
		expect(timeZonesOf(number)).toEqual(zones);
	});

	it('a non-geographic +1 number (toll free) gets every zone of the country code', () => {
		const zones = timeZonesOf('+18005550123');
		expect(zones).toEqual(expect.arrayContaining(['America/New_York', 'Pacific/Honolulu', 'Pacific/Guam']));
		expect(zones.length).toBeGreaterThan(30);
	});

	it('an unknown country code has no zone', () => {
		expect(timeZonesOf('+999123456')).toEqual([]);
	});

	it('every zone of the table is one this runtime knows', () => {
		const { ZONE_NAMES } = jest.requireActual('../../nodes/VoiceAssistant/shared/timeZones/table.generated');
		for (const zone of ZONE_NAMES as string[]) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
	});

	it('the committed table is what the build generates from the devDependency', () => {
		const script = path.join(__dirname, '../../scripts/generate-time-zones.mjs');
		expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
	});
});

describe('local time (Intl, DST-correct)', () => {
	it('reads the wall clock of a zone, half-hour zones included', () => {
		const instant = Date.parse('2026-01-15T12:00:00Z');
		expect(localTime(instant, 'Asia/Calcutta')).toEqual({ date: '2026-01-15', weekday: 4, minutes: 17 * 60 + 30 });
		expect(localTime(instant, 'Australia/Adelaide')).toEqual({ date: '2026-01-15', weekday: 4, minutes: 22 * 60 + 30 }); // +10:30 (summer)
		expect(localTime(instant, 'America/New_York').minutes).toBe(7 * 60);
		expect(describeLocal(instant, 'Asia/Calcutta')).toBe('2026-01-15 17:30 (Asia/Calcutta, UTC+05:30)');
	});

	it('finds the instant of a local time on both sides of a DST switch', () => {
		// New York springs forward on 2026-03-08 at 02:00 (EST → EDT)
		expect(new Date(instantAt('2026-03-07', 9 * 60, 'America/New_York')).toISOString()).toBe('2026-03-07T14:00:00.000Z');
		expect(new Date(instantAt('2026-03-08', 9 * 60, 'America/New_York')).toISOString()).toBe('2026-03-08T13:00:00.000Z');
		// 02:30 does not exist that night: the clock reaches it when it jumps to 03:00 EDT
		expect(new Date(instantAt('2026-03-08', 150, 'America/New_York')).toISOString()).toBe('2026-03-08T07:00:00.000Z');
		// Berlin falls back on 2026-10-25 (02:00–03:00 happens twice): the first one
		expect(new Date(instantAt('2026-10-25', 150, 'Europe/Berlin')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
		// Adelaide (half-hour zone) moves to summer time on 2026-10-04
		expect(new Date(instantAt('2026-10-05', 9 * 60, 'Australia/Adelaide')).toISOString()).toBe('2026-10-04T22:30:00.000Z');
	});
});
