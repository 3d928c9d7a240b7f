import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { ACCOUNT_KIND } from './shared/accountKind';
import { searchAssistants } from './methods/listSearch';
import { platform2TriggerSearch } from './methods/platform2TriggerSearch';
import { pollCalls } from './polling/classic/poll';
import { pollPlatform2 } from './polling/platform2/poll';
import { POLLING_TRIGGER_PROPERTIES } from './polling/properties';
import { PLATFORM2_CREDENTIAL_TYPE } from './shared/platform2Origin';

/**
 * The trigger for n8n instances the platform cannot reach (no public URL): it polls the call list
 * on n8n's Poll Times and emits each call that ended once, with the webhook trigger's output
 * (polling/). Same credential, pacer and rate-limit budget as the action node. From version 3 an
 * Account Kind chooses Platform 2.0, whose events are polled from their lists (polling/platform2/).
 */
export class VoiceAssistantPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Assistant Polling Trigger',
		name: 'voiceAssistantPollingTrigger',
		icon: { light: 'file:../../icons/voiceAssistant.svg', dark: 'file:../../icons/voiceAssistant.dark.svg' },
		group: ['trigger'],
		// 2: Simplify keeps ten fields (shared/compact.ts), like the webhook trigger's version 4
		// 3: Account Kind (Classic or Famulor Platform 2.0)
		// 4: Platform 2.0's Assistant and Campaign picked from lists, its Channel from the API's channels
		version: [1, 2, 3, 4],
		subtitle: 'Call Ended',
		description: 'Starts the workflow when a call of a voice assistant ends, by polling: no public n8n URL needed',
		eventTriggerDescription: 'Waiting for a call to end',
		activationMessage: 'Calls that end from now on will start this workflow at the next poll.',
		defaults: { name: 'Voice Assistant Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			// Written out, not [ACCOUNT_KIND]: n8n's scanner reads each credential's show conditions
			// statically (single-credential-per-node); versions 1 and 2 hold Account Kind as a hidden
			// Classic (polling/properties.ts).
			{ name: 'voiceAssistantApi', required: true, displayOptions: { show: { accountKind: ['classic'] } } },
			{ name: PLATFORM2_CREDENTIAL_TYPE, required: true, displayOptions: { show: { accountKind: ['platform2'] } } },
		],
		properties: POLLING_TRIGGER_PROPERTIES,
	};

	methods = { listSearch: { searchAssistants, searchPlatform2Assistant: platform2TriggerSearch.searchPlatform2Assistant, searchPlatform2Campaign: platform2TriggerSearch.searchPlatform2Campaign } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		if (this.getNodeParameter(ACCOUNT_KIND, 'classic') === 'platform2') return await pollPlatform2.call(this);
		return await pollCalls.call(this);
	}
}
