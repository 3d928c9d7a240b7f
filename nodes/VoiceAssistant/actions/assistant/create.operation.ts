import { writeResult } from '../../engine/answers';
import type { Operation, Prepared } from '../../engine/operation';
import { createBody, createProperties } from './fields/body';

/** POST /user/assistant → {message, data: {id, name, status, type, mode}}. */
export const operation: Operation<Prepared> = {
	value: 'create',
	name: 'Create',
	description: 'Create an AI voice assistant',
	action: 'Create an assistant',
	write: { mayHaveHappened: 'the assistant may have been created', done: ['assistant created', 'assistants created'] },
	fields: createProperties(),
	prepare: (item) => ({ request: { method: 'POST', path: '/user/assistant', body: createBody(item) } }),
	output: (answer) => [writeResult(answer)],
};
