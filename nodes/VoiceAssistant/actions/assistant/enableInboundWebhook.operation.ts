import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../shared/fields';
import { readLocatorId } from '../../shared/params';
import { requireUrl } from '../../shared/validate';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
	assistantLocator({
		searchListMethod: 'searchAssistants',
		description: 'The assistant whose finished inbound calls should be reported',
	}),
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/webhook',
		description: 'Where the platform sends a notification when an inbound call of this assistant completes',
	},
];

/** POST /user/assistants/enable-inbound-webhook {assistant_id, webhook_url}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const assistantId = readLocatorId(this, 'assistantId', 'Assistant', itemIndex);
	const webhookUrl = requireUrl(this.getNode(), this.getNodeParameter('webhookUrl', itemIndex, ''), {
		field: 'Webhook URL',
		itemIndex,
	});
	const response = (await apiRequest.call(this, 'POST', '/user/assistants/enable-inbound-webhook', {
		body: { assistant_id: assistantId, webhook_url: webhookUrl },
		itemIndex,
		notFound: `Assistant ${assistantId}`,
	})) as { message?: string } | undefined;
	return [
		{
			json: {
				assistant_id: assistantId,
				inbound_webhook_url: webhookUrl,
				inbound_webhook_enabled: true,
				message: response?.message ?? 'Webhook enabled successfully',
			},
		},
	];
}
