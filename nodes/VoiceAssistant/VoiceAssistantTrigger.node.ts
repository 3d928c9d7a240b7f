import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { searchAssistants } from './methods/listSearch';
import { receiveDelivery } from './trigger/delivery';
import { checkExists, create, remove } from './trigger/lifecycle';
import { triggerProperties } from './trigger/properties';

export class VoiceAssistantTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Assistant Trigger',
		name: 'voiceAssistantTrigger',
		icon: { light: 'file:../../icons/voiceAssistant.svg', dark: 'file:../../icons/voiceAssistant.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{$parameter["event"] === "inboundCallCompleted" ? "Inbound Call Completed" : $parameter["event"] === "conversationEnded" ? "Conversation Ended" : "Call Ended"}}',
		description: 'Starts the workflow when a call or chat conversation of a voice assistant ends (Famulor and white-label hosts)',
		eventTriggerDescription: 'Waiting for a call of the assistant to end',
		activationMessage: 'Finished calls of the assistant will now start this workflow.',
		defaults: { name: 'Voice Assistant Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAssistantApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: '={{$parameter["responseMode"]}}',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchAssistants } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
