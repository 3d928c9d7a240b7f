/**
 * Webhook-based triggers: the lifecycle methods (checkExists/create/delete) run with n8n-core's
 * HookContext and webhook() runs with its WebhookContext — the same contexts n8n's WebhookService
 * builds on activation and for each incoming request. Only the HTTP request/response objects are
 * fakes (n8n would hand over Express's), see fake-http.ts.
 */
import { HookContext, WebhookContext } from 'n8n-core';
import {
	Node,
	NodeHelpers,
	UnexpectedError,
	deepCopy,
	type IDataObject,
	type IHttpRequestMethods,
	type INode,
	type INodeType,
	type IWebhookData,
	type IWebhookDescription,
	type IWebhookResponseData,
	type Workflow,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { createFakeRequest, createRecordingResponse, type FakeRequestInit, type RecordedResponse } from './fake-http';
import {
	WORKFLOW_ID,
	createAdditionalData,
	createWorkflow,
	prepareNode,
	type CommonOptions,
	type NodeInput,
} from './workflow';

export const DEFAULT_WEBHOOK_ID = 'harness-webhook-id';
export type WebhookMethodName = 'checkExists' | 'create' | 'delete';

export interface WebhookCommonOptions extends CommonOptions {
	/**
	 * The node's static data (what `getWorkflowStaticData('node')` returns). Pass the same object to
	 * consecutive calls: it is updated in place and also returned, like n8n saving it to the workflow.
	 */
	staticData?: IDataObject;
	/**
	 * Full URL `getNodeWebhookUrl('default')` must return, e.g. `http://127.0.0.1:5678/webhook/<id>/webhook`.
	 * Its last segments must be `<webhookId>/<path>` as in n8n. Default:
	 * http://localhost:5678/webhook(-test)/harness-webhook-id/<path>.
	 */
	webhookUrl?: string;
	/** Which of the node's webhook descriptions; default 'default'. */
	webhookName?: string;
}

export interface RunWebhookMethodOptions extends WebhookCommonOptions {
	/** 'trigger' = workflow activation (production URL), 'manual' = "Listen for test event" (test URL). */
	mode?: 'trigger' | 'manual';
	/** Why the hook runs; default 'activate' in trigger mode, 'manual' in manual mode. */
	activation?: WorkflowActivateMode;
}

export interface RunWebhookMethodResult {
	/** What the method returned (checkExists/create/delete all return booleans). */
	result: boolean | undefined;
	staticData: IDataObject;
	webhookUrl: string;
}

export interface RunWebhookOptions extends WebhookCommonOptions {
	request: FakeRequestInit;
	/** 'webhook' = production call, 'manual' = test webhook; default 'webhook'. */
	mode?: 'webhook' | 'manual';
}

export interface RunWebhookResult extends IWebhookResponseData {
	/** What the node wrote to the response object (status, headers, body), if anything. */
	response: RecordedResponse;
	staticData: IDataObject;
	webhookUrl: string;
}

interface WebhookSetup {
	workflow: Workflow;
	node: INode;
	concrete: INodeType;
	webhookData: IWebhookData;
	webhookUrl: string;
}

function findDescription(concrete: INodeType, name: string): IWebhookDescription {
	const description = concrete.description.webhooks?.find((webhook) => webhook.name === name);
	if (!description) {
		throw new UnexpectedError(`Harness: node "${concrete.description.name}" has no webhook named "${name}"`);
	}
	return description;
}

/** Splits a full webhook URL into the base URL and webhookId n8n would have built it from. */
function splitWebhookUrl(fullUrl: string, path: string, isFullPath: boolean, node: INode) {
	const trimmedPath = path.replace(/^\/+/, '');
	const pathSegments = trimmedPath === '' ? 0 : trimmedPath.split('/').length;
	const segments = fullUrl.replace(/\/+$/, '').split('/');
	const idSegments = isFullPath ? 0 : 1;
	const cut = segments.length - pathSegments - idSegments;
	const baseUrl = segments.slice(0, cut).join('/');
	const webhookId = isFullPath ? (node.webhookId ?? DEFAULT_WEBHOOK_ID) : segments[cut];
	const rebuilt = NodeHelpers.getNodeWebhookUrl(baseUrl, WORKFLOW_ID, { ...node, webhookId }, trimmedPath, isFullPath);
	if (rebuilt !== fullUrl.replace(/\/+$/, '')) {
		throw new UnexpectedError(
			`Harness: webhookUrl must look like <base>/${isFullPath ? '' : '<webhookId>/'}${trimmedPath} (got ${fullUrl})`,
		);
	}
	return { baseUrl, webhookId };
}

function setupWebhook(
	nodeInput: NodeInput,
	options: WebhookCommonOptions,
	mode: WorkflowExecuteMode,
	extraData: Parameters<typeof createAdditionalData>[1] = {},
): WebhookSetup {
	const prepared = prepareNode(nodeInput, options, { webhookId: DEFAULT_WEBHOOK_ID });
	const { nodeType, concrete, credentialsHelper } = prepared;
	const description = findDescription(concrete, options.webhookName ?? 'default');
	const isTest = mode === 'manual';

	const staticKey = `node:${prepared.node.name}`;
	const workflow = createWorkflow(nodeType, [prepared.node], {}, {
		[staticKey]: deepCopy(options.staticData ?? {}),
	});
	const node = workflow.nodes[prepared.node.name];
	const resolve = <T>(value: unknown, fallback: T): T =>
		(workflow.expression.getSimpleParameterValue(node, value as string, mode, {}, undefined, fallback as never) ??
			fallback) as T;
	const path = String(resolve(description.path, ''));
	const isFullPath = resolve<unknown>(description.isFullPath ?? false, false) === true;
	const httpMethod = String(resolve(description.httpMethod, 'GET')) as IHttpRequestMethods;

	let baseUrl = isTest ? 'http://localhost:5678/webhook-test' : 'http://localhost:5678/webhook';
	if (options.webhookUrl) {
		const split = splitWebhookUrl(options.webhookUrl, path, isFullPath, node);
		baseUrl = split.baseUrl;
		node.webhookId = split.webhookId;
	}
	const additionalData = createAdditionalData(credentialsHelper, {
		...extraData,
		webhookBaseUrl: baseUrl,
		webhookTestBaseUrl: baseUrl,
	});
	const webhookData: IWebhookData = {
		httpMethod,
		node: node.name,
		path,
		webhookDescription: description,
		workflowId: WORKFLOW_ID,
		workflowExecuteAdditionalData: additionalData,
		webhookId: node.webhookId,
		isTest,
	};
	const webhookUrl = NodeHelpers.getNodeWebhookUrl(baseUrl, WORKFLOW_ID, node, path.replace(/^\/+/, ''), isFullPath);
	return { workflow, node, concrete, webhookData, webhookUrl };
}

/** Copies the node's static data out of the workflow and into the caller's object (in place). */
function syncStaticData(workflow: Workflow, node: INode, callerObject: IDataObject | undefined): IDataObject {
	const current = deepCopy(workflow.getStaticData('node', node) as IDataObject);
	delete current.__dataChanged;
	if (callerObject) {
		for (const key of Object.keys(callerObject)) delete callerObject[key];
		Object.assign(callerObject, current);
		return callerObject;
	}
	return current;
}

export async function runWebhookMethod(
	nodeInput: NodeInput,
	method: WebhookMethodName,
	options: RunWebhookMethodOptions = {},
): Promise<RunWebhookMethodResult> {
	const mode = options.mode ?? 'trigger';
	const { workflow, node, concrete, webhookData, webhookUrl } = setupWebhook(nodeInput, options, mode);
	const fn = concrete.webhookMethods?.[webhookData.webhookDescription.name]?.[method];
	if (typeof fn !== 'function') {
		throw new UnexpectedError(`Harness: node "${concrete.description.name}" has no webhook method "${method}"`);
	}
	const activation = options.activation ?? (mode === 'manual' ? 'manual' : 'activate');
	const context = new HookContext(
		workflow,
		node,
		webhookData.workflowExecuteAdditionalData,
		mode,
		activation,
		webhookData,
	);
	const result = await fn.call(context);
	return { result, staticData: syncStaticData(workflow, node, options.staticData), webhookUrl };
}

export async function runWebhook(nodeInput: NodeInput, options: RunWebhookOptions): Promise<RunWebhookResult> {
	const mode = options.mode ?? 'webhook';
	const request = createFakeRequest(options.request);
	const { response, recorded } = createRecordingResponse();
	const { workflow, node, concrete, webhookData, webhookUrl } = setupWebhook(nodeInput, options, mode, {
		httpRequest: request,
		httpResponse: response,
	});
	if (typeof concrete.webhook !== 'function') {
		throw new UnexpectedError(`Harness: node "${concrete.description.name}" has no webhook()`);
	}
	const context = new WebhookContext(
		workflow,
		node,
		webhookData.workflowExecuteAdditionalData,
		mode,
		webhookData,
		[],
		null,
	);
	// Same dispatch as n8n: class-style `Node` subclasses get the context as an argument.
	const data =
		concrete instanceof Node
			? await concrete.webhook(context)
			: await (concrete.webhook as (this: WebhookContext) => Promise<IWebhookResponseData>).call(context);
	// n8n writes the static data back only when the node changed it (WorkflowStaticDataService)
	const changed = (workflow.staticData as IDataObject).__dataChanged === true;
	return {
		...data,
		response: recorded,
		staticData: changed ? syncStaticData(workflow, node, options.staticData) : (options.staticData ?? {}),
		webhookUrl,
	};
}
