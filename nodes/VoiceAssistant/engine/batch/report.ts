import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import type { WriteEffect } from '../operation';

/** The words a batch report uses; n8n numbers items from 0, and so do these messages. */

/** Invalid items listed one per line in the error; the rest are counted. */
export const LISTED_INVALID_ITEMS = 20;

const CONTINUE_HINT =
	'With Settings → On Error → "Continue (using error output)" the node sends the valid items and routes each failed one to the error output.';

export interface InvalidItem {
	itemIndex: number;
	error: unknown;
}

function messageOf(error: unknown): string {
	return (error as { message?: unknown })?.message ? String((error as { message: unknown }).message) : String(error);
}

/**
 * Some items of the batch failed their checks and Continue On Fail is off: nothing was sent. One
 * error names every invalid item (the first 20 of them, then a count), so all can be fixed at once.
 */
export function invalidBatchError(node: INode, invalid: InvalidItem[], itemCount: number): NodeOperationError {
	const first = invalid[0];
	const count = invalid.length === 1 ? '1 item is' : `${invalid.length} items are`;
	const more = invalid.length > 1 ? ` (and ${invalid.length - 1} more)` : '';
	const lines = invalid.slice(0, LISTED_INVALID_ITEMS).map(({ itemIndex, error }) => `• item ${itemIndex}: ${messageOf(error)}`);
	if (invalid.length > LISTED_INVALID_ITEMS) lines.push(`… and ${invalid.length - LISTED_INVALID_ITEMS} more invalid items`);
	// the first item's own explanation (how to fix it) is kept, not only its one-line message
	const firstHint = (first.error as { description?: unknown })?.description;
	const hint = typeof firstHint === 'string' && firstHint !== '' ? [`Item ${first.itemIndex}: ${firstHint}`, ''] : [];
	return new NodeOperationError(node, `${count} invalid, so none of the ${itemCount} items was sent: ${messageOf(first.error)}${more}`, {
		itemIndex: first.itemIndex,
		description: [`Invalid items:`, ...lines, '', ...hint, `Fix them and run again. ${CONTINUE_HINT}`].join('\n'),
	});
}

export interface StopPoint {
	failedIndex: number;
	itemCount: number;
	/** items whose request succeeded in this run, in order (replayed ones included) */
	done: number[];
	/** of `done`: those answered from an earlier try of this run (Retry On Fail), not sent again */
	replayed: number;
	notSent: number[];
	/** items that failed in the same request as the failed one (a shared request, Operation.group) */
	withIt?: number[];
	effect?: WriteEffect;
}

/**
 * A batch stopped at an item the platform failed: the item's own error gains where the run stopped,
 * what was done before it and what was not sent, so a user knows what a second run would repeat.
 */
export function describeStop(error: unknown, stop: StopPoint): unknown {
	if (stop.itemCount < 2 || typeof error !== 'object' || error === null) return error;
	const target = error as { message: string; description?: string | null; context?: IDataObject };
	const [one, many] = stop.effect?.done ?? ['item done', 'items done'];
	const done = stop.done.length === 1 ? `1 ${one}` : `${stop.done.length} ${many}`;
	const replayed = stop.replayed > 0 ? `; ${stop.replayed} of them in an earlier try of this run, not sent again` : '';
	const summary = [
		`This run stopped at item ${stop.failedIndex} of ${stop.itemCount} (items 0–${stop.itemCount - 1}).`,
		`Done: ${done}${stop.done.length > 0 ? ` (items ${ranges(stop.done)}${replayed})` : ''}.`,
		...(stop.withIt && stop.withIt.length > 0
			? [`In the same request as item ${stop.failedIndex}: ${stop.withIt.length} more ${stop.withIt.length === 1 ? 'item' : 'items'} (items ${ranges(stop.withIt)}), with the same outcome.`]
			: []),
		`Not sent: ${stop.notSent.length} ${stop.notSent.length === 1 ? 'item' : 'items'}${stop.notSent.length > 0 ? ` (items ${ranges(stop.notSent)})` : ''}.`,
		CONTINUE_HINT,
	].join(' ');
	if (!/\[item \d+\]$/.test(target.message)) target.message = `${target.message} [item ${stop.failedIndex}]`;
	target.description = target.description ? `${target.description}\n\n${summary}` : summary;
	target.context = { ...(target.context ?? {}), itemIndex: stop.failedIndex };
	return error;
}

/** 0,1,2,3,7,9,10 → "0–3, 7, 9–10" */
export function ranges(indexes: number[]): string {
	const sorted = [...indexes].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; i++) {
		const start = sorted[i];
		while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
		parts.push(start === sorted[i] ? String(start) : `${start}–${sorted[i]}`);
	}
	return parts.join(', ');
}

/**
 * The error item n8n expects: only `error` and `details` in json, so "On Error: Continue (using error
 * output)" routes it. No `item.error`: n8n would replace the json with the message alone and drop the
 * details (for writes: whether the action may have happened).
 */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const err = error as { description?: string | null };
	const json: IDataObject = { error: messageOf(error) };
	if (err?.description) json.details = err.description;
	return { json, pairedItem: { item: itemIndex } };
}

/** n8n shows "item N" from context.itemIndex; every thrown error carries it. */
export function asItemError(node: INode, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeOperationError || (error as { name?: string })?.name === 'NodeApiError') {
		const withContext = error as { context?: IDataObject };
		withContext.context = { ...(withContext.context ?? {}), itemIndex };
		return error as Error;
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}
