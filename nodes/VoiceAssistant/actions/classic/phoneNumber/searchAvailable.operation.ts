import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { COUNTRIES } from '../../../shared/countries';
import { returnAllFields } from '../../../shared/fields';
import { requireCountryCode, shown } from '../../../shared/validate';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

const fields: INodeProperties[] = [
	{
		displayName: 'Country Name or ID',
		name: 'countryCode',
		type: 'options',
		options: COUNTRIES,
		default: 'DE',
		required: true,
		description:
			'The country of the numbers. Choose from the list, or specify any two-letter ISO code using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Contains Digits',
		name: 'contains',
		type: 'string',
		default: '',
		placeholder: 'e.g. 030',
		description: 'Only numbers containing these digits (1 to 10 digits); leave empty for any',
	},
	...returnAllFields(),
];

interface SearchNumbers extends Prepared {
	limit: number;
}

/** GET /user/phone-numbers/search?country_code=&contains= → {data: [...]}: numbers that can be bought. */
export const operation: Operation<SearchNumbers> = {
	value: 'searchAvailable',
	name: 'Search Available',
	description:
		'Find phone numbers that can be bought in a country, optionally containing some digits, with their monthly price. Buying is a separate operation (Buy).',
	action: 'Search available phone numbers',
	fields,
	prepare(item) {
		const { limit } = item.paging();
		const qs: IDataObject = { country_code: requireCountryCode(item.node, item.get('countryCode'), item.where('Country')) };
		const raw = item.get('contains', '');
		const contains = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.replace(/[\s\-()]/g, '') : raw;
		if (contains !== '' && contains !== undefined && contains !== null) {
			if (typeof contains !== 'string' || !/^\d{1,10}$/.test(contains)) {
				throw item.fail('Contains Digits', `must be 1 to 10 digits (got ${shown(raw)})`);
			}
			qs.contains = contains;
		}
		return { limit, request: { method: 'GET', path: '/user/phone-numbers/search', qs } };
	},
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request, 'data').slice(0, limit),
};
