import { NodeConnectionTypes, VersionedNodeType } from 'n8n-workflow';
import type { INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { VoiceAssistantTriggerVersion } from './trigger/node';
import { version5Properties } from './trigger/platform2/properties';
import { triggerPropertiesFor } from './trigger/classic/properties';
import { version6Properties } from './trigger/version6';
import { IS_TOOL_CALL, webhookFor } from './trigger/webhook';
import { PLATFORM2_CREDENTIAL_TYPE } from './shared/platform2Origin';

const baseDescription: INodeTypeBaseDescription = {
	displayName: 'Voice Assistant Trigger',
	name: 'voiceAssistantTrigger',
	icon: { light: 'file:../../icons/voiceAssistant.svg', dark: 'file:../../icons/voiceAssistant.dark.svg' },
	group: ['trigger'],
	description: 'Starts the workflow when a call or chat conversation of a voice assistant ends, a WhatsApp message is delivered or read, or the assistant calls a tool during a call (Famulor and white-label hosts)',
	defaultVersion: 6,
};

const CLASSIC_SUBTITLE =
	'$parameter["event"] === "inboundCallCompleted" ? "Inbound Call Completed" : $parameter["event"] === "conversationEnded" ? "Conversation Ended" : $parameter["event"] === "whatsappMessageStatus" ? "WhatsApp Message Status" : "Call Ended"';
/** Version 6: the tool call names its tool and timeout beside the event, on both account kinds. */
const TOOL_SUBTITLE = '"Tool " + $parameter["toolName"] + " (answers within " + $parameter["toolTimeout"] + " s)"';

function subtitleFor(version: number): string {
	if (version < 5) return `={{${CLASSIC_SUBTITLE}}}`;
	const byKind = `$parameter["accountKind"] === "platform2" ? "Platform 2.0" : ${CLASSIC_SUBTITLE}`;
	return version < 6 ? `={{${byKind}}}` : `={{${IS_TOOL_CALL} ? ${TOOL_SUBTITLE} : ${byKind}}}`;
}

function propertiesFor(version: number) {
	if (version >= 6) return version6Properties();
	return version >= 5 ? version5Properties(triggerPropertiesFor(4)) : triggerPropertiesFor(version);
}

/** The versions differ in the webhook n8n serves (trigger/webhook.ts) and in the options version 2 added (trigger/classic/properties.ts). */
function describeVersion(version: number): INodeTypeDescription {
	return {
		...baseDescription,
		version,
		subtitle: subtitleFor(version),
		eventTriggerDescription: 'Waiting for a call of the assistant to end',
		activationMessage: 'Finished calls of the assistant will now start this workflow.',
		defaults: { name: 'Voice Assistant Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials:
			version >= 5
				? [
						{ name: 'voiceAssistantApi', required: true, displayOptions: { show: { accountKind: ['classic'] } } },
						{ name: PLATFORM2_CREDENTIAL_TYPE, required: true, displayOptions: { show: { accountKind: ['platform2'] } } },
					]
				: [{ name: 'voiceAssistantApi', required: true }],
		webhooks: [webhookFor(version)],
		properties: propertiesFor(version),
	};
}

/**
 * Version 6 (the default) is version 5 with "Tool Called During a Call" on both account kinds (trigger/toolCall/).
 * Version 5 is version 4 with Account Kind first: Classic keeps version 4's fields and
 * behaviour, Famulor Platform 2.0 has its own events (trigger/platform2/).
 * Version 4 is version 3 with a Simplify of at most ten fields (shared/compact.ts).
 * Version 3 answers a ringing inbound call with the last node's item (trigger/classic/respond.ts);
 * version 2 costs n8n less per delivery than version 1 and answers in JSON. Versions 1 and 2 stay so
 * that existing workflows keep loading and working as before.
 */
export class VoiceAssistantTrigger extends VersionedNodeType {
	constructor() {
		super(
			{
				1: new VoiceAssistantTriggerVersion(describeVersion(1)),
				2: new VoiceAssistantTriggerVersion(describeVersion(2)),
				3: new VoiceAssistantTriggerVersion(describeVersion(3)),
				4: new VoiceAssistantTriggerVersion(describeVersion(4)),
				5: new VoiceAssistantTriggerVersion(describeVersion(5)),
				6: new VoiceAssistantTriggerVersion(describeVersion(6)),
			},
			baseDescription,
		);
	}
}
