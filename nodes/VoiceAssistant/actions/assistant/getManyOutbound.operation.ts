import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllFields } from '../../shared/fields';
import { toItems } from '../../shared/items';
import { maskUrlSecrets } from '../../shared/maskSecrets';
import { readPaging } from '../../shared/params';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [...returnAllFields()];

/** GET /user/assistants/outbound: all outbound assistants in one array (reduced records); Limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const { limit } = readPaging(this, itemIndex);
	const records = await apiRequest.call(this, 'GET', '/user/assistants/outbound', { itemIndex });
	const list = Array.isArray(records) ? records : [];
	return toItems(list.slice(0, limit).map(maskUrlSecrets));
}
