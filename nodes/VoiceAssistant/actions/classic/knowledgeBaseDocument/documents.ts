/** Paths, pickers and output of the documents of a knowledge base (/user/knowledgebases/{kbId}/documents). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { recordLocator } from '../../../shared/locators';
import type { ItemParams } from '../../../engine/itemParams';
import { KB_PATH, readKnowledgeBaseId } from '../knowledgeBase/fields';

export interface DocumentRef {
	knowledgeBaseId: number;
	documentId: number;
}

/** A document of the chosen knowledge base, From List (its documents) or By ID. */
export function documentLocator(description: string): INodeProperties {
	return recordLocator({ name: 'documentId', noun: 'document', example: '12', searchListMethod: 'searchKnowledgeBaseDocuments', description });
}

export function documentsPath(knowledgeBaseId: number): string {
	return `${KB_PATH}/${knowledgeBaseId}/documents`;
}

/** The knowledge base and the document an item names (both pickers), checked before sending. */
export function readDocumentRef(item: ItemParams): DocumentRef {
	return { knowledgeBaseId: readKnowledgeBaseId(item), documentId: item.locatorId('documentId', 'Document') };
}

export function documentPath(ref: DocumentRef): string {
	return `${documentsPath(ref.knowledgeBaseId)}/${ref.documentId}`;
}

/** A 404 is about the knowledge base or the document: the platform's words ({error}) say which. */
export function documentNotFound(ref: DocumentRef): string {
	return `Document ${ref.documentId} of knowledge base ${ref.knowledgeBaseId}`;
}

/**
 * A document record as output: the platform's fields plus `knowledgebase_id` (the records do not carry
 * it), so a later node can address the document with both IDs.
 */
export function documentOutput(record: IDataObject, knowledgeBaseId: number): IDataObject {
	return { ...record, knowledgebase_id: knowledgeBaseId };
}
