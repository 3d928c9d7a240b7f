import type { INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../shared/fields';
import { writeAnswer } from '../../shared/items';
import { requireUrl } from '../../shared/validate';
import type { Operation, Prepared } from '../operation';

const webhookUrlField: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://example.com/webhook',
	description: 'Where the platform sends a notification when an inbound call of this assistant completes',
};

interface Toggle extends Prepared {
	assistantId: number;
	webhookUrl?: string;
}

/**
 * POST /user/assistants/enable-inbound-webhook {assistant_id, webhook_url} and
 * /disable-inbound-webhook {assistant_id}: both answer {message, data: []}.
 */
export function inboundWebhookOperation(enable: boolean): Operation<Toggle> {
	const state = enable ? 'enabled' : 'disabled';
	return {
		value: enable ? 'enableInboundWebhook' : 'disableInboundWebhook',
		name: enable ? 'Enable Inbound Webhook' : 'Disable Inbound Webhook',
		description: enable
			? 'Send a notification to a URL when an inbound call completes'
			: 'Stop notifications about finished inbound calls',
		action: `${enable ? 'Enable' : 'Disable'} the inbound webhook of an assistant`,
		write: { mayHaveHappened: `the inbound webhook may have been ${state}`, done: [`inbound webhook ${state}`, `inbound webhooks ${state}`] },
		fields: [
			assistantLocator({
				searchListMethod: 'searchAssistants',
				description: enable
					? 'The assistant whose finished inbound calls should be reported'
					: 'The assistant whose inbound-call notifications should stop',
			}),
			...(enable ? [webhookUrlField] : []),
		],
		prepare(item) {
			const assistantId = item.locatorId('assistantId', 'Assistant');
			const webhookUrl = enable ? requireUrl(item.node, item.get('webhookUrl'), item.where('Webhook URL')) : undefined;
			const body = enable ? { assistant_id: assistantId, webhook_url: webhookUrl } : { assistant_id: assistantId };
			const path = `/user/assistants/${enable ? 'enable' : 'disable'}-inbound-webhook`;
			return { assistantId, webhookUrl, request: { method: 'POST', path, body, notFound: `Assistant ${assistantId}` } };
		},
		output(answer, { assistantId, webhookUrl }) {
			const { message } = writeAnswer(answer);
			return [
				{
					assistant_id: assistantId,
					...(enable ? { inbound_webhook_url: webhookUrl } : {}),
					inbound_webhook_enabled: enable,
					message: typeof message === 'string' ? message : enable ? 'Webhook enabled successfully' : 'Inbound webhook disabled successfully',
				},
			];
		},
	};
}
