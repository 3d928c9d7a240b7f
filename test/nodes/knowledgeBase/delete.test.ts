/** Knowledge Base → Delete: DELETE /user/knowledgebases/{id}; its documents go and assistants lose it. Irreversible: agents need the opt-in. */
import { RESOURCES } from '../../../nodes/VoiceAssistant/actions/operations';
import { findOperation } from '../../../nodes/VoiceAssistant/engine/operation';
import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Knowledge Base → Delete', () => {
	it('deletes the knowledge base with its documents; the assistant that used it loses it', async () => {
		const assistant = t.sb.store.assistants.find((a) => a.user_id === t.sb.users.alice)!;
		assistant.knowledgebase_id = 1;
		const [item] = jsonOf(expectOk(await t.run({ resource: 'knowledgeBase', operation: 'delete', knowledgeBaseId: byId(1) })));
		expect(item).toEqual({ id: 1, deleted: true, message: 'Knowledgebase deleted successfully.' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/user/knowledgebases/1', status: 200 })]);
		expect(t.sb.store.knowledgeBases.documents.some((doc) => doc.knowledgebase_id === 1)).toBe(false);
		expect(assistant.knowledgebase_id).toBeNull();
		const again = await t.run({ resource: 'knowledgeBase', operation: 'delete', knowledgeBaseId: byId(1) });
		expect(again.error?.message).toBe('Knowledge base 1 was not found');
	});

	it('is a write an AI agent may run only with the user’s opt-in', () => {
		const op = findOperation(RESOURCES, 'knowledgeBase', 'delete');
		expect(op?.write?.agent?.needsOptIn).toMatch(/cannot be undone/);
		expect(findOperation(RESOURCES, 'knowledgeBaseDocument', 'delete')?.write?.agent?.needsOptIn).toMatch(/cannot be undone/);
	});
});
