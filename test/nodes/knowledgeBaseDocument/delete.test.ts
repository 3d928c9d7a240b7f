/** Knowledge Base Document → Delete: DELETE .../documents/{docId}; the last one leaves the knowledge base empty. */
import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base Document → Delete', () => {
	it('deletes documents; after the last one the knowledge base is empty', async () => {
		const run = async (documentId: number) =>
			jsonOf(expectOk(await t.run({ resource: 'knowledgeBaseDocument', operation: 'delete', knowledgeBaseId: byId(1), documentId: byId(documentId) })));
		expect(await run(1)).toEqual([{ id: 1, knowledgebase_id: 1, deleted: true, message: 'Document deleted successfully.' }]);
		await run(2);
		expect(t.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'DELETE /api/user/knowledgebases/1/documents/1 200',
			'DELETE /api/user/knowledgebases/1/documents/2 200',
		]);
		const [kb] = jsonOf(expectOk(await t.run({ resource: 'knowledgeBase', operation: 'get', knowledgeBaseId: byId(1) })));
		expect(kb).toMatchObject({ status: 'empty', documents_count: 0 });
	});

	it('a document already gone is not found', async () => {
		const result = await t.run({ resource: 'knowledgeBaseDocument', operation: 'delete', knowledgeBaseId: byId(3), documentId: byId(3) });
		expect(result.error?.message).toBe('Document 3 of knowledge base 3 was not found');
		expect(t.sb.store.knowledgeBases.documents.some((doc) => doc.id === 3)).toBe(true);
	});
});
