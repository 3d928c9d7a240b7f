/** Knowledge Base → Delete: DELETE /user/knowledgebases/{id}; its documents go and assistants lose it. Irreversible: agents need the opt-in. */
import { runAsAgentTool } from '../../security/agent-harness';
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

	it('called by an AI agent, it and Knowledge Base Document → Delete are refused without the opt-in: nothing sent', async () => {
		const cases: Array<[Record<string, unknown>, RegExp]> = [
			[{ resource: 'knowledgeBase', operation: 'delete', knowledgeBaseId: byId(1) }, /deleting a knowledge base cannot be undone/],
			[{ resource: 'knowledgeBaseDocument', operation: 'delete', knowledgeBaseId: byId(1), documentId: byId(1) }, /deleting a document of a knowledge base cannot be undone/],
		];
		for (const [parameters, reason] of cases) {
			const run = await runAsAgentTool({ parameters: parameters as never, credentials: t.credentials, plan: [[{}]], mode: 'engine' });
			expect(run.rounds.flat()[0].error).toMatch(reason);
		}
		expect(t.requests()).toHaveLength(0);
		expect(t.sb.store.knowledgeBases.documents.filter((doc) => doc.knowledgebase_id === 1)).toHaveLength(2);
		const allowed = await runAsAgentTool({
			parameters: { resource: 'knowledgeBaseDocument', operation: 'delete', knowledgeBaseId: byId(1), documentId: byId(1), allowForAiAgent: true } as never,
			credentials: t.credentials,
			plan: [[{}]],
			mode: 'engine',
		});
		expect(allowed.rounds.flat()[0].error).toBeUndefined();
		expect(t.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/user/knowledgebases/1/documents/1']);
	});
});
