import { deleteAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { ownNumberField, readNumberId } from './fields';

interface ReleaseNumber extends Prepared {
	id: number;
}

const EFFECT = 'the number may have been released';

/** How the platform's answer says the number goes: dedicated numbers stay until the billing period ends. */
export function removalOf(message: string | undefined): 'endOfBillingPeriod' | 'immediately' {
	return message !== undefined && /end of the billing period/i.test(message) ? 'endOfBillingPeriod' : 'immediately';
}

/**
 * DELETE /user/phone-numbers/{id} (2026 docs). A dedicated number's subscription is cancelled and the
 * number removed at the end of the billing period ("Phone number released successfully. It will be
 * removed at the end of the billing period."); SIP and caller-ID numbers go at once ("Phone number
 * deleted successfully."). 400 {error: "Phone number is already scheduled for release."}.
 */
export const operation: Operation<ReleaseNumber> = {
	value: 'release',
	name: 'Release',
	description:
		'Give up one of your phone numbers. CANNOT BE UNDONE: a dedicated number stays until the end of its billing period and is then removed (the same number may not be obtainable again); SIP and caller-ID numbers are removed at once. Inbound assistants lose the number and campaigns stop calling from it; call history stays.',
	action: 'Release a phone number',
	write: {
		mayHaveHappened: EFFECT,
		done: ['number released', 'numbers released'],
		agent: { needsOptIn: 'releasing a phone number cannot be undone and ends what you pay for' },
	},
	fields: [ownNumberField('The number to release')],
	prepare(item) {
		const id = readNumberId(item);
		return { id, request: { method: 'DELETE', path: `/user/phone-numbers/${id}`, notFound: `Phone number ${id}` } };
	},
	output(answer, { id, request }, api) {
		const message = deleteAnswer(answer, api, request, EFFECT);
		return [{ id, released: true, removed: removalOf(message), message: message ?? 'Phone number released' }];
	},
};
