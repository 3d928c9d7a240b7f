import { recordAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { isObject } from '../../../shared/objects';
import { sipTrunkLocator } from './fields';
import { withoutPassword } from './secret';

/** GET /user/phone-numbers/sip-trunks/{id} → {data: Trunk} (the trunk itself is accepted too); 404 {error}. */
export const operation: Operation<Prepared> = {
	value: 'get',
	name: 'Get',
	description: 'Get one SIP trunk with its inbound and outbound trunk IDs (never the password)',
	action: 'Get a SIP trunk',
	fields: [sipTrunkLocator('The SIP trunk to get')],
	prepare(item) {
		const id = item.locatorId('sipTrunkId', 'SIP Trunk');
		return { request: { method: 'GET', path: `/user/phone-numbers/sip-trunks/${id}`, notFound: `SIP trunk ${id}` } };
	},
	output(answer, { request }, api) {
		const record = recordAnswer(answer, api, request, 'a SIP trunk record');
		return [withoutPassword(record.id === undefined && isObject(record.data) ? record.data : record)];
	},
};
