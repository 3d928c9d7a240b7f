import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** What every actions/<resource>/<operation>.operation.ts exports. */
export interface OperationModule {
	/** The fields of this operation; displayOptions are added by the resource file. */
	description: INodeProperties[];
	/** Runs the operation for one input item; the router adds pairedItem and handles continueOnFail. */
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

export type ResourceOperations = Record<string, OperationModule>;
