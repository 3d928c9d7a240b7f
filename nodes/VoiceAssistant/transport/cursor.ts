import type { IDataObject } from 'n8n-workflow';

import { unexpectedAnswerError } from './errors';
import type { PagingOptions } from './paginate';
import { apiRequest } from './request';
import type { ApiContext } from './request';

/** A cursor page: `{data, per_page, next_cursor, prev_cursor}` (GET /user/conversations). */
export interface CursorPage {
	data: IDataObject[];
	per_page?: number;
	next_cursor?: string | null;
	prev_cursor?: string | null;
}

/**
 * Walks a cursor-paged list for Return All / Limit, one page after the other (each page names the
 * next): asks for the largest page the endpoint allows, or just the records still wanted, and stops
 * at a page without `next_cursor`, an empty page, or once `limit` records are in. A cursor handed
 * back twice would loop for ever: that is an error, not the end of the list.
 */
export async function apiRequestAllCursor(
	this: ApiContext,
	endpoint: string,
	qs: IDataObject,
	paging: PagingOptions,
): Promise<IDataObject[]> {
	const wanted = paging.returnAll ? Infinity : Math.max(1, paging.limit ?? paging.maxPerPage);
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	const place = { node: this.getNode(), method: 'GET' as const, endpoint, itemIndex: paging.itemIndex };
	let cursor: string | undefined;
	for (;;) {
		const perPage = Math.min(paging.maxPerPage, wanted - records.length);
		const answer = (await apiRequest.call(this, 'GET', endpoint, {
			itemIndex: paging.itemIndex,
			timeoutMs: paging.timeoutMs,
			qs: { ...qs, per_page: perPage, ...(cursor === undefined ? {} : { cursor }) },
		})) as CursorPage | IDataObject[] | undefined;
		// A bare array is the whole list (a deployment without paging).
		const page: CursorPage | undefined = Array.isArray(answer) ? { data: answer, next_cursor: null } : answer;
		if (page === null || typeof page !== 'object' || !Array.isArray(page.data)) {
			throw unexpectedAnswerError(place, 'a page of records (a "data" list with "next_cursor")', answer);
		}
		for (const record of page.data.slice(0, wanted - records.length)) records.push(record);
		const next = typeof page.next_cursor === 'string' && page.next_cursor !== '' ? page.next_cursor : undefined;
		if (next === undefined || page.data.length === 0 || records.length >= wanted) return records;
		if (seen.has(next)) {
			throw unexpectedAnswerError(place, 'a new next_cursor on every page (this one was handed back before)', { next_cursor: next });
		}
		seen.add(next);
		cursor = next;
	}
}
