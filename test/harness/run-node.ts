/**
 * runNode: executes a node inside n8n-core's WorkflowExecute, fed by a start node, exactly as an
 * editor run of a two-node workflow would (parameter defaults, expressions, credentials,
 * continueOnFail/onError, pairedItem bookkeeping are all n8n's own code).
 */
import { WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	type ExecutionError,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IRun,
	type IRunData,
	type ITaskData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	START_TYPE,
	createAdditionalData,
	createWorkflow,
	prepareNode,
	type CommonOptions,
	type NodeInput,
} from './workflow';

export interface RunNodeOptions extends CommonOptions {
	node: NodeInput;
	/** Input items for the node under test; default one empty item. Plain objects become `{ json }`. */
	items?: IDataObject[] | INodeExecutionData[];
	/** Shorthand for onError 'continueRegularOutput' (the "Continue" setting in the editor). */
	continueOnFail?: boolean;
	/** The node's "On Error" setting; wins over continueOnFail. */
	onError?: INode['onError'];
	/** Execution mode; default 'manual' (an editor run). */
	mode?: WorkflowExecuteMode;
	/** Aborting it stops the execution the way the editor's Stop button does (WorkflowExecute's cancel). */
	signal?: AbortSignal;
	/** Other node settings from the editor's Settings tab. */
	nodeSettings?: Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'alwaysOutputData' | 'executeOnce'>;
}

export interface RunNodeResult {
	/** Main output 0 of the node under test ([] when it failed or produced nothing). */
	items: INodeExecutionData[];
	/** All outputs of the node under test (output 1 holds errors under onError 'continueErrorOutput'). */
	outputs: INodeExecutionData[][];
	/** The run's error: the node's own NodeApiError/NodeOperationError, or a workflow issue. */
	error?: ExecutionError | Error;
	/** The error exactly as WorkflowExecute stored it in the run data (a plain-object copy). */
	recordedError?: ExecutionError;
	/** The node under test's task data (executionStatus, hints, metadata...). */
	task?: ITaskData;
	runData: IRunData;
	run?: IRun;
}

function toExecutionItems(items: RunNodeOptions['items']): INodeExecutionData[] {
	if (!items) return [{ json: {} }];
	const list = items as Array<IDataObject | INodeExecutionData>;
	const alreadyWrapped = list.every(
		(item) => typeof item.json === 'object' && item.json !== null && !Array.isArray(item.json),
	);
	return alreadyWrapped
		? structuredClone(list as INodeExecutionData[])
		: list.map((json) => ({ json: structuredClone(json as IDataObject) }));
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const onError = options.onError ?? (options.continueOnFail ? 'continueRegularOutput' : undefined);
	const prepared = prepareNode(options.node, options, { ...options.nodeSettings, ...(onError ? { onError } : {}) });
	const { node, nodeType, credentialsHelper } = prepared;

	const start: INode = {
		id: 'harness-start',
		name: node.name === 'Start' ? 'Harness Start' : 'Start',
		type: START_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	let thrown: unknown;
	const workflow = createWorkflow(
		nodeType,
		[start, node],
		{ [start.name]: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
		undefined,
		(error) => (thrown = error),
	);
	const mode = options.mode ?? 'manual';
	const additionalData = createAdditionalData(credentialsHelper);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: start, data: { main: [toExecutionItems(options.items)] }, source: null },
			],
		},
	});

	let run: IRun;
	try {
		const running = new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
		const stop = () => running.cancel();
		if (options.signal?.aborted) stop();
		else options.signal?.addEventListener('abort', stop, { once: true });
		try {
			run = await running;
		} finally {
			options.signal?.removeEventListener('abort', stop);
		}
	} catch (error) {
		// Raised before any node runs, e.g. WorkflowHasIssuesError for a missing required parameter.
		return { items: [], outputs: [], error: error as Error, runData: {} };
	}

	const { runData } = run.data.resultData;
	const task = runData[node.name]?.[0];
	const outputs = (task?.data?.main ?? []).map((output) => output ?? []);
	const recorded = task?.error ?? run.data.resultData.error;
	return {
		items: outputs[0] ?? [],
		outputs,
		// Prefer the live error object (instanceof works) when it is the one n8n recorded.
		error: recorded && thrown instanceof Error && thrown.message === recorded.message ? thrown : recorded,
		recordedError: recorded,
		task,
		runData,
		run,
	};
}
