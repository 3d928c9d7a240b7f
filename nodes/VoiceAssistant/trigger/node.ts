import type { IHookFunctions, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { ACCOUNT_KIND } from '../shared/accountKinds';
import { searchAssistants } from '../methods/listSearch';
import { platform2TriggerSearch } from '../methods/platform2TriggerSearch';
import { receiveDelivery } from './delivery';
import { checkExists, create, remove } from './lifecycle';
import { platform2CheckExists, platform2Create, platform2Delete } from './platform2/lifecycle';
import { receivePlatform2 } from './platform2/receive';

/** Version 5 and later with Account Kind "Famulor Platform 2.0" (trigger/platform2/); everything else is classic. */
function onPlatform2(ctx: IHookFunctions | IWebhookFunctions): boolean {
	return ctx.getNode().typeVersion >= 5 && ctx.getNodeParameter(ACCOUNT_KIND, 'classic') === 'platform2';
}

/** One version of the trigger; the versions differ only in their description (VoiceAssistantTrigger.node.ts, webhook.ts). */
export class VoiceAssistantTriggerVersion implements INodeType {
	constructor(readonly description: INodeTypeDescription) {}

	methods = {
		listSearch: { searchAssistants, search2Assistant: platform2TriggerSearch.search2Assistant, search2MessagingConnector: platform2TriggerSearch.search2MessagingConnector },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return onPlatform2(this) ? await platform2CheckExists(this) : await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return onPlatform2(this) ? await platform2Create(this) : await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return onPlatform2(this) ? await platform2Delete(this) : await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return onPlatform2(this) ? await receivePlatform2(this) : await receiveDelivery.call(this);
	}
}
