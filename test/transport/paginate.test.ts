/**
 * Return All / Limit paging (transport/paginate.ts) against a scripted server: the real apiRequest
 * and pacer, only n8n's HTTP helper replaced, so page timing, page counts changing mid-walk and
 * failures can be set per page.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PAGES_IN_FLIGHT, apiRequestAllPages, type PageEnvelope } from '../../nodes/VoiceAssistant/transport/paginate';
import { resetPacers } from '../../nodes/VoiceAssistant/transport/pacers';
import { tuneRetries } from '../../nodes/VoiceAssistant/transport/policy';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Served {
	/** the envelope for a page (or a bare array); a thrown error = the server failed that page (HTTP 500) */
	page(page: number, perPage: number): PageEnvelope | IDataObject[];
	/** how long the server takes for a page */
	delayMs?(page: number): number;
}

function server(served: Served) {
	const log = { requested: [] as number[], active: 0, peak: 0 };
	const ctx = {
		getCredentials: async () => ({ apiToken: 'token-' + Math.random(), baseUrl: 'https://platform.test/api' }),
		getNode: () => ({ name: 'Voice Assistant', type: 'voiceAssistant', typeVersion: 1, position: [0, 0], parameters: {} }),
		getInputData: () => [{ json: {} }],
		getNodeParameter: (_name: string, _index: number, fallback: unknown) => fallback,
		helpers: {
			async httpRequestWithAuthentication(_type: string, request: { qs: IDataObject }) {
				const page = Number(request.qs.page);
				log.requested.push(page);
				log.active++;
				log.peak = Math.max(log.peak, log.active);
				try {
					await wait(served.delayMs?.(page) ?? 1);
					try {
						return { statusCode: 200, headers: {}, body: served.page(page, Number(request.qs.per_page)) };
					} catch (error) {
						return { statusCode: 500, headers: {}, body: { message: (error as Error).message } };
					}
				} finally {
					log.active--;
				}
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, log };
}

/** `total` records with ids 1..total, Laravel-style envelope. */
function list(total: number) {
	return (page: number, perPage: number): PageEnvelope => {
		const lastPage = Math.max(1, Math.ceil(total / perPage));
		const data: IDataObject[] = [];
		for (let id = (page - 1) * perPage + 1; id <= Math.min(total, page * perPage); id++) data.push({ id });
		return { current_page: page, data, last_page: lastPage, total, next_page_url: page < lastPage ? `?page=${page + 1}` : null };
	};
}

const ids = (records: IDataObject[]) => records.map((record) => record.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeEach(() => resetPacers());
afterEach(() => tuneRetries());

it('Return All: every record in page order although later pages answer first', async () => {
	// Page 2 is the slowest: pages 3 and 4 are back before it and must still come after it.
	const { ctx, log } = server({ page: list(950), delayMs: (page) => (page === 2 ? 40 : 12 - page) });
	const records = await apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 });
	expect(ids(records)).toEqual(range(1, 950));
	expect(log.requested.sort((a, b) => a - b)).toEqual(range(1, 10));
	expect(log.peak).toBe(PAGES_IN_FLIGHT);
});

it('keeps no more than a few pages requested ahead while one page is slow', async () => {
	const { ctx, log } = server({ page: list(3000), delayMs: (page) => (page === 2 ? 60 : 1) });
	const walk = apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 });
	await wait(40);
	// While page 2 is outstanding only pages 3..(1 + PAGES_IN_FLIGHT) may have been asked for.
	expect(Math.max(...log.requested)).toBe(1 + PAGES_IN_FLIGHT);
	expect(ids(await walk)).toEqual(range(1, 3000));
});

it('with one page it makes exactly one request', async () => {
	const { ctx, log } = server({ page: list(40) });
	expect(ids(await apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 }))).toEqual(range(1, 40));
	expect(log.requested).toEqual([1]);
});

it.each([
	[1, 1, [1]],
	[100, 100, [1]],
	[150, 100, [1, 2]],
	[250, 100, [1, 2, 3]],
])('Limit %i (page size %i): that many records, no page beyond them', async (limit, maxPerPage, pages) => {
	const { ctx, log } = server({ page: list(2000) });
	const records = await apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: false, limit, maxPerPage });
	expect(ids(records)).toEqual(range(1, limit));
	expect(log.requested.sort((a, b) => a - b)).toEqual(pages);
});

it('the list shrinks mid-walk (last_page drops): ends where the server now says, extra pages discarded', async () => {
	// 10 pages when the walk starts; from page 2 on the server says there are 4.
	const full = list(1000);
	const shrunk = list(400);
	const { ctx } = server({ page: (page, perPage) => (page === 1 ? full(page, perPage) : shrunk(page, perPage)) });
	const records = await apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 });
	expect(ids(records)).toEqual(range(1, 400));
});

it('an empty page ends the walk even if last_page says more', async () => {
	const full = list(1000);
	const { ctx } = server({
		page: (page, perPage) => (page >= 5 ? { current_page: page, data: [], last_page: 10, total: 1000 } : full(page, perPage)),
	});
	const records = await apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 });
	expect(ids(records)).toEqual(range(1, 400));
});

it('the list grows mid-walk (last_page rises): the new pages are fetched too', async () => {
	const before = list(500);
	const after = list(800);
	const { ctx, log } = server({ page: (page, perPage) => (page <= 2 ? before(page, perPage) : after(page, perPage)) });
	const records = await apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 });
	expect(ids(records)).toEqual(range(1, 800));
	expect(new Set(log.requested).size).toBe(log.requested.length); // no page twice
});

it('a page that keeps failing fails the walk, after the pages already asked for have finished', async () => {
	tuneRetries({ backoffBaseMs: 5, backoffMaxMs: 10 });
	const full = list(1000);
	const { ctx, log } = server({
		page: (page, perPage) => {
			if (page === 3) throw new Error('boom');
			return full(page, perPage);
		},
	});
	await expect(apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 })).rejects.toThrow(/HTTP 500/);
	expect(log.active).toBe(0);
	expect(log.requested.filter((page) => page === 3)).toHaveLength(4); // 1 + 3 read retries
	expect(Math.max(...log.requested)).toBeLessThanOrEqual(3 + PAGES_IN_FLIGHT);
});

it('without last_page in the envelope it stops after the first page', async () => {
	const { ctx, log } = server({ page: (page) => ({ current_page: page, data: [{ id: page }] }) });
	expect(ids(await apiRequestAllPages.call(ctx, '/user/calls', {}, { returnAll: true, maxPerPage: 100 }))).toEqual([1]);
	expect(log.requested).toEqual([1]);
});

it('a deployment that answers a bare array instead of an envelope: its records, one request', async () => {
	const { ctx, log } = server({ page: () => [{ id: 1 }, { id: 2 }, { id: 3 }] });
	const all = await apiRequestAllPages.call(ctx, '/user/assistants/get', {}, { returnAll: true, maxPerPage: 100 });
	expect(ids(all)).toEqual([1, 2, 3]);
	expect(log.requested).toEqual([1]);
	const limited = await apiRequestAllPages.call(ctx, '/user/assistants/get', {}, { returnAll: false, limit: 2, maxPerPage: 100 });
	expect(ids(limited)).toEqual([1, 2]);
});
