import { writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { toolBody } from './body';
import { updateFields } from './fields';

interface UpdateTool extends Prepared {
	id: number;
}

/** PUT /user/tools/{id} with only the fields added; Headers and Parameters replace the stored lists. */
export const operation: Operation<UpdateTool> = {
	value: 'update',
	name: 'Update',
	description: 'Change a mid-call tool: any of its fields; headers and parameters given replace the stored ones',
	action: 'Update a tool',
	write: { mayHaveHappened: 'the tool may have been updated', done: ['tool updated', 'tools updated'] },
	fields: updateFields,
	prepare(item) {
		const id = item.locatorId('toolId', 'Tool');
		return { id, request: { method: 'PUT', path: `/user/tools/${id}`, body: toolBody(item, 'update'), notFound: `Tool ${id}` } };
	},
	output: (answer, { id }) => [{ id, ...writeResult(answer) }],
};
