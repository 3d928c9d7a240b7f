import { returnAllFields } from '../../../shared/fields';
import { maskUrlSecrets } from '../../../shared/maskSecrets';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

interface ListOutbound extends Prepared {
	limit: number;
}

/** GET /user/assistants/outbound: all outbound assistants in one array (reduced records); Limit is applied here. */
export const operation: Operation<ListOutbound> = {
	value: 'getManyOutbound',
	name: 'Get Many Outbound',
	description: 'List the assistants that place calls',
	action: 'Get many outbound assistants',
	fields: returnAllFields(),
	prepare: (item) => ({ limit: item.paging().limit, request: { method: 'GET', path: '/user/assistants/outbound' } }),
	// Webhook URLs of triggers carry their delivery secret: masked in every output.
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request).slice(0, limit).map(maskUrlSecrets),
};
