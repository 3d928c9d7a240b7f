import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { writeResult } from '../../shared/items';
import { apiRequest } from '../../transport/request';
import { buildCreateBody, createProperties } from './fields';

export const description: INodeProperties[] = createProperties();

/** POST /user/assistant → {message, data: {id, name, status, type, mode}}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = buildCreateBody(this, itemIndex);
	const response = await apiRequest.call(this, 'POST', '/user/assistant', { body, itemIndex });
	return [{ json: writeResult(response) }];
}
