/**
 * Reading one Platform 2.0 list for a picker: a page per scroll, a search, records named as a person
 * knows them. Apart from the catalogue (no import of it), so a node that needs only a list or two (the
 * polling trigger) loads only those; platform2Search.ts builds every family's picker on it.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import type { CatalogFamily, CatalogOperation } from '../actions/platform2/catalog/types';
import { apiRequest } from '../transport/request';

/** Records per request while the user scrolls a list. */
const PAGE = 100;
/** With a filter and no search parameter on the platform (and for a multi-select): the most records read. */
const MOST_SCANNED = 1000;

/** A searchable list's method, as n8n calls it (listSearch). */
export type Search = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;

/** A family with its list operation. */
export type Listed = CatalogFamily & { operation: CatalogOperation };

/** The families listed by one of `operations` (a family whose list is elsewhere is left out). */
export function listedAmong(families: readonly CatalogFamily[], operations: readonly CatalogOperation[]): Listed[] {
	return families.flatMap((family) => {
		const operation = operations.find((op) => op.id === family.list);
		return operation ? [{ ...family, operation }] : [];
	});
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * What a person recognises a record by: its name, or its number (with its label), address or ID; a
 * team member also by their role. `valueKey`: the record's key that holds the ID asked for (default `id`).
 */
function itemOf(record: IDataObject, valueKey = 'id'): INodeListSearchItems {
	const id = String(record[valueKey] ?? '');
	const number = text(record.number) ?? text(record.e164) ?? text(record.phone_number);
	// a phone number is picked by the number itself: "+4930555010101 (Berlin main)", not by its label alone
	const numbered = number && !text(record.name) ? `${number}${text(record.label) ? ` (${String(record.label)})` : ''}` : undefined;
	const named =
		numbered ??
		[record.name, record.label, record.title, record.display_name, record.question, record.email, record.to_number].map(text).find((value) => value !== undefined);
	const role = text(record.role);
	return { name: `${named ?? id}${role ? ` (${role})` : ''}`, value: id, description: named ? id : undefined };
}

/** The records' items, each under the ID the family asks for; a record without that ID is not offered. */
export function itemsOf(records: IDataObject[], family: CatalogFamily): INodeListSearchItems[] {
	const key = family.value ?? 'id';
	return records.filter((record) => typeof record[key] === 'string' || typeof record[key] === 'number').map((record) => itemOf(record, key));
}

export function matches(item: INodeListSearchItems, filter: string): boolean {
	const needle = filter.trim().toLowerCase();
	return item.name.toLowerCase().includes(needle) || String(item.value).toLowerCase() === needle;
}

/** `{data: [...]}`, or a list nested one level down (`{data: {automations: [...]}}`). */
function recordsOf(answer: unknown): IDataObject[] {
	const data = (answer as IDataObject | undefined)?.data;
	if (Array.isArray(data)) return (data as IDataObject[]).filter((record) => record && typeof record === 'object' && record.id !== undefined);
	if (data && typeof data === 'object') {
		const only = Object.values(data).find(Array.isArray);
		if (only) return (only as IDataObject[]).filter((record) => record && typeof record === 'object' && record.id !== undefined);
	}
	return [];
}

/** One page of a family's records at `path`: offset-paged, cursor-paged, or the whole (unpaged) list. */
export async function page(ctx: ILoadOptionsFunctions, family: Listed, path: string, token: string | undefined, extra: IDataObject = {}): Promise<{ records: IDataObject[]; next?: string }> {
	const list = family.operation;
	const platform2 = { operation: list.name, scopes: list.scopes };
	if (family.paged) {
		const offset = Math.max(0, Number(token) || 0);
		const records = recordsOf(await apiRequest.call(ctx, 'GET', path, { platform2, qs: { limit: PAGE, offset, ...extra } }));
		return { records, next: records.length === PAGE ? String(offset + PAGE) : undefined };
	}
	if (family.cursor || list.paging?.style === 'after' || list.paging?.style === 'cursor') {
		const cursorKey = list.fields.some((field) => field.key === 'after') || list.paging?.style === 'after' ? 'after' : 'cursor';
		const limit = list.paging && list.paging.max > 0 ? { limit: Math.min(PAGE, list.paging.max) } : {};
		const answer = (await apiRequest.call(ctx, 'GET', path, { platform2, qs: { ...limit, ...(token ? { [cursorKey]: token } : {}), ...extra } })) as IDataObject | undefined;
		const meta = (answer?.meta ?? {}) as IDataObject;
		const next = meta.next_cursor ?? meta.after ?? meta.next;
		return { records: recordsOf(answer), next: typeof next === 'string' && next !== '' && next !== token ? next : undefined };
	}
	const limitOnly = list.paging?.style === 'limitOnly' ? { limit: list.paging.max } : {};
	return { records: recordsOf(await apiRequest.call(ctx, 'GET', path, { platform2, qs: { ...limitOnly, ...extra } })) };
}

/** Up to `most` records at `path` (MOST_SCANNED unless fewer are needed), page after page. */
export async function scan(ctx: ILoadOptionsFunctions, family: Listed, path: string, most = MOST_SCANNED): Promise<INodeListSearchItems[]> {
	const items: INodeListSearchItems[] = [];
	let token: string | undefined;
	do {
		const { records, next } = await page(ctx, family, path, token);
		items.push(...itemsOf(records, family));
		token = next;
	} while (token !== undefined && items.length < most);
	return items.slice(0, most);
}

/**
 * The searchable list at `path`: a page per scroll; with a filter, the platform's own search parameter
 * where the list has one, else pages are read (up to MOST_SCANNED records) and matched by name or ID here.
 */
export async function searchRecords(ctx: ILoadOptionsFunctions, family: Listed, path: string, filter: string, token?: string): Promise<INodeListSearchResult> {
	const searchParam = family.operation.fields.find((field) => field.in === 'query' && (field.key === 'q' || field.key === 'search'))?.key;
	if (filter && searchParam) {
		const { records, next } = await page(ctx, family, path, token, { [searchParam]: filter });
		return { results: itemsOf(records, family), paginationToken: next };
	}
	if (filter) return { results: (await scan(ctx, family, path)).filter((item) => matches(item, filter)) };
	const { records, next } = await page(ctx, family, path, token);
	return { results: itemsOf(records, family), paginationToken: next };
}
