import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { campaignLocator } from '../../shared/fields';
import { setCampaignStatus } from './setStatus';

export const description: INodeProperties[] = [campaignLocator('The campaign to start')];

/** Starts the campaign's calls (POST /user/campaigns/update-status, action "start"). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return await setCampaignStatus(this, itemIndex, 'start');
}
