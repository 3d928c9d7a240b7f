/**
 * The polling trigger's share of a token's rate limit. Its requests go through apiRequest, so the
 * credential's pacer paces them with everything else on the token (action node, waiting calls);
 * this log only keeps the trigger's own requests to POLLING_TRIGGER_SHARE of every window the pacer paces by
 * (the documented 100/min and 20/10 s until the server proves shorter ones): at 10 %, 10 requests a
 * minute and 2 per 10 s for all polling triggers on one token in this n8n process. Each request
 * holds its place from its send until its answer is a window old, so the platform, which counts it
 * somewhere in between, never sees more however late a busy event loop sends or reads. The platform
 * counts requests, so a retry of a page (after a 5xx) is taken from the share like the page itself,
 * and is not sent when the share has no room (pageShare). A poll that would take more reads fewer
 * pages and the next poll continues where it stopped (cursor.ts).
 */
import { PollBudget } from '../engine/wait/budget';
import { pacerFor } from '../transport/pacers';
import type { RequestShare } from '../transport/share';
import { pollingClock } from './clock';

export const POLLING_TRIGGER_SHARE = 0.1;

const budgets = new Map<string, PollBudget>();

/** The budget of one credential (the pacer's key: Base URL + a hash of the token). */
export function pollingBudget(credentialKey: string): PollBudget {
	let budget = budgets.get(credentialKey);
	if (!budget) {
		budget = new PollBudget(pacerFor(credentialKey), POLLING_TRIGGER_SHARE);
		budgets.set(credentialKey, budget);
	}
	return budget;
}

/**
 * The share one page's request keeps to, on n8n's clock as the trigger reads it. `free`: the first
 * attempt goes whatever the share says (the first page of a first activation fixes "now"), and is
 * counted all the same; retries never go beyond the share.
 */
export function pageShare(budget: PollBudget, free: boolean): RequestShare {
	let first = free;
	let answered: ((at: number) => void) | undefined;
	return {
		take: () => {
			const now = pollingClock.now();
			const go = first || budget.waitMs(now) === 0;
			first = false;
			if (go) answered = budget.hold(now);
			return go;
		},
		// held until its answer is a window old: the platform may have counted it as late as that
		settled: () => answered?.(pollingClock.now()),
	};
}
