import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { returnAllFields, simplifyField, valueOptions } from '../../shared/fields';
import { pick } from '../../shared/items';
import { CALL_STATES, CALL_TYPES, PAGE_SIZE } from '../../shared/limits';
import { readDefaultCountry, readPaging, readPhone } from '../../shared/params';
import { fail, requireId, requireOneOf, toIsoDate } from '../../shared/validate';
import { apiRequestAllPages } from '../../transport/paginate';

export const description: INodeProperties[] = [
	...returnAllFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Assistant Name or ID',
				name: 'assistantId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getAssistants' },
				default: '',
				description:
					'Only calls of this assistant. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Campaign Name or ID',
				name: 'campaignId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getCampaigns' },
				default: '',
				description:
					'Only calls of this campaign. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Customer Phone Number',
				name: 'phoneNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. +49 151 2345678',
				description: "Only calls with this customer's number (any common format; normalised to E.164)",
			},
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

/** What "Simplify" keeps of a call (drops transcript, evaluation and webhook_response). */
export const SIMPLE_CALL_KEYS = [
	'id',
	'type',
	'status',
	'assistant_name',
	'campaign_name',
	'client_phone_number',
	'assistant_phone_number',
	'duration',
	'answered_by',
	'total_cost',
	'variables',
	'recording_url',
	'created_at',
] as const;

/** GET /user/calls with the nine query parameters (per_page/page walked for Return All / Limit). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const { returnAll, limit } = readPaging(this, itemIndex);
	const simple = this.getNodeParameter('simple', itemIndex, true) as boolean;
	const qs = readFilters(this, itemIndex);
	const records = await apiRequestAllPages.call(this, '/user/calls', qs, {
		returnAll,
		limit,
		maxPerPage: PAGE_SIZE.calls.max,
		itemIndex,
	});
	return records.map((record) => ({ json: simple ? pick(record, SIMPLE_CALL_KEYS) : record }));
}

function readFilters(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = ctx.getNode();
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const given = (key: string) => filters[key] !== undefined && filters[key] !== null && filters[key] !== '';
	const qs: IDataObject = {};
	if (given('status')) qs.status = requireOneOf(node, filters.status, CALL_STATES, { field: 'Status', itemIndex });
	if (given('type')) qs.type = requireOneOf(node, filters.type, CALL_TYPES, { field: 'Type', itemIndex });
	if (given('phoneNumber')) {
		qs.phone_number = readPhone(
			ctx,
			filters.phoneNumber,
			'Customer Phone Number',
			itemIndex,
			readDefaultCountry(ctx, itemIndex),
		);
	}
	if (given('assistantId')) qs.assistant_id = requireId(node, filters.assistantId, { field: 'Assistant', itemIndex });
	if (given('campaignId')) qs.campaign_id = requireId(node, filters.campaignId, { field: 'Campaign', itemIndex });
	const dateFrom = toIsoDate(node, filters.dateFrom, { field: 'Date From', itemIndex });
	const dateTo = toIsoDate(node, filters.dateTo, { field: 'Date To', itemIndex });
	if (dateFrom && dateTo && dateFrom > dateTo) {
		throw fail(node, { field: 'Date From', itemIndex }, `(${dateFrom}) is after Date To (${dateTo})`);
	}
	if (dateFrom) qs.date_from = dateFrom;
	if (dateTo) qs.date_to = dateTo;
	return qs;
}
