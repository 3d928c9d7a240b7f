import { recordAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { requireOneOf, shown } from '../../../shared/validate';
import { readUser, userFields } from './fields';
import { resellerRequest } from './reseller';

/**
 * POST /white-label/transfer {user_id | email, transfer_type, operation, amount} → {message, transfer,
 * user: {..., minutes_balance, credits_balance}, your_balance: {minutes}}. Moves balance (money)
 * between the reseller and a user; credits convert at 9 credits = 1 minute.
 */
export const operation: Operation<Prepared> = {
	value: 'transferBalance',
	name: 'Transfer Balance',
	description:
		"Move minutes or credits between your reseller balance and one of your white label's users: Add gives them to the user, Remove takes them back (9 credits = 1 minute). MOVES MONEY: each item transfers at most once. Needs the reseller (white-label admin) token.",
	action: 'Transfer balance to a white-label user',
	write: {
		mayHaveHappened: 'the balance may have been transferred',
		done: ['transfer made', 'transfers made'],
		agent: { needsOptIn: 'it moves balance (money) between accounts' },
	},
	fields: [
		...userFields,
		{
			displayName: 'Direction',
			name: 'transferOperation',
			type: 'options',
			options: [
				{ name: 'Add to User', value: 'add', description: 'From your balance to the user' },
				{ name: 'Remove From User', value: 'remove', description: "From the user's balance back to yours" },
			],
			default: 'add',
		},
		{
			displayName: 'Balance Type',
			name: 'transferType',
			type: 'options',
			options: [
				{ name: 'Credits', value: 'credits', description: '9 credits cost 1 minute of your balance' },
				{ name: 'Minutes', value: 'minutes' },
			],
			default: 'minutes',
		},
		{
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0,
			required: true,
			description: 'How many minutes or credits (more than 0)',
		},
	],
	prepare(item) {
		const user = readUser(item);
		const operation = requireOneOf(item.node, item.get('transferOperation'), ['add', 'remove'] as const, item.where('Direction'));
		const transferType = requireOneOf(item.node, item.get('transferType'), ['minutes', 'credits'] as const, item.where('Balance Type'));
		const raw = item.get('amount');
		const amount = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
		if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) throw item.fail('Amount', `must be a number greater than 0 (got ${shown(raw)})`);
		return {
			request: { method: 'POST', path: '/white-label/transfer', body: { ...user.body, transfer_type: transferType, operation, amount }, notFound: user.notFound },
		};
	},
	send: async (prepared, api) => await resellerRequest(api, prepared.request, 'Transfer Balance'),
	output: (answer, { request }, api) => [recordAnswer(answer, api, request, '{"message": ..., "transfer": {...}, "user": {...}}')],
};
