/**
 * n8n's clock as the polling trigger reads it: only for its share of the rate limit and the time a
 * poll may take, never to judge the platform's timestamps (serverTime.ts). Replaceable so that tests
 * can move time on without waiting.
 */
export const pollingClock = {
	now: (): number => Date.now(),
};
