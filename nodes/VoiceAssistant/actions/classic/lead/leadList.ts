import type { IDataObject } from 'n8n-workflow';

import { unexpectedAnswerError } from '../../../transport/errors';
import { PAGE_SIZE } from '../../../shared/limits';
import { isObject } from '../../../shared/objects';
import type { Api, Prepared } from '../../../engine/operation';

export interface LeadFilters {
	campaign_id?: number;
	status?: string;
	phone_number?: string;
	date_from?: string;
	date_to?: string;
}

interface LeadQuery extends Prepared {
	returnAll: boolean;
	limit: number;
	filters: LeadFilters;
}

/**
 * The leads a Get Many asks for. Page 1 (as large as the endpoint allows) tells which shape the host
 * speaks: a page envelope is filtered by the host and walked on when more is wanted; a whole list
 * (bare or {leads}) is filtered and cut to Limit here.
 */
export async function leadsIn(query: LeadQuery, api: Api): Promise<IDataObject[]> {
	const wanted = query.returnAll ? Infinity : query.limit;
	const perPage = Math.min(PAGE_SIZE.leads.max, Number.isFinite(wanted) ? wanted : PAGE_SIZE.leads.max);
	const request = { ...query.request, qs: { ...query.request.qs, per_page: perPage, page: 1 } };
	const first = await api.request(request);
	const whole = Array.isArray(first) ? first : isObject(first) && Array.isArray(first.leads) ? first.leads : undefined;
	if (whole) return whole.filter(isObject).filter((lead) => matches(lead, query.filters)).slice(0, wanted);
	if (!isObject(first) || !Array.isArray(first.data)) {
		throw unexpectedAnswerError({ node: api.ctx.getNode(), method: 'GET', endpoint: '/user/leads', itemIndex: api.itemIndex }, 'a list of leads (bare, {"leads": [...]} or a page)', first);
	}
	const onFirst = first.data.filter(isObject);
	const lastPage = Number(first.last_page ?? (first.total !== undefined ? Math.ceil(Number(first.total) / perPage) : 1));
	if (onFirst.length >= wanted || !(lastPage > 1)) return onFirst.slice(0, wanted);
	// More pages: the page walker (it asks for page 1 again, so that one walk sees one consistent list).
	const all = (await api.request({
		...query.request,
		paging: { returnAll: query.returnAll, limit: query.limit, maxPerPage: PAGE_SIZE.leads.max },
	})) as IDataObject[];
	return all;
}

/** A host that sent every lead ignored the filters: the same filters, applied here. */
function matches(lead: IDataObject, filters: LeadFilters): boolean {
	if (filters.campaign_id !== undefined && Number(lead.campaign_id) !== filters.campaign_id) return false;
	if (filters.status !== undefined && lead.status !== filters.status) return false;
	if (filters.phone_number !== undefined && !String(lead.phone_number ?? '').includes(filters.phone_number)) return false;
	const created = typeof lead.created_at === 'string' ? lead.created_at.slice(0, 10) : '';
	if (filters.date_from !== undefined && created < filters.date_from) return false;
	if (filters.date_to !== undefined && created > filters.date_to) return false;
	return true;
}
