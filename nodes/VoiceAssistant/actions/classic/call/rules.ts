import { decideRules, type RuleDecision } from '../../../engine/callingRules';

/** Call → Make's number field, as prepare reads it and the rules name it in their errors. */
export const PHONE_FIELD = { name: 'phoneNumber', displayName: 'Customer Phone Number' } as const;

/** The calling rules of one Make item, decided in prepare (no I/O). */
export function decideCallRules(item: Parameters<typeof decideRules>[0], phone: string): RuleDecision {
	return decideRules(item, phone, PHONE_FIELD.displayName, { hours: true, history: true });
}
