import { assistantLocator } from '../../../shared/locators';
import { deleteOperation } from '../deleteRecord';

/** DELETE /user/assistant/{id} (singular, like create and update; 2026 docs) → {message}. */
export const operation = deleteOperation({
	noun: 'Assistant',
	path: '/user/assistant',
	idField: assistantLocator({ searchListMethod: 'searchAssistants', description: 'The assistant to delete' }),
	description: 'Delete an assistant for good (no restore); calls in progress with it may be cut off',
	agentNeedsOptIn: 'deleting an assistant cannot be undone and may cut off its calls in progress',
});
