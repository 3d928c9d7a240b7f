import { deleteOperation } from '../deleteRecord';
import { toolLocator } from './fields';

/** DELETE /user/tools/{id} → {message}; the platform takes the tool off every assistant that used it. */
export const operation = deleteOperation({
	noun: 'Tool',
	path: '/user/tools',
	idField: toolLocator('The tool to delete'),
	description: 'Delete a mid-call tool for good; every assistant that used it loses it',
	agentNeedsOptIn: 'deleting a tool cannot be undone and takes it off every assistant that used it',
});
