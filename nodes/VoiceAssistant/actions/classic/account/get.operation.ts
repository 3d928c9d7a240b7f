import type { IDataObject } from 'n8n-workflow';

import { unexpectedAnswerError } from '../../../transport/errors';
import { recordAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

/** GET /user/me → {name, email, total_balance}; the balance comes out as a number, as `balance`. */
export const operation: Operation<Prepared> = {
	value: 'get',
	name: 'Get',
	description: 'Get the account behind the credential: its name, email and remaining balance (the credit calls and SMS are paid from)',
	action: 'Get the account',
	fields: [],
	prepare: () => ({ request: { method: 'GET', path: '/user/me' } }),
	output(answer, { request }, api) {
		const expected = 'the account ({"name", "email", "total_balance"})';
		const { name, email, total_balance: totalBalance, ...rest } = recordAnswer(answer, api, request, expected);
		const balance = typeof totalBalance === 'string' && totalBalance.trim() !== '' ? Number(totalBalance) : totalBalance;
		if (typeof balance !== 'number' || !Number.isFinite(balance)) {
			const place = { node: api.ctx.getNode(), method: request.method, endpoint: request.path, itemIndex: api.itemIndex };
			throw unexpectedAnswerError(place, expected, answer);
		}
		return [{ name: name ?? null, email: email ?? null, balance, ...(rest as IDataObject) }];
	},
};
