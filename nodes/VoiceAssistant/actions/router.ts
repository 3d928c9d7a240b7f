import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { operationsByResource } from './operations';
import { runInOrder } from './runInOrder';

/** Bounds of Request Options → Requests in Parallel. */
export const PARALLEL_REQUESTS = { min: 1, max: 10, default: 1 } as const;

/**
 * The per-item loop: picks the operation, runs it for every input item (in parallel up to the
 * node's "Requests in Parallel" option, results kept in input order), attaches pairedItem, and
 * turns a failure into an error item when "Continue On Fail" is on. Nothing below this file knows
 * about item order or continueOnFail. Pacing across the parallel lanes is the transport's job.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = operationsByResource[resource]?.[operation];
	if (!op) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}

	const concurrency = readConcurrency(this);
	const continueOnFail = this.continueOnFail();
	const perItem = await runInOrder(items.length, concurrency, async (itemIndex) => {
		try {
			const output = await op.execute.call(this, itemIndex);
			return output.map((entry) => ({ ...entry, pairedItem: { item: itemIndex } }));
		} catch (error) {
			if (continueOnFail) return [errorItem(error, itemIndex)];
			throw asItemError(this, error, itemIndex);
		}
	});
	return [perItem.flat()];
}

function readConcurrency(ctx: IExecuteFunctions): number {
	const value = Number(ctx.getNodeParameter('requestOptions.parallelRequests', 0, PARALLEL_REQUESTS.default));
	if (!Number.isFinite(value)) return PARALLEL_REQUESTS.default;
	return Math.max(PARALLEL_REQUESTS.min, Math.min(PARALLEL_REQUESTS.max, Math.floor(value)));
}

/**
 * The error item n8n expects: only `error` and `details` in json, so "On Error: Continue (using error
 * output)" routes it. No `item.error`: n8n would replace the json with the message alone and drop
 * the details (for writes: whether the action may have happened).
 */
function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const err = error as { message?: string; description?: string | null };
	const json: IDataObject = { error: err.message ?? String(error) };
	if (err.description) json.details = err.description;
	return { json, pairedItem: { item: itemIndex } };
}

/** n8n shows "item N" from context.itemIndex; make sure every thrown error carries it. */
function asItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeOperationError || (error as { name?: string })?.name === 'NodeApiError') {
		const withContext = error as { context?: IDataObject };
		withContext.context = { ...(withContext.context ?? {}), itemIndex };
		return error as Error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}
