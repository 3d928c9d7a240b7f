/** Knowledge Base Document → Update: PUT .../documents/{docId} with name and description only. */
import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base Document → Update', () => {
	it('sends name and description and outputs the changed document', async () => {
		const [doc] = jsonOf(
			expectOk(
				await t.run({
					resource: 'knowledgeBaseDocument',
					operation: 'update',
					knowledgeBaseId: byId(1),
					documentId: byId(2),
					updateFields: { name: 'Prices', description: 'Current prices' },
				}),
			),
		);
		expect(t.requests()).toEqual([
			expect.objectContaining({ method: 'PUT', path: '/api/user/knowledgebases/1/documents/2', body: { name: 'Prices', description: 'Current prices' }, status: 200 }),
		]);
		expect(doc).toEqual(expect.objectContaining({ id: 2, name: 'Prices', description: 'Current prices', type: 'pdf', message: 'Document updated successfully.', knowledgebase_id: 1 }));
	});

	it('refuses empty Update Fields and a Name over 255 characters before sending', async () => {
		const empty = await t.run({ resource: 'knowledgeBaseDocument', operation: 'update', knowledgeBaseId: byId(1), documentId: byId(2), updateFields: {} });
		expect(empty.error?.message).toBe('Update Fields is empty: add Name or Description [item 0]');
		const long = await t.run({ resource: 'knowledgeBaseDocument', operation: 'update', knowledgeBaseId: byId(1), documentId: byId(2), updateFields: { name: 'x'.repeat(256) } });
		expect(long.error?.message).toBe('Name must be at most 255 characters (got 256) [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('names the document that is not there', async () => {
		const result = await t.run({ resource: 'knowledgeBaseDocument', operation: 'update', knowledgeBaseId: byId(1), documentId: byId(9), updateFields: { name: 'X' } });
		expect(result.error?.message).toBe('Document 9 of knowledge base 1 was not found');
	});
});
