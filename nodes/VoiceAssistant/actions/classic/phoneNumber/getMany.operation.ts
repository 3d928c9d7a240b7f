import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { returnAllFields } from '../../../shared/fields';
import { requireBoolean } from '../../../shared/validate';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

const fields: INodeProperties[] = [
	...returnAllFields(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: 'The platform returns all numbers at once; these filters are applied in n8n',
		options: [
			{
				displayName: 'SMS Capable Only',
				name: 'smsCapable',
				type: 'boolean',
				default: true,
				description: 'Whether to return only numbers that can send SMS',
			},
		],
	},
];

interface ListNumbers extends Prepared {
	limit: number;
	smsCapableOnly: boolean;
}

/** GET /user/phone-numbers/all → {data: [...]} (a bare array is accepted too); filter and Limit applied here. */
export const operation: Operation<ListNumbers> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List the phone numbers of the account, with their type, region and whether they can send SMS',
	action: 'Get many phone numbers',
	fields,
	prepare(item) {
		const { limit } = item.paging();
		const filters = item.get('filters', {}) as IDataObject;
		const smsCapableOnly = filters.smsCapable !== undefined && requireBoolean(item.node, filters.smsCapable, item.where('SMS Capable Only'));
		return { limit, smsCapableOnly, request: { method: 'GET', path: '/user/phone-numbers/all' } };
	},
	output(answer, { limit, smsCapableOnly, request }, api) {
		const numbers = listAnswer(answer, api, request, 'data');
		return numbers.filter((number) => !smsCapableOnly || number.sms_capable === true).slice(0, limit);
	},
};
