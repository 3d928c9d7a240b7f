import type { Resource } from '../../../engine/operation';
import { operation as add } from './add.operation';
import { operation as deleteDocument } from './delete.operation';
import { operation as get } from './get.operation';
import { operation as getMany } from './getMany.operation';
import { operation as update } from './update.operation';

/**
 * The documents of a knowledge base, as a resource of their own (like n8n's "Database Page" beside
 * "Database"): the same five verbs as every resource, each with the knowledge base picked first.
 */
export const resource: Resource = {
	value: 'knowledgeBaseDocument',
	name: 'Knowledge Base Document',
	defaultOperation: 'getMany',
	operations: [add, deleteDocument, get, getMany, update],
};
