import { returnAllFields } from '../../../shared/fields';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { KB_PATH } from './fields';

interface ListKnowledgeBases extends Prepared {
	limit: number;
}

/** GET /user/knowledgebases → {data: [...]} (no paging; a bare array is read too); Limit is applied here. */
export const operation: Operation<ListKnowledgeBases> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List the knowledge bases of the account with their status and how many documents and assistants each has',
	action: 'Get many knowledge bases',
	fields: returnAllFields(),
	prepare: (item) => ({ limit: item.paging().limit, request: { method: 'GET', path: KB_PATH } }),
	output: (answer, { limit, request }, api) => listAnswer(answer, api, request, 'data').slice(0, limit),
};
