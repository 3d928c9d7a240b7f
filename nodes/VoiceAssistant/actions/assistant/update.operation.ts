import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../shared/fields';
import { readLocatorId } from '../../shared/params';
import { apiRequest } from '../../transport/request';
import { writeResult } from '../../shared/items';
import { buildUpdateBody, updateProperties } from './fields';

export const description: INodeProperties[] = [
	assistantLocator({ searchListMethod: 'searchAssistants', description: 'The assistant to change' }),
	...updateProperties(),
];

/** PUT /user/assistant/{id} with only the fields the user added; null clears phone number / webhook URL. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = readLocatorId(this, 'assistantId', 'Assistant', itemIndex);
	const body = buildUpdateBody(this, itemIndex);
	const response = await apiRequest.call(this, 'PUT', `/user/assistant/${id}`, {
		body,
		itemIndex,
		notFound: `Assistant ${id}`,
	});
	return [{ json: { id, ...writeResult(response) } }];
}
