import type { IDataObject } from 'n8n-workflow';

import { apiRequest } from './request';
import type { ApiContext, ApiRequestOptions } from './request';

export interface PageEnvelope {
	current_page: number;
	data: IDataObject[];
	last_page?: number;
	next_page_url?: string | null;
	total?: number;
}

export interface PagingOptions {
	/** true: every page; false: stop after `limit` records */
	returnAll: boolean;
	limit?: number;
	/** the endpoint's largest per_page */
	maxPerPage: number;
	itemIndex?: number;
}

/**
 * Walks a page envelope (assistants, calls) for Return All / Limit: asks for the largest page the
 * endpoint allows (fewest requests under the rate limit), stops at the last page or once `limit`
 * records are in.
 */
export async function apiRequestAllPages(
	this: ApiContext,
	endpoint: string,
	qs: IDataObject,
	paging: PagingOptions,
): Promise<IDataObject[]> {
	const wanted = paging.returnAll ? Infinity : Math.max(1, paging.limit ?? paging.maxPerPage);
	const perPage = Math.min(paging.maxPerPage, Number.isFinite(wanted) ? wanted : paging.maxPerPage);
	const records: IDataObject[] = [];
	const options: ApiRequestOptions = { itemIndex: paging.itemIndex };

	for (let page = 1; records.length < wanted; page++) {
		const envelope = (await apiRequest.call(this, 'GET', endpoint, {
			...options,
			qs: { ...qs, per_page: perPage, page },
		})) as PageEnvelope | undefined;
		const data = Array.isArray(envelope?.data) ? envelope.data : [];
		for (const record of data) {
			if (records.length >= wanted) break;
			records.push(record);
		}
		const lastPage = envelope?.last_page ?? page;
		if (data.length === 0 || page >= lastPage || envelope?.next_page_url === null) break;
	}
	return records;
}
