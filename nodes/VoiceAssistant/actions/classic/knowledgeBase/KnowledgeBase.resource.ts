import type { Resource } from '../../../engine/operation';
import { operation as create } from './create.operation';
import { operation as deleteKnowledgeBase } from './delete.operation';
import { operation as get } from './get.operation';
import { operation as getMany } from './getMany.operation';
import { operation as update } from './update.operation';

export const resource: Resource = {
	value: 'knowledgeBase',
	name: 'Knowledge Base',
	defaultOperation: 'getMany',
	operations: [create, deleteKnowledgeBase, get, getMany, update],
};
