/**
 * The credential's "Test" button, as n8n's CredentialsTester runs it: the credential type's declarative
 * `test.request` through n8n-core's RoutingNode on a temporary node, then its `rules`; or, when the
 * credential has no `test`, the function a node names in `credentials[].testedBy`, called with
 * n8n-core's CredentialTestContext.
 */
import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import {
	NodeConnectionTypes,
	createRunExecutionData,
	type ICredentialDataDecryptedObject,
	type ICredentialTestFunction,
	type ICredentialTestFunctions,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { HARNESS_CREDENTIAL_ID, credentialRegistry, type CredentialTypeInput } from './credentials';
import {
	DEFAULT_CREDENTIAL_TYPE,
	createAdditionalData,
	createWorkflow,
	prepareNode,
	type CredentialData,
} from './workflow';

export interface TestCredentialsOptions {
	credentialType?: string;
	credentialTypes?: CredentialTypeInput[];
	/** nodes searched for a `testedBy` function (default: our Voice Assistant node) */
	nodeTypes?: INodeType[];
}

/** The node function named by `testedBy` for this credential type, like CredentialsTester.getCredentialTestFunction. */
function testedByFunction(credentialType: string, nodeTypes: INodeType[]): ICredentialTestFunction | undefined {
	for (const nodeType of nodeTypes) {
		for (const { name, testedBy } of nodeType.description.credentials ?? []) {
			if (name !== credentialType || typeof testedBy !== 'string') continue;
			const fn = nodeType.methods?.credentialTest?.[testedBy];
			if (fn) return fn;
		}
	}
	return undefined;
}

interface HttpFailure {
	cause?: { response?: { status?: number; statusText?: string }; code?: string };
	message?: string;
}

function readPath(data: unknown, path: string): unknown {
	return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
}

export async function testCredentials(
	credentials: CredentialData,
	options: TestCredentialsOptions = {},
): Promise<INodeCredentialTestResult> {
	const credentialType = options.credentialType ?? DEFAULT_CREDENTIAL_TYPE;
	const registry = credentialRegistry(options.credentialTypes);
	const { test } = registry.getByName(credentialType);
	if (!test) {
		const fn = testedByFunction(credentialType, options.nodeTypes ?? [new VoiceAssistant()]);
		if (!fn) return { status: 'Error', message: 'No testing function found for this credential.' };
		// As typed in the credential form: the test function sees no defaults for fields left out.
		const data = credentials as ICredentialDataDecryptedObject;
		const context = new CredentialTestContext() as unknown as ICredentialTestFunctions;
		return await fn.call(context, { id: HARNESS_CREDENTIAL_ID, name: 'Harness credential', type: credentialType, data });
	}

	const tempType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'harnessCredentialTest',
			group: ['transform'],
			version: 1,
			description: 'Runs the credential test request',
			defaults: { name: 'Temp-Node' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: credentialType, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } },
			],
		},
	};
	const { node, credentialsHelper } = prepareNode(tempType, {
		credentials,
		credentialType,
		credentialTypes: options.credentialTypes,
	});
	const data = credentialsHelper.applyDefaults(credentialType, credentials as ICredentialDataDecryptedObject);
	const workflow = createWorkflow(tempType, [node]);
	const workflowNode = workflow.nodes[node.name];
	const context = new ExecuteContext(
		workflow,
		workflowNode,
		createAdditionalData(credentialsHelper),
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node: workflowNode, data: {}, source: null },
		[],
	);
	const routingNode = new RoutingNode(context, tempType, {
		id: HARNESS_CREDENTIAL_ID,
		name: 'Harness credential',
		type: credentialType,
		data,
	});

	let response: INodeExecutionData[][] | undefined;
	try {
		response = await routingNode.runNode();
	} catch (caught) {
		const error = caught as HttpFailure;
		const httpResponse = error.cause?.response;
		if (httpResponse?.status !== undefined) {
			const rule = test.rules?.find(
				(r) => r.type === 'responseCode' && r.properties.value === httpResponse.status,
			);
			if (rule) return { status: 'Error', message: rule.properties.message };
			if (httpResponse.status < 200 || httpResponse.status > 299) {
				return {
					status: 'Error',
					message: httpResponse.statusText || `Received HTTP status code: ${httpResponse.status}`,
				};
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: String(error.message) };
	}
	for (const rule of test.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		if (readPath(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
