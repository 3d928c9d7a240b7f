import { createHash } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ApiCall } from '../operation';

/**
 * What the writes of one run of the node did, kept until n8n will not run it again. n8n's
 * "Retry On Fail" runs the whole node again with all its items; without this, every item that
 * succeeded before the failing one (a call placed, an SMS sent) would be sent again on each try.
 *
 * A run is (execution, node, run index): a node inside a loop runs once per pass with new items and
 * a new run index, while a retry repeats the same run index. Per item it keeps the request's
 * fingerprint and either the platform's answer (done) or the error of a write that may have
 * happened (timeout, cut connection, 5xx). A write the platform refused (4xx) is not kept: it had
 * no effect and may be sent again.
 */
export type Remembered =
	| { kind: 'done'; fingerprint: string; answer: unknown }
	| { kind: 'uncertain'; fingerprint: string; error: unknown };

export interface RunMemory {
	recall(itemIndex: number): Remembered | undefined;
	remember(itemIndex: number, entry: Remembered): void;
	/** Said once the run is over; forgets the run unless n8n is going to run it again. */
	finish(retryFollows: boolean): void;
}

interface StoredRun {
	items: Map<number, Remembered>;
	tries: number;
	maxTries: number;
	touchedAt: number;
}

/** Runs kept at once across all executions of the process; the oldest goes first. */
export const MAX_REMEMBERED_RUNS = 200;
/** A run not tried again within this time is forgotten (n8n waits at most 5 s between tries). */
export const REMEMBER_FOR_MS = 60 * 60_000;

const runs = new Map<string, StoredRun>();

/** n8n's own bounds for "Max. Tries" (WorkflowExecute.getRetryParams). */
function triesOf(maxTries: number | undefined): number {
	return Math.min(5, Math.max(2, maxTries || 3));
}

/**
 * The memory of this run of the node, or undefined when n8n will never run it again (Retry On Fail
 * off, or no execution id): then nothing needs remembering.
 */
export function runMemoryFor(ctx: IExecuteFunctions): RunMemory | undefined {
	const node = ctx.getNode();
	if (node.retryOnFail !== true) return undefined;
	const executionId = ctx.getExecutionId?.();
	if (!executionId) return undefined;
	const runIndex = (ctx as { runIndex?: number }).runIndex ?? 0;
	const key = `${executionId}\u0000${node.id || node.name}\u0000${runIndex}`;

	const now = Date.now();
	forgetStale(now);
	let run = runs.get(key);
	if (run === undefined) {
		run = { items: new Map(), tries: 0, maxTries: triesOf(node.maxTries), touchedAt: now };
		runs.set(key, run);
	}
	run.tries++;
	run.touchedAt = now;
	const current = run;

	return {
		recall: (itemIndex) => current.items.get(itemIndex),
		remember: (itemIndex, entry) => void current.items.set(itemIndex, entry),
		finish(retryFollows) {
			if (!retryFollows || current.tries >= current.maxTries) runs.delete(key);
		},
	};
}

function forgetStale(now: number): void {
	for (const [key, run] of runs) {
		if (now - run.touchedAt > REMEMBER_FOR_MS) runs.delete(key);
	}
	while (runs.size >= MAX_REMEMBERED_RUNS) {
		const oldest = runs.keys().next().value as string;
		runs.delete(oldest);
	}
}

/** The request of an item, reduced to a short stable string (a retry builds the same request again). */
export function fingerprint(call: ApiCall): string {
	const text = JSON.stringify([call.method, call.path, call.qs ?? null, call.body ?? null]);
	return createHash('sha256').update(text).digest('base64');
}

/** For tests: how many runs are remembered now. */
export function rememberedRuns(): number {
	return runs.size;
}
