import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllFields } from '../../shared/fields';
import { toItems } from '../../shared/items';
import { readPaging } from '../../shared/params';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [...returnAllFields()];

/** GET /user/campaigns: a bare array; Limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const { limit } = readPaging(this, itemIndex);
	const campaigns = await apiRequest.call(this, 'GET', '/user/campaigns', { itemIndex });
	return toItems((Array.isArray(campaigns) ? campaigns : []).slice(0, limit));
}
