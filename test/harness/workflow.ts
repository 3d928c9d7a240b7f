/**
 * Shared plumbing: node-type registry, the start node, workflow construction and the
 * IWorkflowExecuteAdditionalData every n8n-core context needs.
 */
import { ExecutionLifecycleHooks } from 'n8n-core';
import {
	NodeConnectionTypes,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialsHelper,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import {
	HARNESS_CREDENTIAL_ID,
	HarnessCredentialsHelper,
	credentialRegistry,
	type CredentialTypeInput,
} from './credentials';
import { ensureEngine } from './engine';

/** Our package name: n8n registers community node types as `<package>.<description.name>`. */
export const PACKAGE_NAME = 'n8n-nodes-voice-assistant';
export const DEFAULT_CREDENTIAL_TYPE = 'voiceAssistantApi';
export const WORKFLOW_ID = 'harness-workflow';

export type AnyNodeType = INodeType | IVersionedNodeType;
export type NodeInput = AnyNodeType | (new () => AnyNodeType);

/** What our credential stores; other credential types pass their own fields. */
export interface VoiceAssistantCredentials {
	apiToken: string;
	baseUrl: string;
}
export type CredentialData = VoiceAssistantCredentials | ICredentialDataDecryptedObject;

/** Options every entry point shares. */
export interface CommonOptions {
	parameters?: INodeParameters;
	/** null/undefined = the node has no credential attached. */
	credentials?: CredentialData | null;
	/** Credential type name; default: the node's first declared credential, else voiceAssistantApi. */
	credentialType?: string;
	/** Credential classes known to this call; default: ours (credentials/VoiceAssistantApi.credentials.ts). */
	credentialTypes?: CredentialTypeInput[];
	typeVersion?: number;
	/** Display name of the node under test (expressions like $('Name') use it). */
	nodeName?: string;
	/** Handed the workflow's node under test (the object n8n runs; its parameters stay inspectable after the run). */
	onNode?: (node: INode) => void;
}

const instances = new WeakMap<object, AnyNodeType>();

/** Accepts a class or an instance; classes are instantiated once and reused. */
export function toNodeType(input: NodeInput): AnyNodeType {
	if (typeof input !== 'function') return input;
	let instance = instances.get(input);
	if (!instance) {
		instance = new input();
		instances.set(input, instance);
	}
	return instance;
}

function baseDescription(type: AnyNodeType) {
	return type.description as INodeTypeDescription & { defaultVersion?: number };
}

export function qualifiedTypeName(type: AnyNodeType): string {
	return `${PACKAGE_NAME}.${type.description.name}`;
}

export function latestVersion(type: AnyNodeType): number {
	const description = baseDescription(type);
	if (description.defaultVersion !== undefined) return description.defaultVersion;
	const { version } = description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** The concrete INodeType for a version (unwraps VersionedNodeType). */
export function concreteNodeType(type: AnyNodeType, version: number): INodeType {
	return NodeHelpers.getVersionedNodeType(type, version);
}

/** Passes its input through, like a Manual Trigger that was handed items. */
export class HarnessStart implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Start',
		name: 'harnessStart',
		group: ['input'],
		version: 1,
		description: 'Feeds the test items into the node under test',
		defaults: { name: 'Start' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}
export const START_TYPE = 'harness.start';
const startType = new HarnessStart();

/** Receives whatever the node under test's execute() throws, before n8n flattens it into run data. */
export type ThrownErrorListener = (error: unknown) => void;

export class HarnessNodeTypes implements INodeTypes {
	private readonly types: Record<string, AnyNodeType>;

	private readonly underTest: string;

	private readonly wrapped = new Map<number | undefined, INodeType>();

	constructor(
		nodeUnderTest: AnyNodeType,
		private readonly onThrow?: ThrownErrorListener,
	) {
		this.underTest = qualifiedTypeName(nodeUnderTest);
		this.types = { [START_TYPE]: startType, [this.underTest]: nodeUnderTest };
	}

	getByName(nodeType: string): AnyNodeType {
		const type = this.types[nodeType];
		if (!type) throw new UnexpectedError(`Harness: unknown node type "${nodeType}"`);
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		const concrete = NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
		if (nodeType !== this.underTest || !this.onThrow || !concrete.execute) return concrete;
		let wrapper = this.wrapped.get(version);
		if (!wrapper) {
			wrapper = this.withErrorCapture(concrete, this.onThrow);
			this.wrapped.set(version, wrapper);
		}
		return wrapper;
	}

	getKnownTypes(): IDataObject {
		return {};
	}

	/**
	 * WorkflowExecute stores a node's error as a spread copy ({ ...error, message, stack }), which
	 * loses its class. A transparent wrapper (same prototype chain, same `this`) keeps the original.
	 */
	private withErrorCapture(concrete: INodeType, onThrow: ThrownErrorListener): INodeType {
		const execute = concrete.execute as (...args: unknown[]) => Promise<unknown>;
		const wrapper = Object.create(concrete) as INodeType;
		wrapper.execute = async function (this: unknown, ...args: unknown[]) {
			try {
				return await execute.apply(this, args);
			} catch (error) {
				onThrow(error);
				throw error;
			}
		} as INodeType['execute'];
		return wrapper;
	}
}

export function credentialTypeFor(type: INodeType, requested?: string): string {
	return requested ?? type.description.credentials?.[0]?.name ?? DEFAULT_CREDENTIAL_TYPE;
}

export interface PreparedNode {
	nodeType: AnyNodeType;
	concrete: INodeType;
	node: INode;
	credentialsHelper: HarnessCredentialsHelper;
	credentialType: string;
}

/** Builds the INode (parameters as the user typed them; Workflow adds defaults) and its credentials. */
export function prepareNode(input: NodeInput, options: CommonOptions, extra: Partial<INode> = {}): PreparedNode {
	ensureEngine();
	const nodeType = toNodeType(input);
	const typeVersion = options.typeVersion ?? latestVersion(nodeType);
	const concrete = concreteNodeType(nodeType, typeVersion);
	const credentialType = credentialTypeFor(concrete, options.credentialType);
	const node: INode = {
		id: 'node-under-test',
		name: options.nodeName ?? concrete.description.defaults.name ?? 'Node',
		type: qualifiedTypeName(nodeType),
		typeVersion,
		position: [200, 0],
		parameters: structuredClone(options.parameters ?? {}),
		...extra,
	};
	const data: Record<string, ICredentialDataDecryptedObject> = {};
	if (options.credentials) {
		node.credentials = { [credentialType]: { id: HARNESS_CREDENTIAL_ID, name: 'Harness credential' } };
		data[credentialType] = { ...options.credentials } as ICredentialDataDecryptedObject;
	}
	const credentialsHelper = new HarnessCredentialsHelper(credentialRegistry(options.credentialTypes), data);
	options.onNode?.(node);
	return { nodeType, concrete, node, credentialsHelper, credentialType };
}

export function createWorkflow(
	nodeType: AnyNodeType,
	nodes: INode[],
	connections: Workflow['connectionsBySourceNode'] = {},
	staticData?: IDataObject,
	onThrow?: ThrownErrorListener,
): Workflow {
	return new Workflow({
		id: WORKFLOW_ID,
		name: 'Harness workflow',
		nodes,
		connections,
		active: false,
		nodeTypes: new HarnessNodeTypes(nodeType, onThrow),
		staticData,
		settings: { executionOrder: 'v1' },
	});
}

export interface UrlSettings {
	webhookBaseUrl?: string;
	webhookTestBaseUrl?: string;
}

let executionCounter = 0;

/** The services a context reaches through additionalData; anything not listed is unused by our nodes. */
export function createAdditionalData(
	credentialsHelper: ICredentialsHelper,
	extra: Partial<IWorkflowExecuteAdditionalData> & UrlSettings = {},
): IWorkflowExecuteAdditionalData {
	const unavailable = (what: string) => () => {
		throw new UnexpectedError(`Harness: ${what} is not available in tests`);
	};
	// Every run is its own execution, as in n8n (the action node remembers writes per execution).
	const executionId = `harness-execution-${++executionCounter}`;
	const base = {
		credentialsHelper,
		executionId,
		workflowId: WORKFLOW_ID,
		hooks: new ExecutionLifecycleHooks('manual', executionId, {
			id: WORKFLOW_ID,
			name: 'Harness workflow',
			active: false,
			activeVersionId: null,
			isArchived: false,
			nodes: [],
			connections: {},
			createdAt: new Date(0),
			updatedAt: new Date(0),
		}),
		executeWorkflow: unavailable('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: unavailable('the task runner'),
		logAiEvent: () => undefined,
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formBaseUrl: 'http://localhost:5678/form',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		formTestBaseUrl: 'http://localhost:5678/form-test',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		mcpBaseUrl: 'http://localhost:5678/mcp',
		mcpTestBaseUrl: 'http://localhost:5678/mcp-test',
		externalSecretsProxy: undefined,
	};
	return { ...base, ...extra } as unknown as IWorkflowExecuteAdditionalData;
}
