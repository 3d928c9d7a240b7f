import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/** How one index of a batch ended. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown } | undefined;

const refusals = new WeakSet<object>();

/**
 * Set once an item has failed (without Continue On Fail). An item still waiting for its first request
 * (at the pacer, or in its own preparation) asks `refuse` before sending and is not sent: after a
 * failure no new request starts. Such an item counts as never started.
 */
export class StopGate {
	stopped = false;

	/** An error when the batch has stopped (to be thrown: it marks the item as not started). */
	refuse(node: INode, itemIndex: number): NodeOperationError | undefined {
		if (!this.stopped) return undefined;
		const error = new NodeOperationError(node, 'Not sent: an earlier item failed', { itemIndex });
		refusals.add(error);
		return error;
	}
}

/** Whether the error is the gate's refusal of a request not yet sent (the item never started). */
export function wasRefused(error: unknown): boolean {
	return typeof error === 'object' && error !== null && refusals.has(error);
}

/**
 * Runs worker(0..count-1) with at most `concurrency()` in flight (read again whenever an item ends, so
 * it may change during the run) and returns every outcome in index order. After the first failure no
 * new index is started and `gate` stops requests not yet sent; the ones already in flight are awaited
 * (their side effects happened and must be reported, not dropped mid-request). Indexes never started
 * are `undefined`.
 */
export async function runInOrder<T>(
	count: number,
	concurrency: number | (() => number),
	worker: (index: number) => Promise<T>,
	gate: StopGate = new StopGate(),
): Promise<Array<Settled<T>>> {
	const outcomes = new Array<Settled<T>>(count).fill(undefined);
	const limit = typeof concurrency === 'number' ? () => concurrency : concurrency;
	let next = 0;
	let active = 0;

	await new Promise<void>((resolve) => {
		const pump = () => {
			while (!gate.stopped && next < count && active < Math.max(1, limit())) {
				const index = next++;
				active++;
				worker(index).then(
					(value) => {
						outcomes[index] = { ok: true, value };
					},
					(error: unknown) => {
						if (gate.stopped && wasRefused(error)) return;
						outcomes[index] = { ok: false, error };
						gate.stopped = true;
					},
				).finally(() => {
					active--;
					pump();
				});
			}
			if (active === 0) resolve();
		};
		pump();
	});
	return outcomes;
}
