/**
 * Runs the action node as an AI agent's tool, inside n8n-core's real WorkflowExecute, the two ways
 * n8n 2.41 does it:
 * - 'engine': like the Tools Agent version 3, a test agent node answers with an EngineRequest (one
 *   action per tool call); the engine runs the tool node as a node of its own (an ExecuteContext,
 *   isToolExecution() false, one run index per call) and resumes the agent with the results;
 * - 'supplyData': like older agents, the test agent asks getInputConnectionData for its tools and
 *   invokes them (n8n-core's createNodeAsTool: a SupplyDataContext, isToolExecution() true).
 * The tool node is the node's tool variant, built here the way n8n's loader builds it (type name
 * + 'Tool', no main input, an ai_tool output): the n8n CLI that builds it is not a test dependency.
 */
import { WorkflowExecute } from 'n8n-core';
import {
	NodeConnectionTypes,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	createRunExecutionData,
	type EngineRequest,
	type EngineResponse,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type IVersionedNodeType,
} from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { HarnessStart, PACKAGE_NAME, START_TYPE, createAdditionalData, prepareNode, type CredentialData } from '../harness/workflow';

export const TOOL_NODE = 'Voice Assistant Tool';
const AGENT_TYPE = 'harness.agent';

/** The tool variant of a node, as n8n's loader makes it for a node with usableAsTool. */
export function toolVariant(base: INodeType): INodeType {
	const description: INodeTypeDescription = {
		...base.description,
		name: `${base.description.name}Tool`,
		displayName: `${base.description.displayName} Tool`,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
	delete description.usableAsTool;
	const variant = Object.create(base) as INodeType;
	Object.defineProperty(variant, 'description', { value: description });
	return variant;
}

export interface ToolCallResult {
	/** the tool node's output items' json (or an { error } item n8n made of a failure) */
	output: IDataObject[];
	/** the failure message, when the tool call failed */
	error?: string;
}

export interface AgentRun {
	/** per round, per tool call */
	rounds: ToolCallResult[][];
	/** what the agent was told the tool does (supplyData mode only) */
	toolDescription?: string;
	executionError?: string;
}

/** A stand-in for the Tools Agent: makes the planned tool calls, round after round, in one execution. */
function agentType(plan: IDataObject[][], mode: 'engine' | 'supplyData', seen: { description?: string }): INodeType {
	return {
		description: {
			displayName: 'Agent',
			name: 'harnessAgent',
			group: ['transform'],
			version: 1,
			description: 'Calls its tools as planned',
			defaults: { name: 'Agent' },
			inputs: [NodeConnectionTypes.Main, NodeConnectionTypes.AiTool],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(this: IExecuteFunctions, response?: EngineResponse) {
			if (mode === 'supplyData') {
				const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as Array<{
					description: string;
					invoke(input: IDataObject): Promise<string>;
				}>;
				seen.description = tools[0].description;
				const rounds: ToolCallResult[][] = [];
				for (const round of plan) {
					const results: ToolCallResult[] = [];
					for (const input of round) {
						try {
							results.push({ output: [JSON.parse(await tools[0].invoke(input)) as IDataObject].flat() });
						} catch (error) {
							results.push({ output: [], error: (error as Error).message });
						}
					}
					rounds.push(results);
				}
				return [[{ json: { rounds } as unknown as IDataObject }]];
			}
			// n8n hands every run a response object; only a resumed run has results in it.
			const results = response?.actionResponses ?? [];
			const state = (results.length > 0 ? response?.metadata : { round: 0, rounds: [] }) as { round: number; rounds: ToolCallResult[][] };
			if (results.length > 0) {
				state.rounds.push(
					results.map(({ data }) => {
						const output = ((data.data?.[NodeConnectionTypes.AiTool]?.[0] ?? []) as INodeExecutionData[]).map((item) => item.json);
						const error = data.error?.message ?? (typeof output[0]?.error === 'string' ? output[0].error : undefined);
						return { output, ...(error !== undefined ? { error } : {}) };
					}),
				);
			}
			if (state.round >= plan.length) return [[{ json: { rounds: state.rounds } as unknown as IDataObject }]];
			const request: EngineRequest<IDataObject> = {
				actions: plan[state.round].map((input, index) => ({
					actionType: 'ExecutionNodeAction',
					nodeName: TOOL_NODE,
					input,
					type: NodeConnectionTypes.AiTool,
					id: `call-${state.round}-${index}`,
					metadata: { itemIndex: 0 },
				})),
				metadata: { round: state.round + 1, rounds: state.rounds },
			};
			return request as never;
		},
	};
}

class AgentNodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType>) {}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types[nodeType];
		if (!type) throw new UnexpectedError(`Agent harness: unknown node type "${nodeType}"`);
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

export interface AgentRunOptions {
	/** the tool node's parameters (resource, operation, fields, and the tool-only settings) */
	parameters: INodeParameters;
	credentials: CredentialData;
	/** the credential's type, when not the node's first (a Platform 2.0 account) */
	credentialType?: string;
	/** the agent's tool calls: per round, the input of each call */
	plan: IDataObject[][];
	mode?: 'engine' | 'supplyData';
	nodeSettings?: Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>;
}

export async function runAsAgentTool(options: AgentRunOptions): Promise<AgentRun> {
	const mode = options.mode ?? 'engine';
	const tool = toolVariant(new VoiceAssistant());
	const { node, credentialsHelper } = prepareNode(tool, { parameters: options.parameters, credentials: options.credentials, credentialType: options.credentialType, nodeName: TOOL_NODE }, options.nodeSettings);
	const seen: { description?: string } = {};
	const start: INode = { id: 'start', name: 'Start', type: START_TYPE, typeVersion: 1, position: [0, 0], parameters: {} };
	const agent: INode = { id: 'agent', name: 'Agent', type: AGENT_TYPE, typeVersion: 1, position: [200, 0], parameters: {} };
	const workflow = new Workflow({
		id: 'agent-harness',
		name: 'Agent harness',
		nodes: [start, agent, node],
		connections: {
			Start: { main: [[{ node: 'Agent', type: NodeConnectionTypes.Main, index: 0 }]] },
			[TOOL_NODE]: { ai_tool: [[{ node: 'Agent', type: NodeConnectionTypes.AiTool, index: 0 }]] },
		},
		active: false,
		nodeTypes: new AgentNodeTypes({
			[START_TYPE]: new HarnessStart(),
			[AGENT_TYPE]: agentType(options.plan, mode, seen),
			[`${PACKAGE_NAME}.${tool.description.name}`]: tool,
		}),
		settings: { executionOrder: 'v1' },
	});
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: start, data: { main: [[{ json: { chatInput: 'hello' } }]] }, source: null }] },
	});
	const run = await new WorkflowExecute(createAdditionalData(credentialsHelper), 'manual', runExecutionData).processRunExecutionData(workflow);
	const agentRun = run.data.resultData.runData.Agent?.at(-1);
	const rounds = (agentRun?.data?.main?.[0]?.[0]?.json.rounds ?? []) as ToolCallResult[][];
	return { rounds, toolDescription: seen.description, executionError: run.data.resultData.error?.message };
}
