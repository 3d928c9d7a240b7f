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
const LISTED: ReadonlyMap<string, Listed> = new Map(listedFamilies().map((family) => [family.family, family]));

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
function itemsOf(records: IDataObject[], family: CatalogFamily): INodeListSearchItems[] {
	const key = family.value ?? 'id';
	return records.filter((record) => typeof record[key] === 'string' || typeof record[key] === 'number').map((record) => itemOf(record, key));
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

/** The ID of the record of `family` picked in the operation open in the editor ('' when none is). */
function pickedParent(ctx: ILoadOptionsFunctions, family: string): string {
	const { value } = currentField(ctx, (field) => field.family === family && field.type === 'string');
	const picked = value !== null && typeof value === 'object' && '__rl' in value ? (value as { value?: unknown }).value : value;
	return typeof picked === 'string' ? picked.trim() : '';
}

/**
 * The list's path. A list under a parent record (an assistant's versions, a knowledge base's
 * documents) reads the parent picked in the same operation; without one it says what to pick first.
 */
function listPath(ctx: ILoadOptionsFunctions, family: Listed): string {
	const parent = family.parent;
	if (!parent) return family.operation.path;
	const id = pickedParent(ctx, parent.family);
	if (!isUuid(id)) {
		const parentLabel = LISTED.get(parent.family)?.label ?? parent.family;
		throw new NodeOperationError(ctx.getNode(), `Choose the ${parentLabel} first: the list shows the ${family.label.toLowerCase()}s of one ${parentLabel.toLowerCase()}`);
	}
	return family.operation.path.replace(`{${parent.key}}`, encodeURIComponent(id));
}

/** One page of a family's records: offset-paged, cursor-paged, or the whole (unpaged) list. */
async function page(ctx: ILoadOptionsFunctions, family: Listed, token: string | undefined, extra: IDataObject = {}, path = listPath(ctx, family)): Promise<{ records: IDataObject[]; next?: string }> {
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

/** Up to `most` records (MOST_SCANNED unless fewer are needed), page after page. */
async function scan(ctx: ILoadOptionsFunctions, family: Listed, most = MOST_SCANNED): Promise<INodeListSearchItems[]> {
	const items: INodeListSearchItems[] = [];
	let token: string | undefined;
	do {
		const { records, next } = await page(ctx, family, token);
		items.push(...itemsOf(records, family));
		token = next;
	} while (token !== undefined && items.length < most);
	return items.slice(0, most);
}

/** Parents whose records one page of a list read across parents shows (a request each). */
const PARENTS_PER_PAGE = 5;
/** The most parents a list read across parents reads (the first, in their list's order). */
const MOST_PARENTS = 20;

/**
 * A list read across every parent record (FAMILIES' `across`: the widgets kept on any dashboard), each
 * record named with its parent's name. The parent picked in the operation is left out: its records are
 * on it already. PARENTS_PER_PAGE parents a page; with a filter, the first MOST_PARENTS at once.
 */
async function acrossParents(ctx: ILoadOptionsFunctions, family: Listed, filter: string, token?: string): Promise<INodeListSearchResult> {
	const parent = family.parent as NonNullable<CatalogFamily['parent']>;
	const picked = pickedParent(ctx, parent.family).toLowerCase();
	// one more than MOST_PARENTS: the parent picked may be among them
	const parents = (await scan(ctx, LISTED.get(parent.family) as Listed, MOST_PARENTS + 1)).filter((item) => String(item.value).toLowerCase() !== picked).slice(0, MOST_PARENTS);
	const from = filter ? 0 : Math.max(0, Number(token) || 0);
	const to = filter ? parents.length : Math.min(parents.length, from + PARENTS_PER_PAGE);
	const results: INodeListSearchItems[] = [];
	for (const { name, value } of parents.slice(from, to)) {
		const { records } = await page(ctx, family, undefined, {}, family.operation.path.replace(`{${parent.key}}`, encodeURIComponent(String(value))));
		results.push(...itemsOf(records, family).map((item) => ({ ...item, name: `${item.name} (${name})` })));
	}
	return { results: filter ? results.filter((item) => matches(item, filter)) : results, paginationToken: to < parents.length ? String(to) : undefined };
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
		if (family.parent?.across) return await acrossParents(this, family, wanted, paginationToken);
		if (wanted && searchParam) {
			const { records, next } = await page(this, family, paginationToken, { [searchParam]: wanted });
			return { results: itemsOf(records, family), paginationToken: next };
		}
		if (wanted) return { results: (await scan(this, family)).filter((item) => matches(item, wanted)) };
		const { records, next } = await page(this, family, paginationToken);
		return { results: itemsOf(records, family), paginationToken: next };
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

const listSearchOfListed: Record<string, Search> = Object.fromEntries([...LISTED.values()].map((family) => [familySearchMethod(family.family), familySearch(family)]));

/** One searchable-list method per family, named as the fields ask for them (platform2/fields.ts). */
export const platform2ListSearch: Record<string, Search> = {
	...listSearchOfListed,
	...Object.fromEntries(FAMILIES.filter((family) => family.chosenBy).map((family) => [familySearchMethod(family.family), chosenFamilySearch(family, listSearchOfListed)])),
};

/**
 * One dropdown method per family, for the fields that take a list of its records' IDs (none takes a
 * list of a family read across parents: those are picked one at a time, from the searchable list).
 */
export const platform2RecordOptions: Record<string, Load> = Object.fromEntries([...LISTED.values()].filter((family) => !family.parent?.across).map((family) => [familyOptionsMethod(family.family), familyOptions(family)]));
