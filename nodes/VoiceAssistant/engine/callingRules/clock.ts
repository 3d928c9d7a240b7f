import { sleep } from 'n8n-workflow';

/**
 * The clock the calling rules read and wait on: Date.now and n8n's sleep, replaceable by tests (set
 * `rulesClock.now` and `rulesClock.sleep`), so that windows, DST switches and "called within" are
 * tested at any instant, and a wait until morning ends when the test moves its clock there.
 */
export const rulesClock = {
	now: (): number => Date.now(),
	/** Waits `ms` on this clock; the signal (the execution's stop) ends the wait early with an error. */
	sleep: async (ms: number, signal?: AbortSignal): Promise<void> => await sleep(ms, signal),
};
