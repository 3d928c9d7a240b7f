import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport/request';
import { toItems } from '../../shared/items';

export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const models = await apiRequest.call(this, 'GET', '/user/assistants/models', { itemIndex });
	return toItems(models);
}
