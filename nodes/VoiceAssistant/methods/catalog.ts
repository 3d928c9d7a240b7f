import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { FOLDER, LABEL, type GroupKind } from '../actions/classic/group/kinds';
import { PAGE_SIZE } from '../shared/limits';
import { isObject } from '../shared/objects';
import { apiRequestAllPages } from '../transport/paginate';
import { apiRequest } from '../transport/request';

/**
 * Mid-call tools, folders and labels for dropdowns (loadOptions: getTools, getFolders, getLabels;
 * the value is the numeric ID, what an assistant's tool_ids, folder_id and label_ids take) and for
 * resource locators (listSearch: searchTools, searchFolders, searchLabels; filtered by name or ID here,
 * the platform has no search parameter).
 */

async function tools(ctx: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const answer = (await apiRequest.call(ctx, 'GET', '/user/tools')) as unknown;
	const list = isObject(answer) ? answer.data : answer;
	return Array.isArray(list) ? list.filter(isObject) : [];
}

async function groups(ctx: ILoadOptionsFunctions, kind: GroupKind): Promise<IDataObject[]> {
	return await apiRequestAllPages.call(ctx, kind.listPath, {}, { returnAll: true, maxPerPage: PAGE_SIZE.groups.max });
}

function toolOption(tool: IDataObject): INodePropertyOptions {
	const about = typeof tool.description === 'string' ? `: ${tool.description.slice(0, 120)}` : '';
	return { name: String(tool.name), value: Number(tool.id), description: `ID ${String(tool.id)}${about}` };
}

function groupOption(group: IDataObject): INodePropertyOptions {
	const details = [group.color, group.assistants_count === undefined ? undefined : `${String(group.assistants_count)} assistants`].filter((part) => part !== undefined && part !== null);
	return { name: String(group.name), value: Number(group.id), description: [`ID ${String(group.id)}`, ...details.map(String)].join(', ') };
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

export async function getTools(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await tools(this)).map(toolOption).sort(byName);
}

export async function getFolders(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await groups(this, FOLDER)).map(groupOption).sort(byName);
}

export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await groups(this, LABEL)).map(groupOption).sort(byName);
}

function search(options: INodePropertyOptions[], filter?: string): INodeListSearchResult {
	const needle = (filter ?? '').trim().toLowerCase();
	const hits = needle === '' ? options : options.filter((o) => o.name.toLowerCase().includes(needle) || String(o.value) === needle);
	return { results: hits.map((o) => ({ name: o.name, value: String(o.value) })) };
}

export async function searchTools(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return search(await getTools.call(this), filter);
}

export async function searchFolders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return search(await getFolders.call(this), filter);
}

export async function searchLabels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return search(await getLabels.call(this), filter);
}
