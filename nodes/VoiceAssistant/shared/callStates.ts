/**
 * The call states of the reference after which nothing changes any more. `ended` is the reference's
 * generic end; the platform's own documentation also reports `ended_by_customer` /
 * `ended_by_assistant`. Everything else (initiated, ringing, in-progress, or a state the reference
 * does not list) means the call is still going.
 */
export const FINAL_CALL_STATES = [
	'completed',
	'ended',
	'ended_by_customer',
	'ended_by_assistant',
	'busy',
	'no-answer',
	'failed',
] as const;

const FINAL = new Set<string>(FINAL_CALL_STATES);

export function isFinalState(status: unknown): boolean {
	return typeof status === 'string' && FINAL.has(status.trim().toLowerCase());
}
