import type { IHookFunctions, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { ACCOUNT_KIND, type AccountKind } from '../shared/accountKind';
import { getAssistants } from '../methods/loadOptions';
import { searchAssistants } from '../methods/listSearch';
import { getPlatform2Assistants, platform2TriggerSearch } from '../methods/platform2TriggerSearch';
import { receiveDelivery } from './classic/delivery';
import { keptByN8n } from './deliveryMemory';
import { checkExists, create, remove } from './classic/lifecycle';
import { platform2CheckExists, platform2Create, platform2Delete, platform2EventOf } from './platform2/lifecycle';
import { receivePlatform2 } from './platform2/receive';
import { TOOL_CALL_EVENT } from './toolCall/fields';
import { toolCheckExists, toolCreate, toolDelete } from './toolCall/lifecycle';
import { receiveToolCall } from './toolCall/receive';

/** Version 5 and later with Account Kind "Famulor Platform 2.0" (trigger/platform2/); everything else is classic. */
function onPlatform2(ctx: IHookFunctions | IWebhookFunctions): boolean {
	return ctx.getNode().typeVersion >= 5 && ctx.getNodeParameter(ACCOUNT_KIND, 'classic') === 'platform2';
}

/** Version 6 and later, event "Tool Called During a Call": the account kind it serves; undefined for every other event. */
function toolCallKind(ctx: IHookFunctions | IWebhookFunctions): AccountKind | undefined {
	if (ctx.getNode().typeVersion < 6) return undefined;
	if (onPlatform2(ctx)) return platform2EventOf(ctx) === TOOL_CALL_EVENT ? 'platform2' : undefined;
	return ctx.getNodeParameter('event') === TOOL_CALL_EVENT ? 'classic' : undefined;
}

/** One version of the trigger; the versions differ only in their description (VoiceAssistantTrigger.node.ts, webhook.ts). */
export class VoiceAssistantTriggerVersion implements INodeType {
	constructor(readonly description: INodeTypeDescription) {}

	methods = {
		listSearch: { searchAssistants, searchPlatform2Assistant: platform2TriggerSearch.searchPlatform2Assistant, searchPlatform2MessagingConnector: platform2TriggerSearch.searchPlatform2MessagingConnector },
		loadOptions: { getAssistants, getPlatform2Assistants },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const tools = toolCallKind(this);
				if (tools) return await toolCheckExists(this, tools);
				return onPlatform2(this) ? await platform2CheckExists(this) : await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const tools = toolCallKind(this);
				if (tools) return await toolCreate(this, tools);
				return onPlatform2(this) ? await platform2Create(this) : await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				// A tool this node registered goes whatever the event is now (it may have been changed since).
				await toolDelete(this);
				if (toolCallKind(this)) return true;
				return onPlatform2(this) ? await platform2Delete(this) : await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const tools = toolCallKind(this);
		if (tools) return receiveToolCall(this, tools);
		const answer = onPlatform2(this) ? await receivePlatform2(this) : await receiveDelivery.call(this);
		return keptByN8n(this, answer, this.getNodeParameter('responseMode', 'onReceived') === 'onReceived');
	}
}
