import type { Operation, Prepared } from '../../../engine/operation';
import { wrappedRecord } from '../knowledgeBase/answers';
import { knowledgeBaseLocator } from '../knowledgeBase/fields';
import { documentLocator, documentNotFound, documentOutput, documentPath, readDocumentRef, type DocumentRef } from './documents';

interface GetDocument extends Prepared {
	ref: DocumentRef;
}

/** GET /user/knowledgebases/{kbId}/documents/{docId} → {data: {...}}; 404 names the knowledge base or the document. */
export const operation: Operation<GetDocument> = {
	value: 'get',
	name: 'Get',
	description: 'Get one document of a knowledge base, with its processing status (processing, active or failed)',
	action: 'Get a document of a knowledge base',
	fields: [knowledgeBaseLocator('The knowledge base the document is in'), documentLocator('The document to get')],
	prepare(item) {
		const ref = readDocumentRef(item);
		return { ref, request: { method: 'GET', path: documentPath(ref), notFound: documentNotFound(ref) } };
	},
	output: (answer, { ref, request }, api) => [documentOutput(wrappedRecord(answer, api, request, 'a document record'), ref.knowledgeBaseId)],
};
