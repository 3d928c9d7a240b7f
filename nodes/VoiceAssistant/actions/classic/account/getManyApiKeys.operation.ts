import { returnAllFields } from '../../../shared/fields';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { maskSecrets } from '../../../shared/maskSecrets';

interface ListKeys extends Prepared {
	limit: number;
}

/** GET /user/api-keys → {api_keys: [{id, name, last_used_at, created_at}]} (Autocalls docs); no secrets in it. */
export const operation: Operation<ListKeys> = {
	value: 'getManyApiKeys',
	name: 'Get Many API Keys',
	description: 'List the API keys of the account: name, when each was last used and created (never the keys themselves)',
	action: 'Get many API keys',
	fields: returnAllFields(),
	prepare: (item) => ({ limit: item.paging().limit, request: { method: 'GET', path: '/user/api-keys' } }),
	// a token in a list would be a host's mistake: it is not passed on
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request, 'api_keys').slice(0, limit).map((key) => maskSecrets(key, { keys: ['token'] })),
};
