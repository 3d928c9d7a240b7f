import { returnAllFields } from '../../../shared/fields';
import { listAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { knowledgeBaseLocator, readKnowledgeBaseId } from '../knowledgeBase/fields';
import { documentOutput, documentsPath } from './documents';

interface ListDocuments extends Prepared {
	knowledgeBaseId: number;
	limit: number;
}

/** GET /user/knowledgebases/{kbId}/documents → {data: [...]} (no paging); Limit is applied here. */
export const operation: Operation<ListDocuments> = {
	value: 'getMany',
	name: 'Get Many',
	description: 'List the documents of a knowledge base with their type and processing status',
	action: 'Get many documents of a knowledge base',
	fields: [knowledgeBaseLocator('The knowledge base whose documents to list'), ...returnAllFields()],
	prepare(item) {
		const knowledgeBaseId = readKnowledgeBaseId(item);
		return {
			knowledgeBaseId,
			limit: item.paging().limit,
			request: { method: 'GET', path: documentsPath(knowledgeBaseId), notFound: `Knowledge base ${knowledgeBaseId}` },
		};
	},
	output: (answer, { knowledgeBaseId, limit, request }, api) =>
		listAnswer(answer, api, request, 'data')
			.slice(0, limit)
			.map((record) => documentOutput(record, knowledgeBaseId)),
};
