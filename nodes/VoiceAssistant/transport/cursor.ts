import type { IDataObject } from 'n8n-workflow';

import { unexpectedAnswerError } from './errors';
import type { PagingOptions } from './paginate';
import type { Platform2Request } from './platform2Request';
import { apiRequest } from './request';
import type { ApiContext } from './request';

/** A classic cursor page: `{data, per_page, next_cursor, prev_cursor}` (GET /user/conversations). */
export interface CursorPage {
	data: IDataObject[];
	per_page?: number;
	next_cursor?: string | null;
	prev_cursor?: string | null;
}

/** One page as the walker needs it: its records, and the cursor it names for the next page, if any. */
export interface ReadCursorPage {
	data: IDataObject[];
	next: unknown;
}

/** How one API spells cursor paging: the query names, how a page answer reads, and the error words. */
export interface CursorDialect {
	/** the query parameter for the page size ('per_page', 'limit') */
	sizeParam: string;
	/** the query parameter that carries the cursor ('cursor', 'after') */
	cursorParam: string;
	/** the page read out of an answer, or undefined when the answer is not a page */
	read: (answer: unknown) => ReadCursorPage | undefined;
	/** what a page looks like, for the error when an answer is none */
	pageShape: string;
	/** what the cursor is called, for the error when one comes back twice */
	cursorName: string;
	/** Platform 2.0 requests carry this; classic ones none */
	platform2?: Platform2Request;
}

/** Classic: `per_page` + `cursor`; a bare array is the whole list (a deployment without paging). */
export const CLASSIC_CURSOR: CursorDialect = {
	sizeParam: 'per_page',
	cursorParam: 'cursor',
	read(answer) {
		if (Array.isArray(answer)) return { data: answer as IDataObject[], next: null };
		const page = answer as CursorPage | null | undefined;
		if (page === null || typeof page !== 'object' || !Array.isArray(page.data)) return undefined;
		return { data: page.data, next: page.next_cursor };
	},
	pageShape: 'a page of records (a "data" list with "next_cursor")',
	cursorName: 'next_cursor',
};

/**
 * Walks a cursor-paged list for Return All / Limit, one page after the other (each page names the
 * next): asks for the largest page the endpoint allows, or just the records still wanted, and stops
 * at a page without a next cursor, an empty page, or once `limit` records are in. A cursor handed
 * back twice would loop for ever: that is an error, not the end of the list.
 */
export async function walkCursor(
	this: ApiContext,
	endpoint: string,
	qs: IDataObject,
	paging: PagingOptions,
	dialect: CursorDialect,
): Promise<IDataObject[]> {
	const wanted = paging.returnAll ? Infinity : Math.max(1, paging.limit ?? paging.maxPerPage);
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	const place = { node: this.getNode(), method: 'GET' as const, endpoint, itemIndex: paging.itemIndex };
	let cursor: string | undefined;
	for (;;) {
		// An endpoint without a largest page (maxPerPage Infinity) is asked without a size.
		const size = Number.isFinite(paging.maxPerPage) ? Math.min(paging.maxPerPage, wanted - records.length) : undefined;
		const answer: unknown = await apiRequest.call(this, 'GET', endpoint, {
			itemIndex: paging.itemIndex,
			timeoutMs: paging.timeoutMs,
			...(dialect.platform2 ? { platform2: dialect.platform2 } : {}),
			qs: {
				...qs,
				...(size === undefined ? {} : { [dialect.sizeParam]: size }),
				...(cursor === undefined ? {} : { [dialect.cursorParam]: cursor }),
			},
		});
		const page = dialect.read(answer);
		if (page === undefined) throw unexpectedAnswerError(place, dialect.pageShape, answer);
		for (const record of page.data.slice(0, wanted - records.length)) records.push(record);
		const next = typeof page.next === 'string' && page.next !== '' ? page.next : undefined;
		if (next === undefined || page.data.length === 0 || records.length >= wanted) return records;
		if (seen.has(next)) {
			throw unexpectedAnswerError(place, `a new ${dialect.cursorName} on every page (this one was handed back before)`, { next_cursor: next });
		}
		seen.add(next);
		cursor = next;
	}
}

/** Classic cursor paging (Conversation → Get Many). */
export async function apiRequestAllCursor(
	this: ApiContext,
	endpoint: string,
	qs: IDataObject,
	paging: PagingOptions,
): Promise<IDataObject[]> {
	return await walkCursor.call(this, endpoint, qs, paging, CLASSIC_CURSOR);
}
