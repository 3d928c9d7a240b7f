import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { familySearchMethod, listedFamilies } from '../platform2/families';
import type { CatalogOperation } from '../platform2/catalog/types';
import { apiRequest } from '../transport/request';

/** Records per request while the user scrolls a list. */
const PAGE = 100;
/** With a filter and no search parameter on the platform: the most records read to find matches. */
const MOST_SCANNED = 1000;

type Search = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** What a person recognises a record by: its name, or its number (with its label), address or ID. */
function itemOf(record: IDataObject): INodeListSearchItems {
	const id = String(record.id ?? '');
	const number = text(record.number) ?? text(record.e164) ?? text(record.phone_number);
	// a phone number is picked by the number itself: "+4930555010101 (Berlin main)", not by its label alone
	const numbered = number && !text(record.name) ? `${number}${text(record.label) ? ` (${String(record.label)})` : ''}` : undefined;
	const named = numbered ?? [record.name, record.label, record.title, record.display_name, record.email].map(text).find((value) => value !== undefined);
	return { name: named ?? id, value: id, description: named ? id : undefined };
}

function matches(item: INodeListSearchItems, filter: string): boolean {
	const needle = filter.trim().toLowerCase();
	return item.name.toLowerCase().includes(needle) || String(item.value).toLowerCase() === needle;
}

/** `{data: [...]}`, or a list nested one level down (`{data: {automations: [...]}}`). */
function recordsOf(answer: unknown): IDataObject[] {
	const data = (answer as IDataObject | undefined)?.data;
	if (Array.isArray(data)) return data as IDataObject[];
	if (data && typeof data === 'object') {
		const only = Object.values(data).find(Array.isArray);
		if (only) return only as IDataObject[];
	}
	return [];
}

/**
 * The searchable list of one family (assistants, campaigns, phone numbers…), through the family's
 * list operation: a page per scroll; with a filter, the platform's own search parameter where the
 * list has one, else pages are read (up to MOST_SCANNED records) and matched by name or ID here.
 */
function familySearch(list: CatalogOperation, paged: boolean): Search {
	const searchParam = list.fields.find((field) => field.in === 'query' && (field.key === 'q' || field.key === 'search'))?.key;
	const platform2 = { operation: list.name, scopes: list.scopes };
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const wanted = filter?.trim() ?? '';
		const read = async (offset: number, extra: IDataObject = {}) =>
			recordsOf(await apiRequest.call(this, 'GET', list.path, { platform2, qs: paged ? { limit: PAGE, offset, ...extra } : extra }));
		if (!paged) {
			const items = (await read(0)).map(itemOf);
			return { results: wanted ? items.filter((item) => matches(item, wanted)) : items };
		}
		const offset = Math.max(0, Number(paginationToken) || 0);
		if (wanted && searchParam) {
			const records = await read(offset, { [searchParam]: wanted });
			return { results: records.map(itemOf), paginationToken: records.length === PAGE ? String(offset + PAGE) : undefined };
		}
		if (wanted) {
			const results: INodeListSearchItems[] = [];
			for (let at = 0; at < MOST_SCANNED; at += PAGE) {
				const records = await read(at);
				results.push(...records.map(itemOf).filter((item) => matches(item, wanted)));
				if (records.length < PAGE) break;
			}
			return { results };
		}
		const records = await read(offset);
		return { results: records.map(itemOf), paginationToken: records.length === PAGE ? String(offset + PAGE) : undefined };
	};
}

/** One searchable-list method per family, named as the fields ask for them (platform2/fields.ts). */
export const platform2ListSearch: Record<string, Search> = Object.fromEntries(
	listedFamilies().map((family) => [familySearchMethod(family.family), familySearch(family.operation, family.paged)]),
);
