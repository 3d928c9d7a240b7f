import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { FAMILIES, OPERATIONS } from '../platform2/catalog/catalog.generated';
import type { CatalogFamily, CatalogField, CatalogOperation } from '../platform2/catalog/types';
import { familyOptionsMethod, familySearchMethod, listedFamilies } from '../platform2/families';
import { collectionOf } from '../platform2/fields';
import { isUuid } from '../shared/uuid';
import { apiRequest } from '../transport/request';

/** Records per request while the user scrolls a list. */
const PAGE = 100;
/** With a filter and no search parameter on the platform (and for a multi-select): the most records read. */
const MOST_SCANNED = 1000;

type Search = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;
type Load = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;
type Listed = CatalogFamily & { operation: CatalogOperation };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** What a person recognises a record by: its name, or its number (with its label), address or ID. */
function itemOf(record: IDataObject): INodeListSearchItems {
	const id = String(record.id ?? '');
	const number = text(record.number) ?? text(record.e164) ?? text(record.phone_number);
	// a phone number is picked by the number itself: "+4930555010101 (Berlin main)", not by its label alone
	const numbered = number && !text(record.name) ? `${number}${text(record.label) ? ` (${String(record.label)})` : ''}` : undefined;
	const named =
		numbered ??
		[record.name, record.label, record.title, record.display_name, record.question, record.email, record.to_number].map(text).find((value) => value !== undefined);
	return { name: named ?? id, value: id, description: named ? id : undefined };
}

function matches(item: INodeListSearchItems, filter: string): boolean {
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

/** The field of the operation open in the editor that `which` picks: its label and value (top level when required, else in its collection). */
function currentField(ctx: ILoadOptionsFunctions, which: (field: CatalogField) => boolean): { label?: string; value: unknown } {
	const op = OPERATIONS.find((entry) => entry.id === ctx.getCurrentNodeParameter('operation'));
	const field = op?.fields.find(which);
	if (!op || !field) return { value: undefined };
	return { label: field.label, value: ctx.getCurrentNodeParameter(field.required ? field.param : `${collectionOf(op, field)}.${field.param}`) };
}

/**
 * The list's path. A list under a parent record (an assistant's versions, a knowledge base's
 * documents) reads the parent picked in the same operation; without one it says what to pick first.
 */
function listPath(ctx: ILoadOptionsFunctions, family: Listed): string {
	const parent = family.parent;
	if (!parent) return family.operation.path;
	const { value } = currentField(ctx, (field) => field.family === parent.family && field.type === 'string');
	const picked = value !== null && typeof value === 'object' && '__rl' in value ? (value as { value?: unknown }).value : value;
	const id = typeof picked === 'string' ? picked.trim() : '';
	if (!isUuid(id)) {
		const parentLabel = listedFamilies().find((other) => other.family === parent.family)?.label ?? parent.family;
		throw new NodeOperationError(ctx.getNode(), `Choose the ${parentLabel} first: the list shows the ${family.label.toLowerCase()}s of one ${parentLabel.toLowerCase()}`);
	}
	return family.operation.path.replace(`{${parent.key}}`, encodeURIComponent(id));
}

/** One page of a family's records: offset-paged, cursor-paged, or the whole (unpaged) list. */
async function page(ctx: ILoadOptionsFunctions, family: Listed, token: string | undefined, extra: IDataObject = {}): Promise<{ records: IDataObject[]; next?: string }> {
	const list = family.operation;
	const platform2 = { operation: list.name, scopes: list.scopes };
	const path = listPath(ctx, family);
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

/** Up to MOST_SCANNED records, page after page. */
async function scan(ctx: ILoadOptionsFunctions, family: Listed): Promise<INodeListSearchItems[]> {
	const items: INodeListSearchItems[] = [];
	let token: string | undefined;
	do {
		const { records, next } = await page(ctx, family, token);
		items.push(...records.map(itemOf));
		token = next;
	} while (token !== undefined && items.length < MOST_SCANNED);
	return items.slice(0, MOST_SCANNED);
}

/**
 * The searchable list of one family (assistants, campaigns, phone numbers…), through the family's
 * list operation: a page per scroll; with a filter, the platform's own search parameter where the
 * list has one, else pages are read (up to MOST_SCANNED records) and matched by name or ID here.
 */
function familySearch(family: Listed): Search {
	const searchParam = family.operation.fields.find((field) => field.in === 'query' && (field.key === 'q' || field.key === 'search'))?.key;
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const wanted = filter?.trim() ?? '';
		if (wanted && searchParam) {
			const { records, next } = await page(this, family, paginationToken, { [searchParam]: wanted });
			return { results: records.map(itemOf), paginationToken: next };
		}
		if (wanted) return { results: (await scan(this, family)).filter((item) => matches(item, wanted)) };
		const { records, next } = await page(this, family, paginationToken);
		return { results: records.map(itemOf), paginationToken: next };
	};
}

/** The multi-select of one family (a list of IDs): its first MOST_SCANNED records by name. */
function familyOptions(family: Listed): Load {
	return async function (this: ILoadOptionsFunctions) {
		return (await scan(this, family)).map(({ name, value, description }) => ({ name, value, ...(description ? { description } : {}) }));
	};
}

/**
 * The list of a family another field names (FAMILIES' chosenBy): a Loop number's Target is a member, a
 * ring group, a queue, a routing rule or an assistant, as Target Type says; that family's list is shown.
 */
function chosenFamilySearch(family: CatalogFamily, byFamily: Record<string, Search>): Search {
	const chosenBy = family.chosenBy as NonNullable<CatalogFamily['chosenBy']>;
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const { label = chosenBy.key, value: kind } = currentField(this, (field) => field.key === chosenBy.key);
		const target = typeof kind === 'string' ? chosenBy.families[kind] : undefined;
		if (!target) {
			const named = typeof kind === 'string' && kind !== '';
			const noun = named ? kind.replace(/_/g, ' ') : '';
			throw new NodeOperationError(this.getNode(), named ? `${/^[aeiou]/.test(noun) ? 'An' : 'A'} ${noun} has no list to pick from: give its ID (By ID)` : `Choose the ${label} first`);
		}
		return await byFamily[familySearchMethod(target)].call(this, filter, paginationToken);
	};
}

const listSearchOfListed: Record<string, Search> = Object.fromEntries(listedFamilies().map((family) => [familySearchMethod(family.family), familySearch(family)]));

/** One searchable-list method per family, named as the fields ask for them (platform2/fields.ts). */
export const platform2ListSearch: Record<string, Search> = {
	...listSearchOfListed,
	...Object.fromEntries(FAMILIES.filter((family) => family.chosenBy).map((family) => [familySearchMethod(family.family), chosenFamilySearch(family, listSearchOfListed)])),
};

/** One dropdown method per family, for the fields that take a list of its records' IDs. */
export const platform2RecordOptions: Record<string, Load> = Object.fromEntries(listedFamilies().map((family) => [familyOptionsMethod(family.family), familyOptions(family)]));
