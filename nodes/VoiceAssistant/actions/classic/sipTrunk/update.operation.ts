import { writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { trunkBody } from './body';
import { updateFields } from './fields';
import { passwordOf, requestHidingPassword, withoutPassword } from './secret';

interface UpdateTrunk extends Prepared {
	id: number;
}

/** PUT /user/phone-numbers/sip-trunks/{id} with only the fields added → {message, data: Trunk}. */
export const operation: Operation<UpdateTrunk> = {
	value: 'update',
	name: 'Update',
	description:
		'Change a SIP trunk: any of its fields. New credentials, address, proxy or number re-provision it (new trunk IDs). The password is never in the output.',
	action: 'Update a SIP trunk',
	write: { mayHaveHappened: 'the SIP trunk may have been updated', done: ['SIP trunk updated', 'SIP trunks updated'] },
	fields: updateFields,
	prepare(item) {
		const id = item.locatorId('sipTrunkId', 'SIP Trunk');
		return { id, request: { method: 'PUT', path: `/user/phone-numbers/sip-trunks/${id}`, body: trunkBody(item, 'update'), notFound: `SIP trunk ${id}` } };
	},
	send: async (prepared, api) => await requestHidingPassword(api, prepared.request),
	output: (answer, { id, request }) => [{ id, ...writeResult(withoutPassword(answer, passwordOf(request))) }],
};
