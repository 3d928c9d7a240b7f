import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllFields, valueOptions } from '../../shared/fields';
import { LEAD_STATES } from '../../shared/limits';
import { readPaging } from '../../shared/params';
import { requireId } from '../../shared/validate';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
	...returnAllFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: 'The platform returns all leads at once; these filters are applied in n8n',
		options: [
			{
				displayName: 'Campaign Name or ID',
				name: 'campaignId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getCampaigns' },
				default: '',
				description:
					'Only leads of this campaign. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: valueOptions(LEAD_STATES),
				default: 'created',
				description: 'Only leads in this state',
			},
		],
	},
];

/** GET /user/leads: a bare array (no paging on the platform), so filters and Limit are applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const { limit } = readPaging(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const campaignId =
		filters.campaignId !== undefined && filters.campaignId !== ''
			? requireId(this.getNode(), filters.campaignId, { field: 'Campaign', itemIndex })
			: undefined;
	const status = typeof filters.status === 'string' && filters.status !== '' ? filters.status : undefined;

	const leads = await apiRequest.call(this, 'GET', '/user/leads', { itemIndex });
	const list = (Array.isArray(leads) ? leads : []) as IDataObject[];
	const matching = list.filter(
		(lead) =>
			(campaignId === undefined || Number(lead.campaign_id) === campaignId) &&
			(status === undefined || lead.status === status),
	);
	return matching.slice(0, limit).map((lead) => ({ json: lead }));
}
