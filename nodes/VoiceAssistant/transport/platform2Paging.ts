import type { IDataObject } from 'n8n-workflow';

import { unexpectedAnswerError } from './errors';
import type { PagingOptions } from './paginate';
import { PAGES_IN_FLIGHT } from './paginate';
import type { Platform2Request } from './platform2Request';
import { apiRequest, type ApiContext } from './request';

/** A Platform 2.0 list answer: `{data: [...], meta: {pagination: {total, limit, offset}, next_cursor}}`. */
interface ListPage {
	data: IDataObject[];
	meta?: { pagination?: { total?: unknown }; next_cursor?: unknown; next_after?: unknown; after?: unknown };
}

export interface Platform2PagingOptions extends PagingOptions {
	style: 'offset' | 'cursor' | 'after';
	platform2: Platform2Request;
}

type Fetched = { ok: true; page: ListPage } | { ok: false; error: unknown };

/**
 * Walks a Platform 2.0 list for Return All / Limit, asking for the largest page the operation allows
 * (fewest requests), and stops at the end of the list or once `limit` records are in.
 * - offset: the first page says the total; the following pages are then fetched a few at a time
 *   (PAGES_IN_FLIGHT, as classic paging does) and collected strictly in order; a short page ends the walk.
 * - cursor / after: each page names the next, so one after the other; a cursor handed back twice is
 *   an error, not the end of the list (it would loop for ever).
 */
export async function walkPlatform2List(this: ApiContext, endpoint: string, qs: IDataObject, paging: Platform2PagingOptions): Promise<IDataObject[]> {
	const wanted = paging.returnAll ? Infinity : Math.max(1, paging.limit ?? paging.maxPerPage);
	const place = { node: this.getNode(), method: 'GET' as const, endpoint, itemIndex: paging.itemIndex };
	const fetchPage = async (extra: IDataObject): Promise<Fetched> => {
		try {
			const answer = (await apiRequest.call(this, 'GET', endpoint, {
				itemIndex: paging.itemIndex,
				timeoutMs: paging.timeoutMs,
				platform2: paging.platform2,
				qs: { ...qs, ...extra },
			})) as ListPage | undefined;
			if (answer === null || typeof answer !== 'object' || !Array.isArray(answer.data)) {
				throw unexpectedAnswerError(place, 'a page of records ({"data": [...], "meta": {...}})', answer);
			}
			return { ok: true, page: answer };
		} catch (error) {
			return { ok: false, error };
		}
	};
	const records: IDataObject[] = [];
	const take = (data: IDataObject[]) => {
		for (const record of data.slice(0, wanted - records.length)) records.push(record);
	};
	const perPage = (left: number) => (Number.isFinite(paging.maxPerPage) ? Math.min(paging.maxPerPage, left) : undefined);

	if (paging.style !== 'offset') {
		const cursorParam = paging.style === 'after' ? 'after' : 'cursor';
		const seen = new Set<string>();
		let cursor: string | undefined;
		for (;;) {
			const limit = perPage(wanted - records.length);
			const fetched = await fetchPage({ ...(limit !== undefined ? { limit } : {}), ...(cursor === undefined ? {} : { [cursorParam]: cursor }) });
			if (!fetched.ok) throw fetched.error;
			take(fetched.page.data);
			const meta = fetched.page.meta ?? {};
			const next = [meta.next_cursor, meta.next_after, meta.after].find((value): value is string => typeof value === 'string' && value !== '');
			if (next === undefined || fetched.page.data.length === 0 || records.length >= wanted) return records;
			if (seen.has(next)) throw unexpectedAnswerError(place, 'a new cursor on every page (this one was handed back before)', { next_cursor: next });
			seen.add(next);
			cursor = next;
		}
	}

	const limit = perPage(wanted) ?? 50;
	const first = await fetchPage({ limit, offset: 0 });
	if (!first.ok) throw first.error;
	take(first.page.data);
	const total = Number(first.page.meta?.pagination?.total);
	const knownTotal = Number.isInteger(total) && total >= 0 ? total : Infinity;
	if (first.page.data.length < limit || records.length >= wanted || first.page.data.length >= knownTotal) return records;

	const end = Math.min(knownTotal, wanted);
	let nextOffset = limit;
	const ahead: Array<Promise<Fetched>> = [];
	const fill = () => {
		// Without a total, one page at a time: only the page itself can say it is the last.
		const inFlight = Number.isFinite(knownTotal) ? PAGES_IN_FLIGHT : 1;
		while (ahead.length < inFlight && nextOffset < end) {
			ahead.push(fetchPage({ limit, offset: nextOffset }));
			nextOffset += limit;
		}
	};
	try {
		for (;;) {
			fill();
			const next = ahead.shift();
			if (next === undefined) return records;
			const fetched = await next;
			if (!fetched.ok) throw fetched.error;
			take(fetched.page.data);
			if (fetched.page.data.length < limit || records.length >= wanted) return records;
		}
	} finally {
		// Pages requested beyond the end (or after a failure) are reads: let them finish first.
		if (ahead.length > 0) await Promise.all(ahead);
	}
}
