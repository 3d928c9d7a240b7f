import { writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { createBody, createProperties } from './fields/body';
import { createForm2026, KEYS_2026 } from './fields/generations';

/**
 * POST /user/assistant → {message, data: {id, name, status, type, mode}}. In the reference's keys
 * first; a host of the 2026 generation answers 422 naming its own keys (name, language_id, …), which
 * proves nothing was created, so the 2026 form goes once and is remembered for this host.
 */
export const operation: Operation<Prepared> = {
	value: 'create',
	name: 'Create',
	description: 'Create an AI voice assistant',
	action: 'Create an assistant',
	write: { mayHaveHappened: 'the assistant may have been created', done: ['assistant created', 'assistants created'] },
	fields: createProperties(),
	prepare: (item) => ({ request: { method: 'POST', path: '/user/assistant', body: createBody(item) } }),
	async resolve(prepared, lookup) {
		const body = prepared.request.body ?? {};
		const completeBody = async () => await createForm2026(body, lookup);
		return { request: { ...prepared.request, otherForm: { dialect: 'assistant body', completeBody, completeBodyKeys: KEYS_2026 } } };
	},
	output: (answer) => [writeResult(answer)],
};
