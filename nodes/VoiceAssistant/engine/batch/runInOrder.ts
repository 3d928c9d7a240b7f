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
 * An item's hold on one of the run's slots. `aside` gives it back while `wait` runs (an item held
 * until later that sends nothing meanwhile, e.g. until its Calling Hours open), then waits for a free
 * slot again: returning items go before items not yet started, so they are sent in input order.
 */
export interface Slot {
	aside<T>(wait: () => Promise<T>): Promise<T>;
}

/**
 * Runs worker(0..count-1) with at most `concurrency()` holding a slot (read again whenever an item
 * ends or steps aside, so it may change during the run) and returns every outcome in index order.
 * After the first failure no new index is started and `gate` stops requests not yet sent; the ones
 * already started are awaited (their side effects happened and must be reported, not dropped
 * mid-request). Indexes never started are `undefined`.
 */
export async function runInOrder<T>(
	count: number,
	concurrency: number | (() => number),
	worker: (index: number, slot: Slot) => Promise<T>,
	gate: StopGate = new StopGate(),
): Promise<Array<Settled<T>>> {
	const outcomes = new Array<Settled<T>>(count).fill(undefined);
	const limit = typeof concurrency === 'number' ? () => concurrency : concurrency;
	let next = 0;
	/** items holding a slot */
	let active = 0;
	/** items started and not yet ended (holding a slot or set aside) */
	let unfinished = 0;
	/** items back from aside, waiting for a slot, earliest index first */
	const returning: Array<{ index: number; resume: () => void }> = [];

	await new Promise<void>((resolve) => {
		const room = () => active < Math.max(1, limit());
		const pump = () => {
			// After a stop, a returning item takes its slot at once: its first request is refused by the gate.
			while (returning.length > 0 && (room() || gate.stopped)) {
				active++;
				returning.shift()?.resume();
			}
			while (!gate.stopped && next < count && room()) start(next++);
			if (unfinished === 0 && (gate.stopped || next >= count)) resolve();
		};
		const slot = (index: number): Slot => ({
			aside: async (wait) => {
				active--;
				pump();
				try {
					return await wait();
				} finally {
					await new Promise<void>((resume) => {
						returning.push({ index, resume });
						returning.sort((a, b) => a.index - b.index);
						pump();
					});
				}
			},
		});
		const start = (index: number) => {
			active++;
			unfinished++;
			worker(index, slot(index)).then(
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
				unfinished--;
				pump();
			});
		};
		pump();
	});
	return outcomes;
}
