/**
 * The polling trigger's share of a token's rate limit. Its requests go through apiRequest, so the
 * credential's pacer paces them with everything else on the token (action node, waiting calls);
 * this log only keeps the trigger's own pages to POLLING_SHARE of every window the pacer models
 * (the documented 100/min and 20/10 s until the server says otherwise): at 10 %, 10 pages a minute
 * and 2 per 10 s for all polling triggers on one token in this n8n process. A poll that would take
 * more reads fewer pages and the next poll continues where it stopped (cursor.ts).
 */
import { PollBudget } from '../engine/wait/budget';
import { pacerFor } from '../transport/pacers';

export const POLLING_SHARE = 0.1;

const budgets = new Map<string, PollBudget>();

/** The budget of one credential (the pacer's key: Base URL + a hash of the token). */
export function pollingBudget(credentialKey: string): PollBudget {
	let budget = budgets.get(credentialKey);
	if (!budget) {
		budget = new PollBudget(pacerFor(credentialKey), POLLING_SHARE);
		budgets.set(credentialKey, budget);
	}
	return budget;
}
