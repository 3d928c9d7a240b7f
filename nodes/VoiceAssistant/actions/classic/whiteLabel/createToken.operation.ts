import type { IDataObject } from 'n8n-workflow';

import { recordAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { isObject } from '../../../shared/objects';
import { requireText } from '../../../shared/validate';
import { readUser, userFields } from './fields';
import { resellerRequest } from './reseller';

/** POST /white-label/token {user_id | email, token_name} → {message, user, token, token_name}. */
export const operation: Operation<Prepared> = {
	value: 'createToken',
	name: 'Create Token',
	description:
		"Create an API token for one of your white label's users. The output holds the token: a SECRET with full access to that account; store it in a credential. Needs the reseller (white-label admin) token.",
	action: 'Create a token for a white-label user',
	write: {
		mayHaveHappened: 'the token may have been created',
		done: ['token created', 'tokens created'],
		agent: { needsOptIn: "it creates a secret token for another user's account" },
	},
	fields: [
		...userFields,
		{
			displayName: 'Token Name',
			name: 'keyLabel',
			type: 'string',
			default: 'api-token',
			description: 'What the token is for, as the user\'s API key list shows it',
		},
	],
	prepare(item) {
		const user = readUser(item);
		const tokenName = requireText(item.node, item.get('keyLabel', 'api-token'), item.where('Token Name'), 255).trim();
		return { request: { method: 'POST', path: '/white-label/token', body: { ...user.body, token_name: tokenName }, notFound: user.notFound } };
	},
	send: async (prepared, api) => await resellerRequest(api, prepared.request, 'Create Token'),
	output(answer, { request }, api) {
		const { user, message, ...rest } = recordAnswer(answer, api, request, '{"message": ..., "user": {...}, "token": ...}');
		return [{ ...(isObject(user) ? { user_id: user.id, name: user.name, email: user.email } : {}), ...(rest as IDataObject), ...(typeof message === 'string' ? { message } : {}) }];
	},
};
