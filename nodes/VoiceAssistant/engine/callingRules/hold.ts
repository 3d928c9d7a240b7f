import type { IDataObject } from 'n8n-workflow';

import type { Api } from '../operation';
import { describeLocal } from '../../shared/timeZones/localTime';
import { rulesClock } from './clock';
import type { RuleDecision } from './decide';

/** What a rule-checked send step hands to output: the answer and when it was sent, or the skip. */
export type Held<A> = { sent: true; answer: A; sentAt: number } | { sent: false; skip: IDataObject };

/** Longest single sleep while waiting for a window, so a changed clock (tests) or a stop is seen soon. */
const SLEEP_SLICE_MS = 60_000;

/**
 * The send step under the rules: a skipped item sends nothing; a waiting one sleeps until its
 * window opens (the execution's stop ends the wait, and the item is not sent); then `send` runs.
 * A waiting item gives its Requests in Parallel slot back while it waits (a batch where 90 of 100
 * numbers wait for the morning sends the other 10 at full speed) and takes one again to send.
 */
export async function sendUnderRules<A>(rules: RuleDecision | undefined, api: Api, send: () => Promise<A>): Promise<Held<A>> {
	if (rules?.skip) return { sent: false, skip: rules.skip };
	const waitUntil = rules?.waitUntil;
	if (waitUntil !== undefined && waitUntil > rulesClock.now()) {
		const signal = api.ctx.getExecutionCancelSignal?.();
		await api.setAside(async () => {
			for (let left = waitUntil - rulesClock.now(); left > 0; left = waitUntil - rulesClock.now()) {
				await rulesClock.sleep(Math.min(left, SLEEP_SLICE_MS), signal);
			}
		});
	}
	const sentAt = rulesClock.now();
	return { sent: true, answer: await send(), sentAt };
}

/** Output fields the rules add to a sent item: the callee's local time(s) when it was sent. */
export function localTimeFields(rules: RuleDecision | undefined, sentAt: number): IDataObject {
	if (!rules?.zones) return {};
	return { callee_local_time: rules.zones.map((zone) => describeLocal(sentAt, zone)).join(', ') };
}

/** The output step under the rules: a skipped item's record, or what `shape` makes of the answer. */
export function outputUnderRules<A>(sent: unknown, shape: (answer: A, sentAt: number) => IDataObject[]): IDataObject[] {
	const held = sent as Held<A>;
	return held.sent ? shape(held.answer, held.sentAt) : [held.skip];
}
