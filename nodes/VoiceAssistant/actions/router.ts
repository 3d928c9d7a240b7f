import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { operationsByResource } from './operations';
import { runInOrder } from './runInOrder';

/**
 * The per-item loop: picks the operation, runs it for every input item (in parallel up to the
 * node's "Requests in Parallel" option, results kept in input order), attaches pairedItem, and
 * turns a failure into an error item when "Continue On Fail" is on. Nothing below this file knows
 * about item order or continueOnFail.
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
	const perItem = await runInOrder(items.length, concurrency, async (itemIndex) => {
		try {
			const output = await op.execute.call(this, itemIndex);
			return output.map((entry) => ({ ...entry, pairedItem: { item: itemIndex } }));
		} catch (error) {
			if (this.continueOnFail()) {
				return [errorItem(error, itemIndex)];
			}
			throw asItemError(this, error, itemIndex);
		}
	});
	return [perItem.flat()];
}

function readConcurrency(ctx: IExecuteFunctions): number {
	const value = ctx.getNodeParameter('requestOptions.parallelRequests', 0, 1) as number;
	return Math.max(1, Math.min(10, Math.floor(Number(value) || 1)));
}

function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const err = error as { message?: string; description?: string; httpCode?: string | null };
	const json: IDataObject = { error: err.message ?? String(error) };
	if (err.description) json.description = err.description;
	if (err.httpCode) json.httpCode = err.httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

/** n8n shows "item N" from context.itemIndex; make sure every thrown error carries it. */
function asItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeOperationError || (error as { name?: string }).name === 'NodeApiError') {
		const withContext = error as { context?: IDataObject };
		withContext.context = { ...(withContext.context ?? {}), itemIndex };
		return error as Error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}
