import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { admitToolSends, refuseUnlessAllowed } from './agent/guard';
import { apiFor } from './api';
import { binaryOf } from './binary';
import { checkBatch, type Checked } from './batch/checkBatch';
import { asItemError, describeStop, errorItem, invalidBatchError } from './batch/report';
import { runMemoryFor } from './batch/retryMemory';
import { AutoConcurrency } from './batch/concurrency';
import { StopGate, runInOrder, type Slot } from './batch/runInOrder';
import { sendGroups } from './batch/sendGroups';
import { sendItem } from './batch/sendItem';
import type { AnyOperation, Resource } from './operation';
import { findOperation } from './operation';
import { readRequestOptions, type RequestOptions } from './requestOptions';

/**
 * The item loop, in three steps:
 * 1. check the whole batch (every item's request built and checked, lookups done) before anything
 *    is sent: with Continue On Fail off, one invalid item means nothing is sent;
 * 2. send the items in input order, as many at a time as batch/concurrency.ts finds worthwhile (at most
 *    "Requests in Parallel"), or, for an operation whose items share requests, in groups of items
 *    (batch/sendGroups.ts); a write that succeeded in an
 *    earlier try of this run (n8n's Retry On Fail) is replayed, not repeated; after a failure no
 *    new item starts;
 * 3. shape the answers into items with pairedItem, or error items under Continue On Fail.
 * Nothing below this file knows about item order or Continue On Fail. The node hands in its
 * resources, so the engine imports none of them.
 */
export async function route(this: IExecuteFunctions, resources: Resource[], continueOnFail: boolean): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = findOperation(resources, resource, operation);
	if (!op) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	refuseUnlessAllowed(this, op);
	const node = this.getNode();
	const options = readRequestOptions(this);

	const checked = await checkBatch(this, op, items.length, options);
	if (!continueOnFail) {
		const lookupFailure = checked.find((entry) => !entry.ok && entry.beforeSending === 'lookup');
		if (lookupFailure && !lookupFailure.ok) throw lookupFailure.error;
		const invalid = checked.flatMap((entry, itemIndex) => (entry.ok ? [] : [{ itemIndex, error: entry.error }]));
		if (invalid.length === 1 && items.length === 1) throw asItemError(node, invalid[0].error, 0);
		if (invalid.length > 0) throw invalidBatchError(node, invalid, items.length);
	}

	admitToolSends(this, op, checked.flatMap((entry) => (entry.ok ? [entry.prepared] : [])));
	const memory = op.write ? runMemoryFor(this) : undefined;
	let replayed = 0;
	// How many at once: chosen from what the platform says, never above Requests in Parallel (or,
	// left automatic, above what the operation allows for its items).
	const batch = { gate: new StopGate(), concurrency: new AutoConcurrency(automaticBound(op, checked, options)) };
	const sending = { ...options, batch };
	const apiAt = (itemIndex: number, slot?: Slot) => apiFor(this, op, itemIndex, sending, slot);
	const grouped = op.group
		? await sendGroups({ op: { ...op, group: op.group }, checked, memory, continueOnFail, apiAt, concurrency: () => batch.concurrency.limit(), gate: batch.gate })
		: undefined;
	if (grouped) replayed = grouped.replayed;
	const outcomes = grouped?.outcomes ?? (await runInOrder(items.length, () => batch.concurrency.limit(), async (itemIndex, slot): Promise<INodeExecutionData[]> => {
		const entry = checked[itemIndex];
		if (!entry.ok) return [errorItem(entry.error, itemIndex)];
		try {
			const result = await sendItem(op, entry.prepared, apiAt(itemIndex, slot), memory);
			if (result.replayed) replayed++;
			return result.records.map((json) => ({ json, ...binaryOf(json), pairedItem: { item: itemIndex } }));
		} catch (error) {
			if (continueOnFail) return [errorItem(error, itemIndex)];
			throw asItemError(node, error, itemIndex);
		}
	}, batch.gate));

	const failedIndex = outcomes.findIndex((outcome) => outcome?.ok === false);
	if (failedIndex >= 0) {
		memory?.finish(true);
		const failure = outcomes[failedIndex] as { ok: false; error: unknown };
		const done = outcomes.flatMap((outcome, index) => (outcome?.ok ? [index] : []));
		const notSent = outcomes.flatMap((outcome, index) => (outcome === undefined ? [index] : []));
		// a shared request (Operation.group): the other items that failed with it, in the same request
		const withIt = outcomes.flatMap((outcome, index) => (outcome?.ok === false && outcome.error === failure.error && index !== failedIndex ? [index] : []));
		const error = describeStop(failure.error, { failedIndex, itemCount: items.length, done, replayed, notSent, withIt, effect: op.write });
		throw asItemError(node, error, failedIndex);
	}
	const output = outcomes.flatMap((outcome) => (outcome?.ok ? outcome.value : []));
	// n8n runs a node again (Retry On Fail) when its first output item is an error item.
	memory?.finish(output[0]?.json.error !== undefined);
	return [output];
}

/** Requests in Parallel when the user set it; else the automatic ceiling, lowered to the smallest limit the operation sets for an item of this batch. */
function automaticBound(op: AnyOperation, checked: Checked[], options: RequestOptions): number {
	if (options.explicit || !op.automaticLimit) return options.parallel;
	const limits = checked.flatMap((entry) => (entry.ok ? [op.automaticLimit?.(entry.prepared) ?? options.parallel] : []));
	return Math.max(1, Math.min(options.parallel, ...limits));
}
