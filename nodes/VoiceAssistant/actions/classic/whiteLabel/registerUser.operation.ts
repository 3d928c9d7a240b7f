import type { IDataObject } from 'n8n-workflow';

import type { Operation, Prepared } from '../../../engine/operation';
import { isObject } from '../../../shared/objects';
import { charCount, requireText, requireTimezone } from '../../../shared/validate';
import { unexpectedAnswerError } from '../../../transport/errors';
import { maskSecrets } from '../../../shared/maskSecrets';
import { requireEmail } from './fields';
import { resellerRequest } from './reseller';

const PASSWORD_MIN = 8;

interface Register extends Prepared {
	password: string;
}

/**
 * POST /white-label/register {name, email, password, timezone} → {message, user: {id, name, email},
 * token}. The password is sent and never output nor quoted; the new user's token is output (it is
 * what the reseller registers the user for).
 */
export const operation: Operation<Register> = {
	value: 'registerUser',
	name: 'Register User',
	description:
		"Create a user on your white label. The output holds the new user's API token: a SECRET with full access to that account; store it in a credential. The password is never in the output. Needs the reseller (white-label admin) token.",
	action: 'Register a white-label user',
	write: {
		mayHaveHappened: 'the user may have been registered',
		done: ['user registered', 'users registered'],
		agent: { needsOptIn: 'it creates an account and a secret token for it' },
	},
	fields: [
		{ displayName: 'Name', name: 'userName', type: 'string', default: '', required: true, placeholder: 'e.g. Ada Lovelace' },
		{ displayName: 'Email', name: 'userEmail', type: 'string', placeholder: 'name@email.com', default: '', required: true, description: 'Must not be in use on the platform yet' },
		{
			displayName: 'Password',
			name: 'userPassword',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'At least 8 characters. Sent once, never output.',
		},
		{
			displayName: 'Timezone',
			name: 'userTimezone',
			type: 'string',
			default: 'Europe/Bucharest',
			placeholder: 'e.g. Europe/Berlin',
			description: "The user's time zone (IANA name); the platform's default is Europe/Bucharest",
		},
	],
	prepare(item) {
		const name = requireText(item.node, item.get('userName'), item.where('Name'), 255).trim();
		const email = requireEmail(item, item.get('userEmail'), 'Email');
		const password = item.get('userPassword');
		// never quoted: not the value, not a part of it
		if (typeof password !== 'string' || password === '') throw item.fail('Password', 'is required');
		if (charCount(password) < PASSWORD_MIN) throw item.fail('Password', `must be at least ${PASSWORD_MIN} characters`);
		const zone = item.get('userTimezone', '');
		const body: IDataObject = { name, email, password };
		if (typeof zone !== 'string' || zone.trim() !== '') body.timezone = requireTimezone(item.node, zone, item.where('Timezone'));
		return { password, request: { method: 'POST', path: '/white-label/register', body } };
	},
	send: async (prepared, api) => await resellerRequest(api, prepared.request, 'Register User', prepared.password),
	output(received, { password, request }, api) {
		// masked before it is read: an answer of an unexpected shape is quoted in the error
		const answer = maskSecrets(received, { keys: ['password'], values: [password] });
		if (isObject(answer) && isObject(answer.user)) {
			const { user, message, ...rest } = answer;
			return [{ ...(user as IDataObject), ...rest, ...(typeof message === 'string' ? { message } : {}) }];
		}
		const place = { node: api.ctx.getNode(), method: request.method, endpoint: request.path, itemIndex: api.itemIndex };
		const error = unexpectedAnswerError(place, '{"message": ..., "user": {...}, "token": ...}', answer);
		error.description = `${error.description ?? ''} It answered with success (HTTP 2xx), so the user was probably registered: check Get Many Users before running this item again.`;
		throw error;
	},
};
