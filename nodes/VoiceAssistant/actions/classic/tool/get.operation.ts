import { recordAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { isObject } from '../../../shared/objects';
import { toolLocator } from './fields';

/** GET /user/tools/{id}: the tool itself (the docs), or wrapped as {data: {...}}. */
export const operation: Operation<Prepared> = {
	value: 'get',
	name: 'Get',
	description: 'Get one mid-call tool: its endpoint, method, timeout, headers and parameters',
	action: 'Get a tool',
	fields: [toolLocator('The tool to get')],
	prepare(item) {
		const id = item.locatorId('toolId', 'Tool');
		return { request: { method: 'GET', path: `/user/tools/${id}`, notFound: `Tool ${id}` } };
	},
	output(answer, { request }, api) {
		const record = recordAnswer(answer, api, request, 'a tool record');
		return [record.id === undefined && isObject(record.data) ? record.data : record];
	},
};
