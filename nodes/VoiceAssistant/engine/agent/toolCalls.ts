import { createHash } from 'node:crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * How many sends each tool node made in each execution, for "Max Tool Calls per Execution". An
 * agent calls a tool many times in one execution, and each call is a separate run of the node, so
 * the count lives in the process, keyed by execution id and node name (hashed: a fixed size).
 *
 * Per key it keeps the sends of each run index: n8n's Retry On Fail repeats a run with the same
 * index, and a retry must not count its items twice. An execution's counts are dropped when n8n says
 * it ended; where n8n offers no such hook, after FORGET_AFTER_MS. At most MAX_EXECUTIONS are kept (the
 * least recently used goes first): only more executions with agents running at once in one process
 * than that could reset a count early.
 */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;
export const MAX_EXECUTIONS = 10_000;

interface Counted {
	byRun: Map<number, number>;
	touchedAt: number;
}

const counts = new Map<string, Counted>();

function keyOf(ctx: IExecuteFunctions): string {
	const executionId = ctx.getExecutionId?.() ?? '';
	return createHash('sha256').update(JSON.stringify([executionId, ctx.getNode().name])).digest('base64');
}

function runIndexOf(ctx: IExecuteFunctions): number {
	return (ctx as { runIndex?: number }).runIndex ?? 0;
}

function forgetOld(now: number): void {
	for (const [key, entry] of counts) {
		if (counts.size <= MAX_EXECUTIONS && now - entry.touchedAt < FORGET_AFTER_MS) break;
		counts.delete(key);
	}
}

/**
 * Reserves `sends` for this run unless that would take the execution's total over `max`; answers the
 * count the other runs of this execution already used, and whether the reservation was made.
 */
export function reserveToolSends(ctx: IExecuteFunctions, sends: number, max: number): { reserved: boolean; usedBefore: number } {
	const now = Date.now();
	const key = keyOf(ctx);
	let entry = counts.get(key);
	if (entry === undefined) {
		entry = { byRun: new Map(), touchedAt: now };
		ctx.onExecutionFinish?.(() => void counts.delete(key));
	}
	// Re-inserted on every use: the Map's order is then least recently used first.
	counts.delete(key);
	entry.touchedAt = now;
	counts.set(key, entry);
	forgetOld(now);

	const runIndex = runIndexOf(ctx);
	let usedBefore = 0;
	for (const [index, used] of entry.byRun) if (index !== runIndex) usedBefore += used;
	if (usedBefore + sends > max) return { reserved: false, usedBefore };
	entry.byRun.set(runIndex, sends);
	return { reserved: true, usedBefore };
}

/** For tests: a fresh process's counts. */
export function resetToolSends(): void {
	counts.clear();
}
