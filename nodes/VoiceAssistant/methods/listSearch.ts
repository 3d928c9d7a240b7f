import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { PAGE_SIZE } from '../shared/limits';
import { apiRequestAllPages } from '../transport/paginate';
import type { PageEnvelope } from '../transport/paginate';
import { apiRequest } from '../transport/request';

/**
 * Searchable lists for the resource locators. The platform has no search parameter, so the filter
 * matches name or ID here. Without a filter the assistant list is paged (100 per request) as the
 * user scrolls; with one, every page is read once and the matches returned.
 */

function matches(record: IDataObject, filter?: string): boolean {
	if (!filter) return true;
	const needle = filter.trim().toLowerCase();
	return String(record.name ?? '').toLowerCase().includes(needle) || String(record.id) === needle;
}

function assistantItem(assistant: IDataObject): INodeListSearchItems {
	const details = [assistant.type, assistant.mode].filter((part) => part).map(String);
	return {
		name: `${String(assistant.name)}${details.length ? ` (${details.join(', ')})` : ''}`,
		value: String(assistant.id),
	};
}

export async function searchAssistants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	if (filter && filter.trim() !== '') {
		const all = await apiRequestAllPages.call(this, '/user/assistants/get', {}, {
			returnAll: true,
			maxPerPage: PAGE_SIZE.assistants.max,
		});
		return { results: all.filter((a) => matches(a, filter)).map(assistantItem) };
	}
	const page = Math.max(1, Number(paginationToken) || 1);
	const envelope = (await apiRequest.call(this, 'GET', '/user/assistants/get', {
		qs: { per_page: PAGE_SIZE.assistants.max, page },
	})) as PageEnvelope | undefined;
	const data = Array.isArray(envelope?.data) ? envelope.data : [];
	const lastPage = Number(envelope?.last_page ?? page);
	return {
		results: data.map(assistantItem),
		paginationToken: page < lastPage && data.length > 0 ? String(page + 1) : undefined,
	};
}

/** Only assistants that place calls (GET /user/assistants/outbound): the ones Make Call can use. */
export async function searchOutboundAssistants(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const data = await apiRequest.call(this, 'GET', '/user/assistants/outbound');
	const list = (Array.isArray(data) ? data : []) as IDataObject[];
	return { results: list.filter((a) => matches(a, filter)).map(assistantItem) };
}

export async function searchCampaigns(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const data = await apiRequest.call(this, 'GET', '/user/campaigns');
	const list = (Array.isArray(data) ? data : []) as IDataObject[];
	return {
		results: list.filter((c) => matches(c, filter)).map((campaign) => ({
			name: `${String(campaign.name)}${campaign.status ? ` (${String(campaign.status)})` : ''}`,
			value: String(campaign.id),
		})),
	};
}

export { searchWhatsAppSenders } from './whatsapp';
export { searchFolders, searchLabels, searchTools } from './catalog';
export { searchSipTrunks } from './sipTrunks';
export { searchKnowledgeBaseDocuments, searchKnowledgeBases } from './knowledgeBases';
