import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../shared/items';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [];

/** GET /user/assistants/languages → one item per language ({id, name, iso_2}). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	return toItems(await apiRequest.call(this, 'GET', '/user/assistants/languages', { itemIndex }));
}
