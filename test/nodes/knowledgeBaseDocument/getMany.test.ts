/** Knowledge Base Document → Get Many: GET /user/knowledgebases/{kbId}/documents → {data: [...]}, each with knowledgebase_id. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base Document → Get Many', () => {
	it('outputs the documents of the knowledge base, each naming it', async () => {
		const out = jsonOf(expectOk(await t.run({ resource: 'knowledgeBaseDocument', operation: 'getMany', knowledgeBaseId: fromList(1), returnAll: true })));
		expect(out).toEqual([
			expect.objectContaining({ id: 1, name: 'Help Center', type: 'website', status: 'active', knowledgebase_id: 1 }),
			expect.objectContaining({ id: 2, name: 'Price List 2026', type: 'pdf', type_label: 'PDF', knowledgebase_id: 1 }),
		]);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/knowledgebases/1/documents' })]);
	});

	it('applies Limit; an empty knowledge base gives no items', async () => {
		expect(jsonOf(expectOk(await t.run({ resource: 'knowledgeBaseDocument', operation: 'getMany', knowledgeBaseId: byId(1), limit: 1 }))).map((d) => d.id)).toEqual([1]);
		expect(expectOk(await t.run({ resource: 'knowledgeBaseDocument', operation: 'getMany', knowledgeBaseId: byId(2), returnAll: true }))).toEqual([]);
	});

	it('a knowledge base of another account is not found', async () => {
		const result = await t.run({ resource: 'knowledgeBaseDocument', operation: 'getMany', knowledgeBaseId: byId(3), returnAll: true });
		expect(result.error?.message).toBe('Knowledge base 3 was not found');
	});
});
