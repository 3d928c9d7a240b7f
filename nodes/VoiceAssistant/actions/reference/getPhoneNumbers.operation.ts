import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../shared/items';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
	{
		displayName: 'Usable For',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'All', value: '', description: 'All your numbers' },
			{
				name: 'Inbound',
				value: 'inbound',
				description: 'Numbers an inbound assistant can take (no caller-ID numbers, none already assigned)',
			},
			{ name: 'Outbound', value: 'outbound', description: 'Numbers for outbound calls' },
		],
		default: '',
		description: 'Which of your phone numbers to list',
	},
];

/** GET /user/assistants/phone-numbers[?type=] → one item per number. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const type = this.getNodeParameter('type', itemIndex, '') as string;
	const qs: IDataObject = type ? { type } : {};
	return toItems(await apiRequest.call(this, 'GET', '/user/assistants/phone-numbers', { qs, itemIndex }));
}
