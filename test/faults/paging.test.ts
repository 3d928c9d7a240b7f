/**
 * Call → Get Many with Return All over many pages through n8n-core (the harness): pages fetched a
 * few at a time still come out in the platform's order with their pairedItem, stay paced under the
 * rate limit, and a page fault costs one retry of that page only.
 */
import type { IDataObject } from 'n8n-workflow';

import { fault, useFaultSandbox } from './helpers';

const t = useFaultSandbox();
const PAGES = 25;
const READ = { resource: 'call', operation: 'getMany', returnAll: true, simple: false };
/** No fault here is a timeout: the short fault-test Timeout would only repeat slow pages on a busy machine. */
const PATIENT = { timeout: 10_000 };

/** timeScale 20: 20 per 0.5 s, 100 per 3 s — the documented limits, 20x faster. */
const FAST_LIMIT = { perMinute: 100, burst: 20, burstWindowSeconds: 10, timeScale: 20 };

let added = 0;
beforeAll(() => {
	// Copies of Alice's seeded calls, newest first like the platform lists them, up to PAGES full pages.
	const own = t.sb.store.calls.filter((call) => call.user_id === t.sb.users.alice);
	const base = Date.now() - 86_400_000;
	for (let i = own.length; i < PAGES * 100; i++, added++) {
		t.sb.store.calls.push({ ...own[i % own.length], id: 2_000_000 + i, created_at: base - i * 1000, updated_at: base - i * 1000 });
	}
});
afterAll(() => {
	t.sb.store.calls.splice(t.sb.store.calls.length - added, added);
});

/** What walking the pages one by one gives: the ids in the platform's order. */
function expectedIds(): number[] {
	return t.sb.store.calls
		.filter((call) => call.user_id === t.sb.users.alice)
		.sort((a, b) => b.created_at - a.created_at || b.id - a.id)
		.map((call) => call.id);
}

function pagesRequested(): number[] {
	return t.requests('GET', '/api/user/calls').map((request) => Number(request.query.page));
}

it('every call once, in the platform order, each with pairedItem 0; every page asked for once', async () => {
	const result = await t.run(READ, PATIENT);
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => (item.json as IDataObject).id)).toEqual(expectedIds());
	expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	expect(pagesRequested().sort((a, b) => a - b)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
});

it('under the rate limit: paced, every 429 asked again, nothing missing', async () => {
	t.sb.setRateLimit(FAST_LIMIT);
	const started = Date.now();
	const result = await t.run(READ, PATIENT);
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => (item.json as IDataObject).id)).toEqual(expectedIds());
	const statuses = t.requests('GET', '/api/user/calls').map((request) => request.status);
	// How many 429s the pacer collects while it learns the windows depends on the timing of every
	// answer, so that is asserted in simulated time (test/transport/pacer.test.ts), not here.
	expect(statuses.filter((status) => status === 200)).toHaveLength(PAGES);
	expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
	// 25 requests at 20 per 0.5 s cannot finish in one burst window.
	expect(Date.now() - started).toBeGreaterThanOrEqual(500);
});

it('a 503 on one page: that page is asked for again, output unchanged', async () => {
	t.sb.setFaults([fault('503', { method: 'GET', path: '/api/user/calls' }, { count: 1 })]);
	// The fault hits the first request (page 1): with pages fetched a few at a time the point is that
	// only that page is repeated and nothing is lost or doubled.
	const result = await t.run(READ, PATIENT);
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => (item.json as IDataObject).id)).toEqual(expectedIds());
	const pages = pagesRequested();
	expect(pages).toHaveLength(PAGES + 1);
	expect(new Set(pages).size).toBe(PAGES);
});
