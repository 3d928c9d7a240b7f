import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { searchAssistants } from './methods/listSearch';
import { pollCalls } from './polling/poll';
import { pollingTriggerProperties } from './polling/properties';

/**
 * The trigger for n8n instances the platform cannot reach (no public URL): it polls the call list
 * on n8n's Poll Times and emits each call that ended once, with the webhook trigger's output
 * (polling/). Same credential, pacer and rate-limit budget as the action node.
 */
export class VoiceAssistantPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Assistant Polling Trigger',
		name: 'voiceAssistantPollingTrigger',
		icon: { light: 'file:../../icons/voiceAssistant.svg', dark: 'file:../../icons/voiceAssistant.dark.svg' },
		group: ['trigger'],
		// 2: Simplify keeps ten fields (shared/compact.ts), like the webhook trigger's version 4
		version: [1, 2],
		subtitle: 'Call Ended',
		description: 'Starts the workflow when a call of a voice assistant ends, by polling: no public n8n URL needed',
		eventTriggerDescription: 'Waiting for a call to end',
		activationMessage: 'Calls that end from now on will start this workflow at the next poll.',
		defaults: { name: 'Voice Assistant Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAssistantApi', required: true }],
		properties: pollingTriggerProperties,
	};

	methods = { listSearch: { searchAssistants } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollCalls.call(this);
	}
}
