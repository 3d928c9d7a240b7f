/** Knowledge Base → Get: GET /user/knowledgebases/{id} → {data}; the platform's {error} text reaches the user on a 404. */
import { byId, descriptionOf, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base → Get', () => {
	it('outputs the record inside {data}, picked From List or By ID', async () => {
		for (const knowledgeBaseId of [fromList(1), byId(1)]) {
			const [kb] = jsonOf(expectOk(await t.run({ resource: 'knowledgeBase', operation: 'get', knowledgeBaseId })));
			expect(kb).toEqual(expect.objectContaining({ id: 1, name: 'Product FAQ', status: 'active', documents_count: 2 }));
			expect(kb.data).toBeUndefined();
		}
		expect(t.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/user/knowledgebases/1', 'GET /api/user/knowledgebases/1']);
	});

	it('a knowledge base of another account is not found, in the platform’s words', async () => {
		const result = await t.run({ resource: 'knowledgeBase', operation: 'get', knowledgeBaseId: byId(3) });
		expect(result.error?.message).toBe('Knowledge base 3 was not found');
		expect(descriptionOf(result)).toBe('The platform said: Knowledgebase not found.');
		expect((result.error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('checks the ID before sending (the editor does too; an expression can still give anything)', async () => {
		const result = await t.run({ resource: 'knowledgeBase', operation: 'get', knowledgeBaseId: byId('={{ $json.id }}') }, { items: [{ id: 'three' }] });
		expect(result.error?.message).toBe('Knowledge Base must be a numeric ID (got "three") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});
