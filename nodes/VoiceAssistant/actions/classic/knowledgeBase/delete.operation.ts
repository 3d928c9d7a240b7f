import { deleteOperation } from '../deleteRecord';
import { KB_PATH, knowledgeBaseLocator } from './fields';

/** DELETE /user/knowledgebases/{id} → {message}: its documents go too, assistants that used it lose it. */
export const operation = deleteOperation({
	noun: 'Knowledge base',
	path: KB_PATH,
	idField: knowledgeBaseLocator('The knowledge base to delete, with all its documents'),
	description: 'Delete a knowledge base and all its documents for good; assistants that use it answer without it from then on',
	agentNeedsOptIn: 'deleting a knowledge base cannot be undone: all its documents go, and assistants that use it lose it',
});
