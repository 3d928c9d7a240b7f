import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readLocatorId } from '../../shared/params';
import { apiRequest } from '../../transport/request';

/** Start and Stop are one endpoint: POST /user/campaigns/update-status {campaign_id, action}. */
export async function setCampaignStatus(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: 'start' | 'stop',
): Promise<INodeExecutionData[]> {
	const campaignId = readLocatorId(ctx, 'campaignId', 'Campaign', itemIndex);
	const response = (await apiRequest.call(ctx, 'POST', '/user/campaigns/update-status', {
		body: { campaign_id: campaignId, action },
		itemIndex,
		notFound: `Campaign ${campaignId}`,
	})) as IDataObject | undefined;
	const data = (response?.data !== null && typeof response?.data === 'object' ? response.data : {}) as IDataObject;
	return [
		{
			json: {
				campaign_id: campaignId,
				action,
				...data,
				success: response?.success ?? true,
				message: response?.message ?? '',
			},
		},
	];
}
