import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { assistantOptionField, campaignOptionField, returnAllFields, simplifyField, valueOptions, phoneField } from '../../../shared/fields';
import { CALL_STATES, CALL_TYPES, PAGE_SIZE } from '../../../shared/limits';
import { requireId, requireOneOf, toIsoDate } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';
import type { Operation, Prepared } from '../../../engine/operation';
import { simpleListedCall } from './simplify';

const fields: INodeProperties[] = [
	...returnAllFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			assistantOptionField('Only calls of this assistant'),
			campaignOptionField('Only calls of this campaign'),
			phoneField({ name: 'phoneNumber', displayName: 'Customer Phone Number', description: "Only calls with this customer's number (any common format; normalised to E.164)" }),
			{
				displayName: 'Date From',
				name: 'dateFrom',
				type: 'dateTime',
				default: '',
				description: 'Only calls on or after this date (the time of day is ignored)',
			},
			{
				displayName: 'Date To',
				name: 'dateTo',
				type: 'dateTime',
				default: '',
				description: 'Only calls on or before this date (the time of day is ignored)',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: valueOptions(CALL_STATES),
				default: 'completed',
				description: 'Only calls in this state',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: valueOptions(CALL_TYPES),
				default: 'outbound',
				description: 'Only calls of this type',
			},
		],
	},
	simplifyField,
];


interface ListCalls extends Prepared {
	simple: boolean;
}

/** GET /user/calls with the nine query parameters (per_page/page walked for Return All / Limit). */
export const operation: Operation<ListCalls> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List past calls, with filters',
	action: 'Get many calls',
	defaultCountry: true,
	fields,
	prepare(item) {
		const { returnAll, limit } = item.paging();
		return {
			simple: item.get('simple', true) as boolean,
			request: {
				method: 'GET',
				path: '/user/calls',
				qs: callFilters(item),
				paging: { returnAll, limit, maxPerPage: PAGE_SIZE.calls.max },
			},
		};
	},
	output(records, { simple }, api) {
		const version = api.ctx.getNode().typeVersion;
		return (records as IDataObject[]).map((record) => (simple ? simpleListedCall(record, version) : record));
	},
};

function callFilters(item: ItemParams): IDataObject {
	const filters = item.get('filters', {}) as IDataObject;
	const given = (key: string) => filters[key] !== undefined && filters[key] !== null && filters[key] !== '';
	const qs: IDataObject = {};
	if (given('status')) qs.status = requireOneOf(item.node, filters.status, CALL_STATES, item.where('Status'));
	if (given('type')) qs.type = requireOneOf(item.node, filters.type, CALL_TYPES, item.where('Type'));
	if (given('phoneNumber')) qs.phone_number = item.phone(filters.phoneNumber, 'Customer Phone Number');
	if (given('assistantId')) qs.assistant_id = requireId(item.node, filters.assistantId, item.where('Assistant'));
	if (given('campaignId')) qs.campaign_id = requireId(item.node, filters.campaignId, item.where('Campaign'));
	const dateFrom = toIsoDate(item.node, filters.dateFrom, item.where('Date From'));
	const dateTo = toIsoDate(item.node, filters.dateTo, item.where('Date To'));
	if (dateFrom && dateTo && dateFrom > dateTo) throw item.fail('Date From', `(${dateFrom}) is after Date To (${dateTo})`);
	if (dateFrom) qs.date_from = dateFrom;
	if (dateTo) qs.date_to = dateTo;
	return qs;
}
