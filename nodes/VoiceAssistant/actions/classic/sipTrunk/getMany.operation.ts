import { returnAllFields } from '../../../shared/fields';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { withoutPassword } from './secret';

interface ListTrunks extends Prepared {
	limit: number;
}

/** GET /user/phone-numbers/sip-trunks → {data: [Trunk]} (a bare array is accepted too); Limit is applied here. */
export const operation: Operation<ListTrunks> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List the SIP trunks of the account: number or extension, SIP server, calling format and inbound authorization (never the password)',
	action: 'Get many SIP trunks',
	fields: returnAllFields(),
	prepare: (item) => ({ limit: item.paging().limit, request: { method: 'GET', path: '/user/phone-numbers/sip-trunks' } }),
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request, 'data').slice(0, limit).map((trunk) => withoutPassword(trunk)),
};
