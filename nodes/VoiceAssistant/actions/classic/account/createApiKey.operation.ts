import { unexpectedAnswerError } from '../../../transport/errors';
import type { Operation, Prepared } from '../../../engine/operation';
import { isObject } from '../../../shared/objects';
import { requireText } from '../../../shared/validate';

const NAME_MAX = 255;

/**
 * POST /user/api-keys {name} → {message, api_key: {name, token, created_at}} (Autocalls docs). The token
 * is what the user asked for, so it is output; the platform shows it this once.
 */
export const operation: Operation<Prepared> = {
	value: 'createApiKey',
	name: 'Create API Key',
	description:
		'Create a new API key for the account. The output holds the key (token): it is a SECRET with full access to the account, shown only this once; store it in a credential and do not pass it on.',
	action: 'Create an API key',
	write: {
		mayHaveHappened: 'the API key may have been created',
		done: ['API key created', 'API keys created'],
		agent: { needsOptIn: 'it creates a new secret with full access to the account' },
	},
	fields: [
		{
			displayName: 'Name',
			name: 'keyName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. n8n production',
			description: 'What the key is for, as the API key list shows it',
		},
	],
	prepare(item) {
		const name = requireText(item.node, item.get('keyName'), item.where('Name'), NAME_MAX).trim();
		return { request: { method: 'POST', path: '/user/api-keys', body: { name } } };
	},
	output(answer, { request }, api) {
		if (isObject(answer) && isObject(answer.api_key)) {
			return [{ ...answer.api_key, ...(typeof answer.message === 'string' ? { message: answer.message } : {}) }];
		}
		const place = { node: api.ctx.getNode(), method: request.method, endpoint: request.path, itemIndex: api.itemIndex };
		const error = unexpectedAnswerError(place, '{"message": ..., "api_key": {...}}', answer);
		error.description = `${error.description ?? ''} It answered with success (HTTP 2xx), so the API key was probably created: check the API key list before running this item again.`;
		throw error;
	},
};
