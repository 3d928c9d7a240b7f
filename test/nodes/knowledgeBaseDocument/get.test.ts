/** Knowledge Base Document → Get: GET .../documents/{docId} → {data}; a 404 says whether the knowledge base or the document is missing. */
import { byId, descriptionOf, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base Document → Get', () => {
	it('outputs the document with its status and knowledgebase_id', async () => {
		const [doc] = jsonOf(expectOk(await t.run({ resource: 'knowledgeBaseDocument', operation: 'get', knowledgeBaseId: fromList(1), documentId: fromList(2) })));
		expect(doc).toEqual(expect.objectContaining({ id: 2, name: 'Price List 2026', type: 'pdf', status: 'active', status_label: 'Active', knowledgebase_id: 1 }));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/knowledgebases/1/documents/2' })]);
	});

	it('a missing document and a missing knowledge base are told apart by the platform’s words', async () => {
		const doc = await t.run({ resource: 'knowledgeBaseDocument', operation: 'get', knowledgeBaseId: byId(1), documentId: byId(3) });
		expect(doc.error?.message).toBe('Document 3 of knowledge base 1 was not found');
		expect(descriptionOf(doc)).toBe('The platform said: Document not found.');
		const kb = await t.run({ resource: 'knowledgeBaseDocument', operation: 'get', knowledgeBaseId: byId(3), documentId: byId(3) });
		expect(descriptionOf(kb)).toBe('The platform said: Knowledgebase not found.');
	});

	it('checks both IDs before sending', async () => {
		const result = await t.run(
			{ resource: 'knowledgeBaseDocument', operation: 'get', knowledgeBaseId: byId(1), documentId: byId('={{ $json.doc }}') },
			{ items: [{ doc: '2' }, { doc: '-2' }] },
		);
		expect(result.error?.message).toContain('Document must be a numeric ID (got "-2") [item 1]');
		expect(t.requests()).toHaveLength(0);
	});
});
