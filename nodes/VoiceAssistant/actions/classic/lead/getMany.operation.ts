import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { campaignOptionField, returnAllFields, valueOptions } from '../../../shared/fields';
import { LEAD_LIST_STATES } from '../../../shared/limits';
import { optionalText, requireId, requireOneOf, toIsoDate } from '../../../shared/validate';
import type { Operation, Prepared } from '../../../engine/operation';
import { leadsIn, type LeadFilters } from './leadList';

const fields: INodeProperties[] = [
	...returnAllFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: 'Sent to the platform; where a host answers with all leads at once, they are applied in n8n',
		options: [
			campaignOptionField('Only leads of this campaign'),
			{
				displayName: 'Created From',
				name: 'dateFrom',
				type: 'dateTime',
				default: '',
				description: 'Only leads created on or after this date (the time of day is ignored)',
			},
			{
				displayName: 'Created To',
				name: 'dateTo',
				type: 'dateTime',
				default: '',
				description: 'Only leads created on or before this date (the time of day is ignored)',
			},
			{
				displayName: 'Phone Number Contains',
				name: 'phoneNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. 151234',
				description: "Only leads whose number contains these digits (part of a number; it is not normalised)",
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: valueOptions(LEAD_LIST_STATES),
				default: 'created',
				description: 'Only leads in this state',
			},
		],
	},
];

export interface ListLeads extends Prepared {
	returnAll: boolean;
	limit: number;
	filters: LeadFilters;
}

/**
 * GET /user/leads in every shape a host answers (docs/platform-facts.md, "Lead list shape"): the
 * reference's bare array, the older docs' {leads: [...]}, or the 2026 docs' Laravel page, filtered
 * by the host. The filters go as query parameters; a host that answers with all leads at once
 * ignored them, so they are applied here.
 */
export const operation: Operation<ListLeads, IDataObject[]> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List leads',
	action: 'Get many leads',
	fields,
	prepare(item) {
		const { returnAll, limit } = item.paging();
		const given = item.get('filters', {}) as IDataObject;
		const set = (name: string) => given[name] !== undefined && given[name] !== '';
		const filters: LeadFilters = {};
		if (set('campaignId')) filters.campaign_id = requireId(item.node, given.campaignId, item.where('Campaign'));
		if (set('status')) filters.status = requireOneOf(item.node, given.status, LEAD_LIST_STATES, item.where('Status'));
		const digits = optionalText(item.node, given.phoneNumber, item.where('Phone Number Contains'), 20);
		if (digits !== undefined && digits.trim() !== '') {
			if (!/^\+?\d+$/.test(digits.trim())) throw item.fail('Phone Number Contains', `may contain only digits and a leading + (got "${digits.slice(0, 30)}")`);
			filters.phone_number = digits.trim();
		}
		const from = toIsoDate(item.node, given.dateFrom, item.where('Created From'));
		const to = toIsoDate(item.node, given.dateTo, item.where('Created To'));
		if (from && to && from > to) throw item.fail('Created From', `(${from}) is after Created To (${to})`);
		if (from) filters.date_from = from;
		if (to) filters.date_to = to;
		return { returnAll, limit, filters, request: { method: 'GET', path: '/user/leads', qs: { ...filters } } };
	},
	send: async (prepared, api) => await leadsIn(prepared, api),
	output: (leads) => leads,
};
