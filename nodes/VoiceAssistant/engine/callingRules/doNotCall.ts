import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../itemParams';
import { shown } from '../../shared/validate';

/**
 * The calling rules' Do Not Call list, shared by both API generations (classic Call → Make and SMS → Send;
 * Platform 2.0: actions/platform2/everyday): its fields, its reader, and what a listed number means for an item.
 */

/** What happens to an item whose number is on the Do Not Call list. */
export type OnDoNotCall = 'skip' | 'fail';

export const doNotCallFields: INodeProperties[] = [
	{
		displayName: 'Do Not Call List',
		name: 'doNotCall',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $(\'Blocked Numbers\').all().map(i => i.json.phone) }}',
		description:
			'Numbers never to contact: an array from an expression (e.g. the rows of a data table or sheet), or numbers separated by commas or new lines. Each is read like the number being contacted (same Default Country), so "+49 151 2345678" and "0151 2345678" match. A list entry that is not a phone number fails the item.',
	},
	{
		displayName: 'On a Do Not Call Number',
		name: 'onDoNotCall',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Skip', value: 'skip', description: 'Output the item unsent, marked as on the Do Not Call list' },
			{ name: 'Fail the Item', value: 'fail', description: 'The item fails before anything is sent (Continue On Fail routes it)' },
		],
		default: 'skip',
		displayOptions: { hide: { doNotCall: [''] } },
	},
];

/**
 * The item's Do Not Call numbers in E.164, each read by the same reader (and Default Country) as the
 * number being contacted. A list given once for the batch is read once: the last few lists are kept
 * by their text, so 300 items × 10,000 numbers are not parsed 300 times.
 */
export function readDoNotCall(item: ItemParams): { numbers: ReadonlySet<string>; action: OnDoNotCall } | undefined {
	const raw = item.get('doNotCall', '');
	const entries = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,;\n]/) : [raw];
	const given = entries
		.map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
		.filter((entry) => entry !== null && entry !== undefined && entry !== '');
	if (given.length === 0) return undefined;
	const action = item.get('onDoNotCall', 'skip') === 'fail' ? 'fail' : 'skip';
	const key = `${item.get('defaultCountry', '')}|${JSON.stringify(given)}`;
	let numbers = recentLists.get(key);
	if (!numbers) {
		numbers = new Set(given.map((entry, index) => normalise(item, entry, index)));
		recentLists.set(key, numbers);
		if (recentLists.size > KEPT_LISTS) recentLists.delete(recentLists.keys().next().value as string);
	}
	return { numbers, action };
}

const KEPT_LISTS = 4;
const recentLists = new Map<string, Set<string>>();

function normalise(item: ItemParams, entry: unknown, index: number): string {
	const value = typeof entry === 'object' && entry !== null && 'phone' in entry ? (entry as { phone: unknown }).phone : entry;
	try {
		return item.phone(value, 'Do Not Call List');
	} catch {
		throw item.fail('Do Not Call List', `entry ${index + 1} (${shown(value)}) is not a phone number this node can read; fix or remove it`);
	}
}

/** The output of an item the calling rules left unsent. */
export function skipped(phone: string, reason: string, message: string): IDataObject {
	return { skipped: true, skip_reason: reason, phone_number: phone, message };
}

/**
 * The Do Not Call decision for one item's number: the skip to output, undefined when the number is
 * not listed (or no list is given); "Fail the Item" throws the item's error naming `field`.
 */
export function doNotCallSkip(item: ItemParams, phone: string, field: string): IDataObject | undefined {
	const doNotCall = readDoNotCall(item);
	if (!doNotCall?.numbers.has(phone)) return undefined;
	if (doNotCall.action === 'fail') throw item.fail(field, `${phone} is on the Do Not Call list, so it is not contacted`);
	return skipped(phone, 'do_not_call', 'The number is on the Do Not Call list');
}
