import { returnAllFields } from '../../../shared/fields';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

interface ListCampaigns extends Prepared {
	limit: number;
}

/** GET /user/campaigns: a bare array (some deployments wrap it as {campaigns: [...]}); Limit is applied here. */
export const operation: Operation<ListCampaigns> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List campaigns',
	action: 'Get many campaigns',
	fields: returnAllFields(),
	prepare: (item) => ({ limit: item.paging().limit, request: { method: 'GET', path: '/user/campaigns' } }),
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request, 'campaigns').slice(0, limit),
};
