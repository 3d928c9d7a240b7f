import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../shared/fields';
import { readLocatorId } from '../../shared/params';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
	assistantLocator({
		searchListMethod: 'searchAssistants',
		description: 'The assistant whose inbound-call notifications should stop',
	}),
];

/** POST /user/assistants/disable-inbound-webhook {assistant_id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const assistantId = readLocatorId(this, 'assistantId', 'Assistant', itemIndex);
	const response = (await apiRequest.call(this, 'POST', '/user/assistants/disable-inbound-webhook', {
		body: { assistant_id: assistantId },
		itemIndex,
		notFound: `Assistant ${assistantId}`,
	})) as { message?: string } | undefined;
	return [
		{
			json: {
				assistant_id: assistantId,
				inbound_webhook_enabled: false,
				message: response?.message ?? 'Inbound webhook disabled successfully',
			},
		},
	];
}
