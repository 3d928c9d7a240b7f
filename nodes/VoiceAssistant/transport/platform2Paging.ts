import type { IDataObject } from 'n8n-workflow';

import { walkCursor, type CursorDialect } from './cursor';
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

const LIST_PAGE_SHAPE = 'a page of records ({"data": [...], "meta": {...}})';

export interface Platform2PagingOptions extends PagingOptions {
	style: 'offset' | 'cursor' | 'after';
	platform2: Platform2Request;
}

type Fetched = { ok: true; page: ListPage } | { ok: false; error: unknown };

/** 2.0 cursor paging: `limit` + `cursor` (or `after`); the next cursor is in `meta`, under one of three names. */
function platform2Cursor(style: 'cursor' | 'after', platform2: Platform2Request): CursorDialect {
	return {
		sizeParam: 'limit',
		cursorParam: style,
		read(answer) {
			const page = answer as ListPage | null | undefined;
			if (page === null || typeof page !== 'object' || !Array.isArray(page.data)) return undefined;
			const meta = page.meta ?? {};
			const next = [meta.next_cursor, meta.next_after, meta.after].find((value): value is string => typeof value === 'string' && value !== '');
			return { data: page.data, next };
		},
		pageShape: LIST_PAGE_SHAPE,
		cursorName: 'cursor',
		platform2,
	};
}

/**
 * Walks a Platform 2.0 list for Return All / Limit, asking for the largest page the operation allows
 * (fewest requests), and stops at the end of the list or once `limit` records are in.
 * - offset: the first page says the total; the following pages are then fetched a few at a time
 *   (PAGES_IN_FLIGHT, as classic paging does) and collected strictly in order; a short page ends the walk.
 * - cursor / after: each page names the next, so one after the other (walkCursor, as classic cursor
 *   paging), with `limit` and the cursor read from `meta`.
 */
export async function walkPlatform2List(this: ApiContext, endpoint: string, qs: IDataObject, paging: Platform2PagingOptions): Promise<IDataObject[]> {
	if (paging.style !== 'offset') return await walkCursor.call(this, endpoint, qs, paging, platform2Cursor(paging.style, paging.platform2));

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
				throw unexpectedAnswerError(place, LIST_PAGE_SHAPE, answer);
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
