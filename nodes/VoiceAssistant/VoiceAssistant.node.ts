import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNodeMethodNames, actionNodeProperties } from './actionNode/loadTime';
import { lazyMethods } from './engine/lazyMethods';
import { PLATFORM2_CREDENTIAL_TYPE } from './shared/platform2Origin';

/**
 * The action node. Loading it is cheap: its fields come finished from the build (actionNode/loadTime.ts),
 * and what runs an operation or fills a dropdown (the catalogue, the engine, the transport) is loaded
 * the first time it is needed.
 */
export class VoiceAssistant implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Assistant',
		name: 'voiceAssistant',
		icon: { light: 'file:../../icons/voiceAssistant.svg', dark: 'file:../../icons/voiceAssistant.dark.svg' },
		group: ['transform'],
		// 2: Simplify keeps at most ten fields (actions/classic/call/simplify.ts)
		version: [1, 2],
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create AI phone assistants, load leads into campaigns, place calls and send SMS (Famulor and white-label hosts)',
		defaults: { name: 'Voice Assistant' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			// Written out, not [ACCOUNT_KIND]: n8n's scanner reads each credential's show conditions
			// statically (single-credential-per-node); test/lint/singleCredentialPerNode.test.ts holds the
			// key to ACCOUNT_KIND.
			{ name: 'voiceAssistantApi', required: true, displayOptions: { show: { accountKind: ['classic'] } } },
			{ name: PLATFORM2_CREDENTIAL_TYPE, required: true, displayOptions: { show: { accountKind: ['platform2'] } } },
		],
		properties: actionNodeProperties(),
	};

	methods = lazyMethods(actionNodeMethodNames(), async () => (await import('./actionNode/methods')).ACTION_NODE_METHODS);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// Read here, where n8n's scanner looks for it (require-continue-on-fail); the item loop honours it.
		const continueOnFail = this.continueOnFail();
		const { executeActionNode } = await import('./actionNode/execute');
		return await executeActionNode.call(this, continueOnFail);
	}
}
