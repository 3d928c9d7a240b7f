import { assistantLocator } from '../../../shared/locators';
import { writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { updateBody, updateProperties } from './fields/body';
import { hasGenerationKeys, keys2026 } from './fields/generations';

interface UpdateAssistant extends Prepared {
	id: number;
}

/**
 * PUT /user/assistant/{id} with only the fields the user added; null clears phone number / webhook
 * URL / folder / knowledge base. A host ignores keys it does not know and still answers 200, so no
 * answer could prove an update in the other generation's keys unprocessed: a changed name,
 * language, model, direction or engine is sent in both generations' keys in one request.
 */
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
	async resolve(prepared, lookup) {
		const body = prepared.request.body ?? {};
		if (!hasGenerationKeys(body)) return prepared;
		return { ...prepared, request: { ...prepared.request, body: { ...body, ...(await keys2026(body, lookup)) } } };
	},
	output: (answer, { id }) => [{ id, ...writeResult(answer) }],
};
