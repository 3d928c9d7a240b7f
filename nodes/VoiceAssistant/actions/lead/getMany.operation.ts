import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { campaignOptionField, returnAllFields, valueOptions } from '../../shared/fields';
import { LEAD_STATES } from '../../shared/limits';
import { requireId, requireOneOf } from '../../shared/validate';
import { listAnswer } from '../../engine/answers';
import type { Operation, Prepared } from '../../engine/operation';

const fields: INodeProperties[] = [
	...returnAllFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: 'The platform returns all leads at once; these filters are applied in n8n',
		options: [
			campaignOptionField('Only leads of this campaign'),
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

interface ListLeads extends Prepared {
	limit: number;
	campaignId?: number;
	status?: string;
}

/** GET /user/leads: a bare array (no paging on the platform), so filters and Limit are applied here. */
export const operation: Operation<ListLeads> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List leads',
	action: 'Get many leads',
	fields,
	prepare(item) {
		const { limit } = item.paging();
		const filters = item.get('filters', {}) as IDataObject;
		const campaignId =
			filters.campaignId !== undefined && filters.campaignId !== ''
				? requireId(item.node, filters.campaignId, item.where('Campaign'))
				: undefined;
		const status =
			filters.status !== undefined && filters.status !== '' ? requireOneOf(item.node, filters.status, LEAD_STATES, item.where('Status')) : undefined;
		return { limit, campaignId, status, request: { method: 'GET', path: '/user/leads' } };
	},
	output(answer, { limit, campaignId, status, request }, api) {
		const matching = listAnswer(answer, api, request).filter(
			(lead) => (campaignId === undefined || Number(lead.campaign_id) === campaignId) && (status === undefined || lead.status === status),
		);
		return matching.slice(0, limit);
	},
};
