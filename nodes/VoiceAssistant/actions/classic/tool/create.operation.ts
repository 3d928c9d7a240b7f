import { dataAnswer, writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { toolBody } from './body';
import { createFields } from './fields';

/**
 * POST /user/tools → 201 {message, data: Tool}. The plan limit (5 tools in the docs' example) is the
 * platform's 422, passed on with its words.
 */
export const operation: Operation<Prepared> = {
	value: 'create',
	name: 'Create',
	description:
		'Create a mid-call tool: an HTTP endpoint an assistant calls during a call with what it gathered (give it to an assistant with its tool IDs)',
	action: 'Create a tool',
	write: { mayHaveHappened: 'the tool may have been created', done: ['tool created', 'tools created'] },
	fields: createFields,
	prepare: (item) => ({ request: { method: 'POST', path: '/user/tools', body: toolBody(item, 'create') } }),
	output: (answer, { request }, api) => [writeResult(dataAnswer(answer, api, request, 'the tool was probably created'))],
};
