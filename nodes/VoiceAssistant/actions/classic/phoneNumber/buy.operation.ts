import { phoneField } from '../../../shared/fields';
import { writeResult, dataAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

const EFFECT = 'the number may have been bought (and charged)';

/**
 * POST /user/phone-numbers/purchase {phone_number} → {message, data: {id, phone_number, ...}}. Costs
 * money: a write, so Retry On Fail replays a purchase that went through instead of buying again, and
 * a timeout or 5xx fails the item saying the number may have been bought.
 */
export const operation: Operation<Prepared> = {
	value: 'buy',
	name: 'Buy',
	description:
		'Buy a phone number for the account. COSTS MONEY: the price is charged to the account. Use a number from Search Available, in international format. Each item buys at most once: Retry On Fail never buys twice, and if the platform does not answer the item fails saying the number may have been bought; check Get Many before trying again.',
	action: 'Buy a phone number',
	write: { mayHaveHappened: EFFECT, done: ['number bought', 'numbers bought'], agent: { needsOptIn: 'buying a number costs money' } },
	fields: [
		phoneField({
			name: 'phoneNumber',
			displayName: 'Phone Number',
			required: true,
			description: 'The number to buy, in international format (+ and country code), as Search Available lists it',
		}),
	],
	prepare(item) {
		const phoneNumber = item.phone(item.get('phoneNumber'), 'Phone Number');
		return { request: { method: 'POST', path: '/user/phone-numbers/purchase', body: { phone_number: phoneNumber } } };
	},
	output: (answer, { request }, api) => [writeResult(dataAnswer(answer, api, request, 'the number was probably bought'))],
};
