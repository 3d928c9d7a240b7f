/** Knowledge Base → Create: POST /user/knowledgebases {name, description?} → 201 {message, data} with status "empty". */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base → Create', () => {
	it('sends name and description and outputs the new record with the platform’s message', async () => {
		const [kb] = jsonOf(
			expectOk(await t.run({ resource: 'knowledgeBase', operation: 'create', name: 'Support', additionalFields: { description: 'Support answers' } })),
		);
		expect(t.requests()).toEqual([
			expect.objectContaining({ method: 'POST', path: '/api/user/knowledgebases', body: { name: 'Support', description: 'Support answers' }, status: 201 }),
		]);
		expect(kb).toEqual(expect.objectContaining({ id: 4, name: 'Support', description: 'Support answers', status: 'empty', message: 'Knowledgebase created successfully.' }));
		expect(t.sb.store.knowledgeBases.baseOf(t.sb.users.alice, 4)?.name).toBe('Support');
	});

	it('leaves an empty description out', async () => {
		expectOk(await t.run({ resource: 'knowledgeBase', operation: 'create', name: 'Plain' }));
		expect(t.requests()[0].body).toEqual({ name: 'Plain' });
	});

	it('checks Name (required, at most 255 characters) before sending, naming the item', async () => {
		const result = await t.run({ resource: 'knowledgeBase', operation: 'create', name: '={{ $json.name }}' }, { items: [{ name: 'Fine' }, { name: 'n'.repeat(256) }] });
		expect(result.error?.message).toContain('Name must be at most 255 characters (got 256) [item 1]');
		expect(t.requests()).toHaveLength(0);
		const blank = await t.run({ resource: 'knowledgeBase', operation: 'create', name: ' ' });
		expect(blank.error?.message).toBe('Name is required [item 0]');
	});
});
