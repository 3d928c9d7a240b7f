import type { INodeProperties } from 'n8n-workflow';

import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';

/**
 * The reference lists: each a GET answering a bare array (one output item per record), or the
 * array under `listKey` where the docs show a wrapper too, with at most one filter that becomes
 * the query parameter of the same name when set.
 */
export function referenceList(options: {
	value: string;
	name: string;
	description: string;
	action: string;
	path: string;
	filter?: INodeProperties;
	listKey?: string;
}): Operation<Prepared> {
	const { filter } = options;
	return {
		value: options.value,
		name: options.name,
		description: options.description,
		action: options.action,
		fields: filter ? [filter] : [],
		prepare(item) {
			const chosen = filter ? String(item.get(filter.name, '')) : '';
			return { request: { method: 'GET', path: options.path, ...(filter && chosen ? { qs: { [filter.name]: chosen } } : {}) } };
		},
		output: (answer, { request }, api) => listAnswer(answer, api, request, options.listKey),
	};
}
