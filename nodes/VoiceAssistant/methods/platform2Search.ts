import { NodeOperationError } from 'n8n-workflow';
import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { FAMILIES, OPERATIONS } from '../actions/platform2/catalog/catalog.generated';
import type { CatalogFamily, CatalogField } from '../actions/platform2/catalog/types';
import { familyOptionsMethod, familySearchMethod } from '../actions/platform2/families';
import { collectionOf } from '../actions/platform2/fields';
import { isUuid } from '../shared/uuid';
import { itemsOf, listedAmong, matches, page, scan, searchRecords, type Listed, type Search } from './platform2Lists';

type Load = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;

const LISTED: ReadonlyMap<string, Listed> = new Map(listedAmong(FAMILIES, OPERATIONS).map((family) => [family.family, family]));

/**
 * The field of the operation open in the editor that `which` picks: its label and value (top level when
 * required, else in its collection), a picked record's ID taken out of its locator by n8n (extractValue).
 */
function currentField(ctx: ILoadOptionsFunctions, which: (field: CatalogField) => boolean): { label?: string; value: unknown } {
	const op = OPERATIONS.find((entry) => entry.id === ctx.getCurrentNodeParameter('operation'));
	const field = op?.fields.find(which);
	if (!op || !field) return { value: undefined };
	return { label: field.label, value: ctx.getCurrentNodeParameter(field.required ? field.param : `${collectionOf(op, field)}.${field.param}`, { extractValue: true }) };
}

/** The ID of the record of `family` picked in the operation open in the editor ('' when none is). */
function pickedParent(ctx: ILoadOptionsFunctions, family: string): string {
	const { value } = currentField(ctx, (field) => field.family === family && field.type === 'string');
	return typeof value === 'string' ? value.trim() : '';
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
	const parentList = LISTED.get(parent.family) as Listed;
	const parents = (await scan(ctx, parentList, parentList.operation.path, MOST_PARENTS + 1)).filter((item) => String(item.value).toLowerCase() !== picked).slice(0, MOST_PARENTS);
	const from = filter ? 0 : Math.max(0, Number(token) || 0);
	const to = filter ? parents.length : Math.min(parents.length, from + PARENTS_PER_PAGE);
	const results: INodeListSearchItems[] = [];
	for (const { name, value } of parents.slice(from, to)) {
		const { records } = await page(ctx, family, family.operation.path.replace(`{${parent.key}}`, encodeURIComponent(String(value))), undefined);
		results.push(...itemsOf(records, family).map((item) => ({ ...item, name: `${item.name} (${name})` })));
	}
	return { results: filter ? results.filter((item) => matches(item, filter)) : results, paginationToken: to < parents.length ? String(to) : undefined };
}

/**
 * The searchable list of one family (assistants, campaigns, phone numbers…), through the family's list
 * operation (platform2Lists.ts); a list under a parent record reads the parent picked in the operation.
 */
function familySearch(family: Listed): Search {
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const wanted = filter?.trim() ?? '';
		if (family.parent?.across) return await acrossParents(this, family, wanted, paginationToken);
		return await searchRecords(this, family, listPath(this, family), wanted, paginationToken);
	};
}

/** The multi-select of one family (a list of IDs): its first MOST_SCANNED records by name. */
function familyOptions(family: Listed): Load {
	return async function (this: ILoadOptionsFunctions) {
		return (await scan(this, family, listPath(this, family))).map(({ name, value, description }) => ({ name, value, ...(description ? { description } : {}) }));
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

/** One searchable-list method per family, named as the fields ask for them (actions/platform2/fields.ts). */
export const platform2ListSearch: Record<string, Search> = {
	...listSearchOfListed,
	...Object.fromEntries(FAMILIES.filter((family) => family.chosenBy).map((family) => [familySearchMethod(family.family), chosenFamilySearch(family, listSearchOfListed)])),
};

/**
 * One dropdown method per family, for the fields that take a list of its records' IDs (none takes a
 * list of a family read across parents: those are picked one at a time, from the searchable list).
 */
export const platform2RecordOptions: Record<string, Load> = Object.fromEntries([...LISTED.values()].filter((family) => !family.parent?.across).map((family) => [familyOptionsMethod(family.family), familyOptions(family)]));
