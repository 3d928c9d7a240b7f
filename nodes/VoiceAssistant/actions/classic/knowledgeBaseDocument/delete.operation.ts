import { deleteAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { knowledgeBaseLocator } from '../knowledgeBase/fields';
import { documentLocator, documentNotFound, documentPath, readDocumentRef, type DocumentRef } from './documents';

interface DeleteDocument extends Prepared {
	ref: DocumentRef;
}

const EFFECT = 'the document may have been deleted';

/** DELETE /user/knowledgebases/{kbId}/documents/{docId} → {message}; the last one leaves the knowledge base "empty". */
export const operation: Operation<DeleteDocument> = {
	value: 'delete',
	name: 'Delete',
	description: 'Delete a document from a knowledge base for good (its content is no longer used by the assistants)',
	action: 'Delete a document of a knowledge base',
	write: {
		mayHaveHappened: EFFECT,
		done: ['document deleted', 'documents deleted'],
		agent: { needsOptIn: 'deleting a document of a knowledge base cannot be undone' },
	},
	fields: [knowledgeBaseLocator('The knowledge base the document is in'), documentLocator('The document to delete')],
	prepare(item) {
		const ref = readDocumentRef(item);
		return { ref, request: { method: 'DELETE', path: documentPath(ref), notFound: documentNotFound(ref) } };
	},
	output(answer, { ref, request }, api) {
		const message = deleteAnswer(answer, api, request, EFFECT);
		return [{ id: ref.documentId, knowledgebase_id: ref.knowledgeBaseId, deleted: true, message: message ?? 'Document deleted' }];
	},
};
