import type { Operation, Prepared } from '../../../engine/operation';
import { updateResult } from '../knowledgeBase/answers';
import { knowledgeBaseLocator, readUpdateBody, updateFields } from '../knowledgeBase/fields';
import { documentLocator, documentNotFound, documentOutput, documentPath, readDocumentRef, type DocumentRef } from './documents';

interface UpdateDocument extends Prepared {
	ref: DocumentRef;
}

/** PUT /user/knowledgebases/{kbId}/documents/{docId} {name?, description?}: content and type cannot change. */
export const operation: Operation<UpdateDocument> = {
	value: 'update',
	name: 'Update',
	description: 'Rename a document or change its description. Its content and type cannot change: delete it and add it again for that.',
	action: 'Update a document of a knowledge base',
	write: { mayHaveHappened: 'the document may have been updated', done: ['document updated', 'documents updated'] },
	fields: [knowledgeBaseLocator('The knowledge base the document is in'), documentLocator('The document to change'), updateFields('document')],
	prepare(item) {
		const ref = readDocumentRef(item);
		const body = readUpdateBody(item);
		return { ref, request: { method: 'PUT', path: documentPath(ref), body, notFound: documentNotFound(ref) } };
	},
	output: (answer, { ref }) => [documentOutput(updateResult(answer, ref.documentId, 'Document updated successfully.'), ref.knowledgeBaseId)],
};
