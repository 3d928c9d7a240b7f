/** What the transport reads from a response about the rate limit, in both Reset conventions. */
import { readRateInfo, resetToTime } from '../../nodes/VoiceAssistant/transport/rateHeaders';

const NOW = 1_795_000_000_123; // ms on our clock

describe('X-RateLimit-Reset', () => {
	it('as epoch seconds (the sandbox, many APIs)', () => {
		expect(resetToTime(1_795_000_002, NOW)).toBe(1_795_000_002_000);
	});

	it('as seconds until the reset, with decimals', () => {
		expect(resetToTime(1.5, NOW)).toBe(NOW + 1500);
		expect(resetToTime(0, NOW)).toBe(NOW);
	});

	it('as epoch milliseconds', () => {
		expect(resetToTime(1_795_000_002_500, NOW)).toBe(1_795_000_002_500);
	});

	it('corrects an epoch value for a server clock that runs ahead (Date header)', () => {
		const serverAhead = new Date(NOW + 60_000).toUTCString();
		const info = readRateInfo(200, { 'x-ratelimit-reset': String(Math.ceil((NOW + 60_000 + 5000) / 1000)), date: serverAhead }, {}, NOW);
		// 5 s after "now" on the server's clock is about 5 s after now on ours.
		expect(info.resetAt! - NOW).toBeGreaterThan(4000);
		expect(info.resetAt! - NOW).toBeLessThan(7000);
	});

	it('ignores a Date header that only differs by rounding', () => {
		const info = readRateInfo(200, { 'X-RateLimit-Reset': '1795000002', Date: new Date(NOW - 800).toUTCString() }, {}, NOW);
		expect(info.resetAt).toBe(1_795_000_002_000);
	});
});

describe('readRateInfo', () => {
	it('reads the three headers in any case, arrays included', () => {
		const info = readRateInfo(200, { 'X-RateLimit-Limit': '100', 'x-ratelimit-remaining': ['19'], 'X-RATELIMIT-RESET': '2' }, {}, NOW);
		expect(info).toEqual({ limit: 100, remaining: 19, resetAt: NOW + 2000, resetPrecise: false });
	});

	it('a Reset with decimals or in epoch milliseconds is precise enough to learn a window from', () => {
		const reset = (value: string) => readRateInfo(200, { 'X-RateLimit-Reset': value }, {}, NOW);
		expect(reset(String((NOW + 1234) / 1000))).toMatchObject({ resetAt: NOW + 1234, resetPrecise: true });
		expect(reset(String(NOW + 1234))).toMatchObject({ resetAt: NOW + 1234, resetPrecise: true });
		expect(reset(String(Math.ceil((NOW + 1234) / 1000)))).toMatchObject({ resetPrecise: false });
	});

	it('a 429 body retry_after wins over the whole-second Retry-After header', () => {
		const info = readRateInfo(429, { 'Retry-After': '1' }, { error: 'Rate limit exceeded', retry_after: 0.734 }, NOW);
		expect(info.retryAfterMs).toBeCloseTo(734);
		expect(info.retryAfterPrecise).toBe(true);
	});

	it('the documented body (retry_after 60) as JSON text', () => {
		const info = readRateInfo(429, {}, '{"error":"Rate limit exceeded","message":"Too many requests. Please try again later.","retry_after":60}', NOW);
		expect(info.retryAfterMs).toBe(60_000);
		expect(info.retryAfterPrecise).toBe(false);
	});

	it('Retry-After as seconds or as an HTTP date', () => {
		expect(readRateInfo(429, { 'retry-after': '3' }, '', NOW).retryAfterMs).toBe(3000);
		const at = new Date(Math.ceil(NOW / 1000) * 1000 + 4000).toUTCString();
		const ms = readRateInfo(429, { 'retry-after': at }, '', NOW).retryAfterMs!;
		expect(ms).toBeGreaterThan(3000);
		expect(ms).toBeLessThanOrEqual(5000);
	});

	it('a 429 with only X-RateLimit-Reset waits until then', () => {
		expect(readRateInfo(429, { 'x-ratelimit-reset': '2.5' }, 'Too Many Requests', NOW).retryAfterMs).toBe(2500);
	});

	it('nothing usable: no fields, no wait', () => {
		expect(readRateInfo(200, { 'content-type': 'application/json', 'x-ratelimit-limit': 'abc' }, {}, NOW)).toEqual({});
		expect(readRateInfo(429, undefined, '<html>', NOW).retryAfterMs).toBeUndefined();
	});
});
