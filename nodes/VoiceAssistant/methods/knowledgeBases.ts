/**
 * Knowledge bases and their documents in the editor: the dropdown getKnowledgeBases (also for the
 * assistant's knowledge base) and the searchable lists of the Knowledge Base and Document pickers.
 * Neither list is paged by the platform, so the filter matches name or ID here.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { isObject } from '../shared/objects';
import { apiRequest } from '../transport/request';

const KB_PATH = '/user/knowledgebases';

/** The records of {data: [...]} or a bare array; anything else reads as none. */
function records(answer: unknown): IDataObject[] {
	const list = isObject(answer) ? answer.data : answer;
	return (Array.isArray(list) ? list : []).filter(isObject);
}

function matches(record: IDataObject, filter?: string): boolean {
	if (!filter || filter.trim() === '') return true;
	const needle = filter.trim().toLowerCase();
	return String(record.name ?? '').toLowerCase().includes(needle) || String(record.id) === needle;
}

/** Status label and `extra`, e.g. ['Active', '2 documents']. */
function details(record: IDataObject, extra: string[] = []): string[] {
	return [record.status_label ?? record.status, ...extra].filter((part) => part !== undefined && part !== null && part !== '').map(String);
}

function documentCount(kb: IDataObject): string[] {
	const count = Number(kb.documents_count);
	return Number.isInteger(count) ? [`${count} document${count === 1 ? '' : 's'}`] : [];
}

async function knowledgeBases(ctx: ILoadOptionsFunctions): Promise<IDataObject[]> {
	return records(await apiRequest.call(ctx, 'GET', KB_PATH));
}

/** Knowledge bases by name; the value is the numeric ID (what knowledgebase_id takes). */
export async function getKnowledgeBases(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await knowledgeBases(this))
		.map((kb) => ({
			name: String(kb.name),
			value: Number(kb.id),
			description: [`ID ${String(kb.id)}`, ...details(kb, documentCount(kb))].join(', '),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

function item(record: IDataObject, extra: string[] = []): INodeListSearchItems {
	const shown = details(record, extra);
	return { name: `${String(record.name)}${shown.length > 0 ? ` (${shown.join(', ')})` : ''}`, value: String(record.id) };
}

export async function searchKnowledgeBases(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return { results: (await knowledgeBases(this)).filter((kb) => matches(kb, filter)).map((kb) => item(kb, documentCount(kb))) };
}

/** The documents of the knowledge base picked above (its ID is needed first). */
export async function searchKnowledgeBaseDocuments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const chosen = this.getCurrentNodeParameter('knowledgeBaseId', { extractValue: true }) as unknown;
	const id = typeof chosen === 'number' ? String(chosen) : typeof chosen === 'string' ? chosen.trim() : '';
	if (!/^\d+$/.test(id)) {
		throw new NodeOperationError(this.getNode(), 'Choose the Knowledge Base first: its documents are listed here');
	}
	const documents = records(await apiRequest.call(this, 'GET', `${KB_PATH}/${id}/documents`, { notFound: `Knowledge base ${id}` }));
	return { results: documents.filter((doc) => matches(doc, filter)).map((doc) => item(doc, doc.type_label || doc.type ? [String(doc.type_label ?? doc.type)] : [])) };
}
