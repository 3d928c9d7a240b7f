import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { optionalText, requireOneOf } from '../../../shared/validate';
import { dataAnswer, writeResult } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
import { TEXT_MAX, readKnowledgeBaseId, readName } from '../knowledgeBase/fields';
import { DOCUMENT_TYPES, addFields, readWebsite } from './addFields';
import { documentOutput, documentsPath } from './documents';
import { checkFileContent, fileDigest, readFile, readFileBytes, type FileToSend } from './file';
import { readMaxWaitMs, waitUntilProcessed } from './wait';

interface AddDocument extends Prepared {
	knowledgeBaseId: number;
	/** PDF, TXT, DOCX: the item's file (read and checked in `send`) */
	file?: FileToSend;
	/** Wait Until Processed: Max Wait in ms */
	maxWaitMs?: number;
}

const EFFECT = 'the document may have been added';
/** File uploads in progress at once while Requests in Parallel is automatic: each holds up to 20 MB. */
const AUTOMATIC_UPLOADS = 4;
/** Documents added and waited for at once while Requests in Parallel is automatic (each holds its item for minutes). */
const AUTOMATIC_WAITS = 10;

/**
 * POST /user/knowledgebases/{kbId}/documents → 201 {message, data} with status "processing".
 * A website goes as JSON (url or links, relative_links_limit); a file as multipart/form-data with
 * name, type, description and `file`. Wait Until Processed polls Get Document (wait.ts).
 */
export const operation: Operation<AddDocument> = {
	value: 'add',
	name: 'Add',
	description:
		'Add a document to a knowledge base: a website (one URL or a list of links) or a PDF, TXT or DOCX file from the item. The platform processes it in the background; optionally wait until it is ready.',
	action: 'Add a document to a knowledge base',
	write: { mayHaveHappened: EFFECT, done: ['document added', 'documents added'] },
	fields: addFields,
	prepare(item) {
		const knowledgeBaseId = readKnowledgeBaseId(item);
		const type = requireOneOf(item.node, item.get('documentType', 'website'), DOCUMENT_TYPES, item.where('Type'));
		const body: IDataObject = { name: readName(item), type };
		const description = optionalText(item.node, (item.get('additionalFields', {}) as IDataObject).description, item.where('Description'), TEXT_MAX);
		if (description !== undefined) body.description = description;
		const file = type === 'website' ? undefined : readFile(item, type);
		if (type === 'website') Object.assign(body, readWebsite(item));
		return {
			knowledgeBaseId,
			file,
			maxWaitMs: readMaxWaitMs(item),
			request: { method: 'POST', path: documentsPath(knowledgeBaseId), body, notFound: `Knowledge base ${knowledgeBaseId}` },
		};
	},
	automaticLimit: ({ file, maxWaitMs }) => (maxWaitMs !== undefined ? AUTOMATIC_WAITS : file ? AUTOMATIC_UPLOADS : undefined),
	// Under Retry On Fail the file is read twice (here and in send): its bytes are part of the write's fingerprint.
	contentDigest: async ({ file }, api) => (file ? fileDigest(await readFileBytes(api, file)) : undefined),
	async send({ file, request }, api) {
		if (!file) return await api.request(request);
		const data = await readFileBytes(api, file);
		checkFileContent(api.ctx.getNode(), api.itemIndex, file, data);
		return await api.request({ ...request, upload: { field: 'file', fileName: file.fileName, mimeType: file.mimeType, data } });
	},
	async output(answer, { knowledgeBaseId, maxWaitMs, request }, api) {
		const added = dataAnswer(answer, api, request, EFFECT).data as IDataObject;
		const result = writeResult(answer);
		if (maxWaitMs === undefined) return [documentOutput(result, knowledgeBaseId)];
		const documentId = Number(added.id);
		if (!Number.isSafeInteger(documentId) || documentId < 1) {
			throw new NodeOperationError(api.ctx.getNode(), 'The platform added the document but its answer has no document ID to follow', {
				itemIndex: api.itemIndex,
				description: 'The document was added once and is not added again. Find it with Knowledge Base Document → Get Many.',
			});
		}
		const ref = { knowledgeBaseId, documentId };
		const processed = await waitUntilProcessed(api, ref, added, maxWaitMs);
		return [documentOutput({ ...processed, message: result.message }, knowledgeBaseId)];
	},
};
