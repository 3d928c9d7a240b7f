import { returnAllFields } from '../../../shared/fields';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

interface ListTools extends Prepared {
	limit: number;
}

/** GET /user/tools: a bare array, or {data: [...]} (the docs' field table); Limit is applied here. */
export const operation: Operation<ListTools> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List the mid-call tools of the account: the endpoints assistants can call during a call',
	action: 'Get many tools',
	fields: returnAllFields(),
	prepare: (item) => ({ limit: item.paging().limit, request: { method: 'GET', path: '/user/tools' } }),
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request, 'data').slice(0, limit),
};
