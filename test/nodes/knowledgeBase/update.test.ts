/** Knowledge Base → Update: PUT /user/knowledgebases/{id} {name?, description?} → {message, data}. */
import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base → Update', () => {
	it('sends only the fields given and outputs the changed record', async () => {
		const [kb] = jsonOf(expectOk(await t.run({ resource: 'knowledgeBase', operation: 'update', knowledgeBaseId: byId(2), updateFields: { name: 'Onboarding 2026' } })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/user/knowledgebases/2', body: { name: 'Onboarding 2026' }, status: 200 })]);
		expect(kb).toEqual(expect.objectContaining({ id: 2, name: 'Onboarding 2026', status: 'empty', message: 'Knowledgebase updated successfully.' }));
	});

	it('an empty Description clears it', async () => {
		expectOk(await t.run({ resource: 'knowledgeBase', operation: 'update', knowledgeBaseId: byId(1), updateFields: { description: '' } }));
		expect(t.requests()[0].body).toEqual({ description: '' });
		expect(t.sb.store.knowledgeBases.baseOf(t.sb.users.alice, 1)?.description).toBeNull();
	});

	it('refuses empty Update Fields before sending', async () => {
		const result = await t.run({ resource: 'knowledgeBase', operation: 'update', knowledgeBaseId: byId(1), updateFields: {} });
		expect(result.error?.message).toBe('Update Fields is empty: add Name or Description [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it('names the knowledge base that is not there', async () => {
		const result = await t.run({ resource: 'knowledgeBase', operation: 'update', knowledgeBaseId: byId(99), updateFields: { name: 'X' } });
		expect(result.error?.message).toBe('Knowledge base 99 was not found');
	});
});
