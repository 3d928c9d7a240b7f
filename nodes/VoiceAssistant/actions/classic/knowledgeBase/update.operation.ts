import type { Operation, Prepared } from '../../../engine/operation';
import { updateResult } from './answers';
import { KB_PATH, knowledgeBaseLocator, readKnowledgeBaseId, readUpdateBody, updateFields } from './fields';

interface UpdateKnowledgeBase extends Prepared {
	id: number;
}

/** PUT /user/knowledgebases/{id} {name?, description?} → {message, data}; documents and status stay as they are. */
export const operation: Operation<UpdateKnowledgeBase> = {
	value: 'update',
	name: 'Update',
	description: 'Rename a knowledge base or change its description (its documents stay as they are)',
	action: 'Update a knowledge base',
	write: { mayHaveHappened: 'the knowledge base may have been updated', done: ['knowledge base updated', 'knowledge bases updated'] },
	fields: [knowledgeBaseLocator('The knowledge base to change'), updateFields('knowledge base')],
	prepare(item) {
		const id = readKnowledgeBaseId(item);
		const body = readUpdateBody(item);
		return { id, request: { method: 'PUT', path: `${KB_PATH}/${id}`, body, notFound: `Knowledge base ${id}` } };
	},
	output: (answer, { id }) => [updateResult(answer, id, 'Knowledgebase updated successfully.')],
};
