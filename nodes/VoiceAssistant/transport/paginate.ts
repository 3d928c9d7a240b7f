import type { IDataObject } from 'n8n-workflow';

import { unexpectedAnswerError } from './errors';
import { apiRequest } from './request';
import type { ApiContext, ApiRequestOptions } from './request';

export interface PageEnvelope {
	current_page: number;
	data: IDataObject[];
	last_page?: number;
	next_page_url?: string | null;
	per_page?: number;
	total?: number;
}

/**
 * The envelope's last page: `last_page`, or worked out from `total` and `per_page` where a list's
 * envelope has only those (folders and labels, as the 2026 docs show them). Undefined when neither says.
 */
export function lastPageOf(envelope: PageEnvelope | undefined): number | undefined {
	const last = Number(envelope?.last_page);
	if (Number.isInteger(last) && last >= 1) return last;
	const total = Number(envelope?.total);
	const perPage = Number(envelope?.per_page);
	if (Number.isInteger(total) && total >= 0 && Number.isInteger(perPage) && perPage >= 1) return Math.max(1, Math.ceil(total / perPage));
	return undefined;
}

export interface PagingOptions {
	/** true: every page; false: stop after `limit` records */
	returnAll: boolean;
	limit?: number;
	/** the endpoint's largest per_page */
	maxPerPage: number;
	itemIndex?: number;
	timeoutMs?: number;
}

/**
 * Pages requested ahead of the one being collected, once the first page has said how many there
 * are. Enough to hide latency (each page waits ~one round trip), small enough that memory stays at
 * a few pages beyond the records themselves. Every request still goes through the pacer, so under
 * the rate limit this degrades to paced one-after-another.
 */
export const PAGES_IN_FLIGHT = 3;

type Fetched = { ok: true; envelope: PageEnvelope } | { ok: false; error: unknown };

/**
 * Walks a page envelope (assistants, calls) for Return All / Limit: asks for the largest page the
 * endpoint allows (fewest requests under the rate limit), stops at the last page or once `limit`
 * records are in. Page 1 is fetched alone; its `last_page` lets the following pages be fetched a
 * few at a time. Pages are collected strictly in order, and each page's own envelope decides
 * whether the walk goes on (as if walked one by one), so a list that shrinks or grows mid-walk ends
 * where a sequential walk would; a page fetched beyond that end is discarded.
 */
export async function apiRequestAllPages(
	this: ApiContext,
	endpoint: string,
	qs: IDataObject,
	paging: PagingOptions,
): Promise<IDataObject[]> {
	const wanted = paging.returnAll ? Infinity : Math.max(1, paging.limit ?? paging.maxPerPage);
	const perPage = Math.min(paging.maxPerPage, Number.isFinite(wanted) ? wanted : paging.maxPerPage);
	const pagesForWanted = Number.isFinite(wanted) ? Math.ceil(wanted / perPage) : Infinity;
	const options: ApiRequestOptions = { itemIndex: paging.itemIndex, timeoutMs: paging.timeoutMs };
	const fetchPage = async (page: number): Promise<Fetched> => {
		try {
			const answer = (await apiRequest.call(this, 'GET', endpoint, {
				...options,
				qs: { ...qs, per_page: perPage, page },
			})) as PageEnvelope | IDataObject[] | undefined;
			// Some deployments answer a list with a bare array instead of an envelope: it is the only page.
			if (Array.isArray(answer)) {
				return { ok: true, envelope: { current_page: page, data: answer, last_page: page, next_page_url: null } };
			}
			if (answer === null || typeof answer !== 'object' || !Array.isArray(answer.data)) {
				const place = { node: this.getNode(), method: 'GET' as const, endpoint, itemIndex: paging.itemIndex };
				throw unexpectedAnswerError(place, 'a page of records (a "data" list)', answer);
			}
			return { ok: true, envelope: answer as PageEnvelope };
		} catch (error) {
			return { ok: false, error };
		}
	};

	const records: IDataObject[] = [];
	/** Adds one page's records; says whether the walk goes on after it. */
	const collect = (page: number, envelope: PageEnvelope | undefined): boolean => {
		const data = envelope?.data ?? [];
		const room = wanted - records.length;
		if (data.length <= room) {
			for (const record of data) records.push(record);
		} else {
			for (let i = 0; i < room; i++) records.push(data[i]);
		}
		const lastPage = lastPageOf(envelope) ?? page;
		return !(records.length >= wanted || data.length === 0 || page >= lastPage || envelope?.next_page_url === null);
	};

	const first = await fetchPage(1);
	if (!first.ok) throw first.error;
	if (!collect(1, first.envelope)) return records;

	// Pages 2.. in order, with at most PAGES_IN_FLIGHT requested but not yet collected.
	let knownLast = lastPageOf(first.envelope) ?? NaN;
	let nextToStart = 2;
	const ahead: Array<Promise<Fetched>> = [];
	const fill = () => {
		while (ahead.length < PAGES_IN_FLIGHT && nextToStart <= Math.min(knownLast, pagesForWanted)) {
			ahead.push(fetchPage(nextToStart++));
		}
	};
	try {
		for (let page = 2; ; page++) {
			fill();
			const next = ahead.shift();
			if (next === undefined) return records;
			const fetched = await next;
			if (!fetched.ok) throw fetched.error;
			const lastPage = lastPageOf(fetched.envelope);
			if (lastPage !== undefined) knownLast = lastPage;
			if (!collect(page, fetched.envelope)) return records;
		}
	} finally {
		// Pages requested beyond the end (or after a failure) are reads: let them finish rather than
		// leave requests running after the node has returned.
		if (ahead.length > 0) await Promise.all(ahead);
	}
}
