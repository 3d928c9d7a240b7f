import type { Operation, Prepared } from '../../../engine/operation';
import { wrappedRecord } from './answers';
import { KB_PATH, knowledgeBaseLocator, readKnowledgeBaseId } from './fields';

/** GET /user/knowledgebases/{id} → {data: {...}}; 404 {error: "Knowledgebase not found."}. */
export const operation: Operation<Prepared> = {
	value: 'get',
	name: 'Get',
	description: 'Get one knowledge base: its status (empty, processing, active or failed) and how many documents and assistants it has',
	action: 'Get a knowledge base',
	fields: [knowledgeBaseLocator('The knowledge base to get')],
	prepare(item) {
		const id = readKnowledgeBaseId(item);
		return { request: { method: 'GET', path: `${KB_PATH}/${id}`, notFound: `Knowledge base ${id}` } };
	},
	output: (answer, { request }, api) => [wrappedRecord(answer, api, request, 'a knowledge base record')],
};
