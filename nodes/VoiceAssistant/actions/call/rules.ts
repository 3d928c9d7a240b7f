import type { IExecuteFunctions } from 'n8n-workflow';

import { itemParams } from '../../engine/itemParams';
import type { Lookup } from '../../engine/operation';
import { checkRecentCalls, decideRules, type RuleDecision, type Target } from '../../engine/callingRules';

/** Call → Make's fields as the rules read them (one place, so the history read and prepare agree). */
export const PHONE_FIELD = { name: 'phoneNumber', displayName: 'Customer Phone Number' } as const;

/** The calling rules of one Make item, decided in prepare (no I/O). */
export function decideCallRules(item: Parameters<typeof decideRules>[0], phone: string): RuleDecision {
	return decideRules(item, phone, PHONE_FIELD.displayName, { hours: true, history: true });
}

/** The resolve step: Skip If Called Within, from one history read for the batch. */
export async function resolveCallRules(rules: RuleDecision, target: Target, lookup: Lookup): Promise<RuleDecision> {
	return await checkRecentCalls(rules, target, lookup, callTargets);
}

/** Every valid item's assistant and number, read as prepare reads them (invalid items are left out). */
function callTargets(ctx: IExecuteFunctions): Target[] {
	return ctx.getInputData().flatMap((_, itemIndex) => {
		try {
			const item = itemParams(ctx, itemIndex, true);
			return [{ itemIndex, assistantId: item.locatorId('assistantId', 'Assistant'), phone: item.phone(item.get(PHONE_FIELD.name), PHONE_FIELD.displayName) }];
		} catch {
			return [];
		}
	});
}
