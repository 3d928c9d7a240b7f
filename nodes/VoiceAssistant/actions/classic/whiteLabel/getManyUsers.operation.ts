import { returnAllFields } from '../../../shared/fields';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { resellerRequest } from './reseller';

interface ListUsers extends Prepared {
	limit: number;
}

/** GET /white-label/users → {data: [{id, name, email, minutes_balance, credits_balance, created_at}]}. */
export const operation: Operation<ListUsers> = {
	value: 'getManyUsers',
	name: 'Get Many Users',
	description: 'List the users of your white label with their minutes and credits balances. Needs the reseller (white-label admin) token.',
	action: 'Get many white-label users',
	fields: returnAllFields(),
	prepare: (item) => ({ limit: item.paging().limit, request: { method: 'GET', path: '/white-label/users' } }),
	send: async (prepared, api) => await resellerRequest(api, prepared.request, 'Get Many Users'),
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request, 'data').slice(0, limit),
};
