/**
 * n8n's clock as the polling trigger reads it: only for its share of the rate limit and the time a
 * poll may take, and (with the account's zone known) where "the last N hours" of a first activation
 * start; never to judge the platform's timestamps otherwise (cursor.ts). Replaceable so that tests
 * can move time on without waiting.
 */
export const pollingClock = {
	now: (): number => Date.now(),
};
