import { createHash } from 'node:crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ApiCall } from '../operation';

/**
 * What the writes of one run of the node did, kept until n8n will not run it again. n8n's
 * "Retry On Fail" runs the whole node again with all its items; without this, every item that
 * succeeded before the failing one (a call placed, an SMS sent, a number bought) would be sent again
 * on each try.
 *
 * A run is (execution, node, run index): a node inside a loop runs once per pass with new items and
 * a new run index, while a retry repeats the same run index. Per item it keeps the request's
 * fingerprint (a SHA-256) and either the platform's answer (done) or the error of a write that may
 * have happened (timeout, cut connection, 5xx). A write the platform refused (4xx) is not kept: it
 * had no effect and may be sent again.
 *
 * Bounded by time and bytes, never by a count of runs: evicting a run n8n is about to retry would
 * let the retry buy the number again, and any count can be exhausted by load. So a run is kept
 * - while a try of it is in progress (until the execution ends, or STALE_AFTER_MS as a fallback
 *   where n8n offers no end-of-execution hook), and
 * - for RETRY_WINDOW_MS after a try that n8n will retry (n8n waits at most 5 s between tries).
 * Its bytes are bounded by keeping answers only up to MAX_KEPT_ANSWER_BYTES each and
 * KEPT_ANSWERS_BUDGET_BYTES in all; a larger answer (or one past the budget) is kept as "done, answer
 * not kept" with its size: the retry still never sends the item again and outputs a short record
 * saying so.
 */
export type Remembered =
	| { kind: 'done'; fingerprint: string; answer: unknown }
	| { kind: 'done'; fingerprint: string; droppedAnswerBytes: number }
	| { kind: 'uncertain'; fingerprint: string; error: unknown };

export interface RunMemory {
	recall(itemIndex: number): Remembered | undefined;
	/**
	 * The idempotency key of an item (idempotency.ts): the one an earlier try of this run made, else
	 * `make()`'s, kept for the tries that follow. A key (about 40 bytes) lives as long as the run.
	 */
	keyFor(itemIndex: number, make: () => string): string;
	remember(itemIndex: number, entry: Remembered): void;
	/** Said once the run is over; forgets the run unless n8n is going to run it again. */
	finish(retryFollows: boolean): void;
}

interface StoredRun {
	executionId: string;
	items: Map<number, Remembered>;
	/** idempotency keys made for the items, by item index */
	keys: Map<number, string>;
	tries: number;
	maxTries: number;
	/** bytes of answers this run holds (counted against the budget) */
	answerBytes: number;
	/** set while waiting for n8n's next try: forgotten after this time */
	retryBy?: number;
	startedAt: number;
}

/** How long a run waits for n8n's next try (n8n waits at most 5 s; the rest is slack for a busy process). */
export const RETRY_WINDOW_MS = 60_000;
/** A try that never said it finished (where n8n offers no end-of-execution hook) is forgotten after this. */
export const STALE_AFTER_MS = 6 * 60 * 60_000;
/** The largest answer kept for a replay; larger ones are kept as "done" with their size only. */
export const MAX_KEPT_ANSWER_BYTES = 64 * 1024;
/** All answers kept at once across the process; past it, new answers are kept as "done" with their size only. */
export const KEPT_ANSWERS_BUDGET_BYTES = 32 * 1024 * 1024;
/** What an uncertain write's error is counted as (transport errors are cut to about 1 KB; redact.ts). */
const ERROR_BYTES = 2048;

const runs = new Map<string, StoredRun>();
let keptAnswerBytes = 0;

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
	forgetExpired(now);
	let run = runs.get(key);
	if (run === undefined) {
		run = { executionId, items: new Map(), keys: new Map(), tries: 0, maxTries: triesOf(node.maxTries), answerBytes: 0, startedAt: now };
		runs.set(key, run);
		// Once the execution has ended n8n runs none of its nodes again: nothing of it is needed.
		ctx.onExecutionFinish?.(() => forgetExecution(executionId));
	}
	run.tries++;
	run.retryBy = undefined;
	run.startedAt = now;
	const current = run;

	return {
		recall: (itemIndex) => current.items.get(itemIndex),
		keyFor(itemIndex, make) {
			let key = current.keys.get(itemIndex);
			if (key === undefined) current.keys.set(itemIndex, (key = make()));
			return key;
		},
		remember: (itemIndex, entry) => void current.items.set(itemIndex, bounded(current, entry)),
		finish(retryFollows) {
			if (!retryFollows || current.tries >= current.maxTries) forget(key);
			else current.retryBy = Date.now() + RETRY_WINDOW_MS;
		},
	};
}

/** The entry as kept: an answer too large (or past the budget) is replaced by its size. */
function bounded(run: StoredRun, entry: Remembered): Remembered {
	if (entry.kind === 'uncertain') {
		run.answerBytes += ERROR_BYTES;
		keptAnswerBytes += ERROR_BYTES;
		return entry;
	}
	if (!('answer' in entry)) return entry;
	const bytes = sizeOf(entry.answer);
	if (bytes > MAX_KEPT_ANSWER_BYTES || keptAnswerBytes + bytes > KEPT_ANSWERS_BUDGET_BYTES) {
		return { kind: 'done', fingerprint: entry.fingerprint, droppedAnswerBytes: bytes };
	}
	run.answerBytes += bytes;
	keptAnswerBytes += bytes;
	return entry;
}

function sizeOf(answer: unknown): number {
	try {
		return Buffer.byteLength(JSON.stringify(answer) ?? '', 'utf8');
	} catch {
		// Not serialisable (a cycle): too odd to replay faithfully, so only its "done" is kept.
		return Number.POSITIVE_INFINITY;
	}
}

function forget(key: string): void {
	const run = runs.get(key);
	if (run === undefined) return;
	keptAnswerBytes -= run.answerBytes;
	runs.delete(key);
}

function forgetExecution(executionId: string): void {
	for (const [key, run] of runs) if (run.executionId === executionId) forget(key);
}

function forgetExpired(now: number): void {
	for (const [key, run] of runs) {
		const expired = run.retryBy !== undefined ? now > run.retryBy : now - run.startedAt > STALE_AFTER_MS;
		if (expired) forget(key);
	}
}

/**
 * The request of an item, reduced to a short stable string (a retry builds the same request again).
 * `contentDigest`: what the write sends besides its fields (a file's SHA-256), so a retry that would
 * upload another file under the same fields is seen as another write.
 */
export function fingerprint(call: ApiCall, contentDigest?: string): string {
	const text = JSON.stringify([call.method, call.path, call.qs ?? null, call.body ?? null, contentDigest ?? null]);
	return createHash('sha256').update(text).digest('base64');
}

/** For tests: how many runs are remembered now, and the answer bytes they hold. */
export function rememberedRuns(): number {
	return runs.size;
}

export function rememberedAnswerBytes(): number {
	return keptAnswerBytes;
}

/** For tests: a fresh process's memory. */
export function forgetAllRuns(): void {
	runs.clear();
	keptAnswerBytes = 0;
}
