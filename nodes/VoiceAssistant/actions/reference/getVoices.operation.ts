import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { toItems } from '../../shared/items';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
	{
		displayName: 'Engine Type',
		name: 'mode',
		type: 'options',
		options: [
			{ name: 'All', value: '' },
			{ name: 'Pipeline', value: 'pipeline' },
			{ name: 'Multimodal', value: 'multimodal' },
		],
		default: '',
		description: 'Only voices for this engine type',
	},
];

/** GET /user/assistants/voices[?mode=] → one item per voice (public voices and the user's own). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const mode = this.getNodeParameter('mode', itemIndex, '') as string;
	const qs: IDataObject = mode ? { mode } : {};
	return toItems(await apiRequest.call(this, 'GET', '/user/assistants/voices', { qs, itemIndex }));
}
