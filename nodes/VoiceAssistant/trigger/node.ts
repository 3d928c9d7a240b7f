import type { IHookFunctions, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { searchAssistants } from '../methods/listSearch';
import { receiveDelivery } from './delivery';
import { checkExists, create, remove } from './lifecycle';

/** One version of the trigger; the versions differ only in their description (VoiceAssistantTrigger.node.ts, webhook.ts). */
export class VoiceAssistantTriggerVersion implements INodeType {
	constructor(readonly description: INodeTypeDescription) {}

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
