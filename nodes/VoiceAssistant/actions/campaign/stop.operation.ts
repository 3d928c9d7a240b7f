import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { campaignLocator } from '../../shared/fields';
import { setCampaignStatus } from './setStatus';

export const description: INodeProperties[] = [campaignLocator('The campaign to stop')];

/** Stops the campaign's calls (POST /user/campaigns/update-status, action "stop"). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await setCampaignStatus(this, itemIndex, 'stop');
}
