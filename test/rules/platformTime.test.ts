/** Reading the platform's times (shared/platformTime.ts): on the account's clock, or as UTC when no zone is set. */
import { listDateFrom, platformTime } from '../../nodes/VoiceAssistant/shared/platformTime';

const iso = (value: string, zone?: string) => {
	const ms = platformTime(value, zone);
	return ms === undefined ? undefined : new Date(ms).toISOString();
};

describe('platformTime', () => {
	it('reads a zone-less time on the account\'s clock, west and east of UTC', () => {
		expect(iso('2026-06-12 10:00:00', 'America/Bogota')).toBe('2026-06-12T15:00:00.000Z');
		expect(iso('2026-06-12 10:00:00', 'Asia/Tokyo')).toBe('2026-06-12T01:00:00.000Z');
		expect(iso('2026-06-12T10:00:17.5', 'Europe/Bucharest')).toBe('2026-06-12T07:00:17.500Z');
	});

	it('without a zone reads it as UTC, as before', () => {
		expect(iso('2026-06-12 10:00:00')).toBe('2026-06-12T10:00:00.000Z');
		expect(iso('2026-06-12')).toBe('2026-06-12T00:00:00.000Z');
	});

	it('reads a time with Z or an offset as written, whatever the zone', () => {
		expect(iso('2026-06-12T10:00:00.123456Z', 'Asia/Tokyo')).toBe('2026-06-12T10:00:00.123Z');
		expect(iso('2026-06-12 10:00:00+02:00', 'America/Bogota')).toBe('2026-06-12T08:00:00.000Z');
		expect(iso('2026-06-12T10:00:00-0500', 'Asia/Tokyo')).toBe('2026-06-12T15:00:00.000Z');
	});

	it('knows DST: summer and winter offsets of one zone, a repeated hour read as its first pass', () => {
		expect(iso('2026-07-01 12:00:00', 'Europe/Bucharest')).toBe('2026-07-01T09:00:00.000Z');
		expect(iso('2026-01-15 12:00:00', 'Europe/Bucharest')).toBe('2026-01-15T10:00:00.000Z');
		expect(iso('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
	});

	it('reads nothing that is not a time (and never guesses with the n8n host\'s own zone)', () => {
		for (const value of [undefined, null, 12, '', 'yesterday', 'June 12 2026 10:00', '2026-06-12 10:00:00 CEST']) {
			expect(platformTime(value, 'Asia/Tokyo')).toBeUndefined();
		}
	});
});

describe('listDateFrom', () => {
	const at = (value: string) => Date.parse(value);
	it('without a zone: the UTC date a day earlier, as before', () => {
		expect(listDateFrom(at('2026-06-12T02:00:00Z'))).toBe('2026-06-11');
	});
	it('with a zone west of UTC: that zone\'s date a day earlier when it is the earlier one', () => {
		expect(listDateFrom(at('2026-06-12T02:00:00Z'), 'America/Bogota')).toBe('2026-06-10');
	});
	it('with a zone east of UTC: never later than UTC\'s date (a zone only widens the filter)', () => {
		expect(listDateFrom(at('2026-06-12T22:00:00Z'), 'Asia/Tokyo')).toBe('2026-06-11');
	});
});
