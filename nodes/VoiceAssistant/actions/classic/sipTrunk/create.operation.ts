import { dataAnswer, writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { trunkBody } from './body';
import { createFields } from './fields';
import { passwordOf, requestHidingPassword, withoutPassword } from './secret';

/**
 * POST /user/phone-numbers/sip-trunks → 201 {message, data: Trunk}; 409 {error} when a trunk with the
 * same number, username and address exists. The password is sent, never output nor quoted in an error.
 */
export const operation: Operation<Prepared> = {
	value: 'create',
	name: 'Create',
	description:
		'Connect your own SIP server (a PBX or carrier) as a number or extension the assistants can use. The SIP password is write-only: it is never shown again and never in the output.',
	action: 'Create a SIP trunk',
	write: { mayHaveHappened: 'the SIP trunk may have been created', done: ['SIP trunk created', 'SIP trunks created'] },
	fields: createFields,
	prepare: (item) => ({ request: { method: 'POST', path: '/user/phone-numbers/sip-trunks', body: trunkBody(item, 'create') } }),
	send: async (prepared, api) => await requestHidingPassword(api, prepared.request),
	// masked before it is read: an answer of an unexpected shape is quoted in the error
	output: (answer, { request }, api) => [writeResult(dataAnswer(withoutPassword(answer, passwordOf(request)), api, request, 'the SIP trunk was probably created'))],
};
