import type { INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/locators';
import { requireUrl } from '../../../shared/validate';
import { recordAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

/** The two notifications an assistant can send, each switched on and off by its own pair of endpoints. */
const WEBHOOKS = {
	inbound: {
		label: 'Inbound Webhook',
		value: 'InboundWebhook',
		path: 'inbound-webhook',
		event: 'an inbound call of this assistant completes',
		enableDescription: 'Send a notification to a URL when an inbound call completes',
		disableDescription: 'Stop notifications about finished inbound calls',
		assistant: ['The assistant whose finished inbound calls should be reported', 'The assistant whose inbound-call notifications should stop'],
		/** output keys: the URL, the state */
		keys: ['inbound_webhook_url', 'inbound_webhook_enabled'],
		messages: ['Webhook enabled successfully', 'Inbound webhook disabled successfully'],
	},
	postCall: {
		label: 'Post-Call Webhook',
		value: 'PostCallWebhook',
		path: 'webhook',
		event: 'a call of this assistant ends (the post-call notification with status, transcript and extracted variables)',
		enableDescription:
			"Send the post-call notification (status, transcript, extracted variables) of every call of an assistant to a URL, without changing the assistant's other settings",
		disableDescription: 'Stop the post-call notifications of an assistant',
		assistant: ['The assistant whose finished calls should be reported', 'The assistant whose post-call notifications should stop'],
		keys: ['webhook_url', 'is_webhook_active'],
		messages: ['Webhook enabled successfully', 'Webhook disabled successfully'],
	},
} as const;

export interface Toggle extends Prepared {
	assistantId: number;
	webhookUrl?: string;
}

/**
 * POST /user/assistants/enable-<kind> {assistant_id, webhook_url} and /disable-<kind> {assistant_id}
 * (kind: inbound-webhook, or webhook for the post-call notification): both answer {message, data: []}.
 */
export function webhookSwitchOperation(kind: keyof typeof WEBHOOKS, enable: boolean): Operation<Toggle> {
	const spec = WEBHOOKS[kind];
	const state = enable ? 'enabled' : 'disabled';
	const lower = spec.label.toLowerCase();
	const [urlKey, stateKey] = spec.keys;
	const webhookUrlField: INodeProperties = {
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/webhook',
		description: `Where the platform sends a notification when ${spec.event}`,
	};
	return {
		value: `${enable ? 'enable' : 'disable'}${spec.value}`,
		name: `${enable ? 'Enable' : 'Disable'} ${spec.label}`,
		description: enable ? spec.enableDescription : spec.disableDescription,
		action: `${enable ? 'Enable' : 'Disable'} the ${lower} of an assistant`,
		write: { mayHaveHappened: `the ${lower} may have been ${state}`, done: [`${lower} ${state}`, `${lower}s ${state}`] },
		fields: [
			assistantLocator({ searchListMethod: 'searchAssistants', description: spec.assistant[enable ? 0 : 1] }),
			...(enable ? [webhookUrlField] : []),
		],
		prepare(item) {
			const assistantId = item.locatorId('assistantId', 'Assistant');
			const webhookUrl = enable ? requireUrl(item.node, item.get('webhookUrl'), item.where('Webhook URL')) : undefined;
			const body = enable ? { assistant_id: assistantId, webhook_url: webhookUrl } : { assistant_id: assistantId };
			const path = `/user/assistants/${enable ? 'enable' : 'disable'}-${spec.path}`;
			return { assistantId, webhookUrl, request: { method: 'POST', path, body, notFound: `Assistant ${assistantId}` } };
		},
		output(answer, { assistantId, webhookUrl, request }, api) {
			const { message } = recordAnswer(answer, api, request, '{"message": ..., "data": []}');
			return [
				{
					assistant_id: assistantId,
					...(enable ? { [urlKey]: webhookUrl } : {}),
					[stateKey]: enable,
					message: typeof message === 'string' ? message : spec.messages[enable ? 0 : 1],
				},
			];
		},
	};
}
