import { assistantLocator } from '../../shared/fields';
import { writeResult } from '../../engine/answers';
import type { Operation, Prepared } from '../../engine/operation';
import { updateBody, updateProperties } from './fields/body';

interface UpdateAssistant extends Prepared {
	id: number;
}

/** PUT /user/assistant/{id} with only the fields the user added; null clears phone number / webhook URL. */
export const operation: Operation<UpdateAssistant> = {
	value: 'update',
	name: 'Update',
	description: 'Change settings of an assistant',
	action: 'Update an assistant',
	write: { mayHaveHappened: 'the assistant may have been updated', done: ['assistant updated', 'assistants updated'] },
	fields: [assistantLocator({ searchListMethod: 'searchAssistants', description: 'The assistant to change' }), ...updateProperties()],
	prepare(item) {
		const id = item.locatorId('assistantId', 'Assistant');
		return { id, request: { method: 'PUT', path: `/user/assistant/${id}`, body: updateBody(item), notFound: `Assistant ${id}` } };
	},
	output: (answer, { id }) => [{ id, ...writeResult(answer) }],
};
