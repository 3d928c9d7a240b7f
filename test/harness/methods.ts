/**
 * loadOptions / listSearch: the node's `methods` run with n8n-core's LoadOptionsContext on a
 * one-node workflow, as the editor's dynamic-parameter endpoint does (node named "Temp-Node",
 * current parameters also exposed through additionalData.currentNodeParameters).
 */
import { LoadOptionsContext } from 'n8n-core';
import {
	UnexpectedError,
	type ILoadOptionsFunctions,
	type INodeListSearchResult,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { createAdditionalData, createWorkflow, prepareNode, type CommonOptions, type NodeInput } from './workflow';

export interface MethodOptions extends CommonOptions {
	/** Path of the parameter asking, e.g. 'parameters.assistantId'; default 'parameters'. */
	path?: string;
}

export interface ListSearchOptions extends MethodOptions {
	filter?: string;
	paginationToken?: string;
}

type MethodKind = 'loadOptions' | 'listSearch';

function contextFor(node: NodeInput, kind: MethodKind, methodName: string, options: MethodOptions) {
	const { nodeType, concrete, node: instance, credentialsHelper } = prepareNode(node, {
		nodeName: 'Temp-Node',
		...options,
	});
	const method = concrete.methods?.[kind]?.[methodName] as unknown;
	if (typeof method !== 'function') {
		throw new UnexpectedError(`Harness: node "${concrete.description.name}" has no ${kind} method "${methodName}"`);
	}
	const workflow = createWorkflow(nodeType, [instance]);
	const additionalData = createAdditionalData(credentialsHelper, {
		currentNodeParameters: workflow.nodes[instance.name].parameters,
	});
	const context = new LoadOptionsContext(
		workflow,
		workflow.nodes[instance.name],
		additionalData,
		options.path ?? 'parameters',
	);
	return { context, method: method as (this: ILoadOptionsFunctions, ...args: unknown[]) => unknown };
}

export async function loadOptions(
	node: NodeInput,
	methodName: string,
	options: MethodOptions = {},
): Promise<INodePropertyOptions[]> {
	const { context, method } = contextFor(node, 'loadOptions', methodName, options);
	return (await method.call(context)) as INodePropertyOptions[];
}

export async function listSearch(
	node: NodeInput,
	methodName: string,
	options: ListSearchOptions = {},
): Promise<INodeListSearchResult> {
	const { context, method } = contextFor(node, 'listSearch', methodName, options);
	return (await method.call(context, options.filter, options.paginationToken)) as INodeListSearchResult;
}
