import { sleep } from 'n8n-workflow';

/**
 * The clock the pacer reads and waits on: Date.now and n8n's sleep. Tests replace both to run the
 * pacer in simulated time against a simulated rate limiter (test/transport/virtualTime.ts), so what
 * they assert about windows, waits and 429s does not depend on how busy the machine is.
 */
export const pacerClock = {
	now: (): number => Date.now(),
	/** Waits `ms`; the signal (the execution's stop) ends the wait early with an error. */
	sleep: async (ms: number, signal?: AbortSignal): Promise<void> => await sleep(ms, signal),
};
