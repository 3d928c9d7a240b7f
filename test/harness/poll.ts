/**
 * Polling triggers: poll() runs with n8n-core's PollContext, as n8n's poll-trigger executor runs it
 * on each Poll Times tick (mode 'trigger') and for "Fetch Test Event" (mode 'manual').
 *
 * What n8n persists matters for a trigger that keeps a cursor in its static data: n8n (without
 * durable poll cursors) saves the workflow's static data when a poll emits items and after the
 * activation poll, not after a poll that returned nothing. `persisted` says whether this poll's
 * static data would have been saved, so a test can model a restart from what n8n kept.
 */
import { PollContext } from 'n8n-core';
import {
	UnexpectedError,
	deepCopy,
	type IDataObject,
	type INodeExecutionData,
	type WorkflowActivateMode,
} from 'n8n-workflow';

import { createAdditionalData, createWorkflow, prepareNode, type CommonOptions, type NodeInput } from './workflow';

export interface RunPollOptions extends CommonOptions {
	/**
	 * The node's static data. Pass the same object to consecutive polls: it is updated in place (the
	 * memory of one running n8n) and also returned.
	 */
	staticData?: IDataObject;
	/** 'trigger' = a poll of the active workflow, 'manual' = "Fetch Test Event". */
	mode?: 'trigger' | 'manual';
	/** n8n's activation mode (the same for every poll of one activation). Default 'activate' in trigger mode. */
	activation?: WorkflowActivateMode;
	/** This is the poll n8n makes while activating the workflow (after which it saves the static data). */
	activationPoll?: boolean;
}

export interface RunPollResult {
	/** What poll() returned: null when it found nothing. */
	data: INodeExecutionData[][] | null;
	/** The first output's items ([] when poll() returned null). */
	items: INodeExecutionData[];
	staticData: IDataObject;
	/** Whether n8n would have saved the static data after this poll (it emitted, or it was the activation poll). */
	persisted: boolean;
}

export async function runPoll(nodeInput: NodeInput, options: RunPollOptions = {}): Promise<RunPollResult> {
	const mode = options.mode ?? 'trigger';
	const activation = options.activation ?? (mode === 'manual' ? 'manual' : 'activate');
	const prepared = prepareNode(nodeInput, options);
	const { nodeType, concrete, credentialsHelper } = prepared;
	if (typeof concrete.poll !== 'function') {
		throw new UnexpectedError(`Harness: node "${concrete.description.name}" has no poll()`);
	}
	const workflow = createWorkflow(nodeType, [prepared.node], {}, { [`node:${prepared.node.name}`]: deepCopy(options.staticData ?? {}) });
	const node = workflow.nodes[prepared.node.name];
	const context = new PollContext(workflow, node, createAdditionalData(credentialsHelper), mode, activation);
	const data = await concrete.poll.call(context);
	const current = deepCopy(workflow.getStaticData('node', node) as IDataObject);
	delete current.__dataChanged;
	let staticData = current;
	if (options.staticData) {
		for (const key of Object.keys(options.staticData)) delete options.staticData[key];
		staticData = Object.assign(options.staticData, current);
	}
	const persisted = mode === 'trigger' && (data !== null || options.activationPoll === true);
	return { data, items: data?.[0] ?? [], staticData, persisted };
}
