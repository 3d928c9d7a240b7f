/** Assistant → Delete: DELETE /user/assistant/{id} (2026 docs); the assistant leaves every list. */
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Assistant → Delete', () => {
	it('sends DELETE /user/assistant/{id}; Get Many no longer lists it', async () => {
		const assistant = t.sb.store.assistantsOf(t.sb.users.alice)[0];
		const [item] = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'delete', assistantId: fromList(assistant.id) })));
		expect(item).toEqual({ id: assistant.id, deleted: true, message: 'Assistant deleted successfully' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/api/user/assistant/${assistant.id}`, body: null, status: 200 })]);
		const listed = jsonOf(expectOk(await t.run({ resource: 'assistant', operation: 'getMany', returnAll: true })));
		expect(listed.map((a) => a.id)).not.toContain(assistant.id);
	});

	it("names the assistant on 404: deleted twice, or another account's", async () => {
		const assistant = t.sb.store.assistantsOf(t.sb.users.alice)[0];
		expectOk(await t.run({ resource: 'assistant', operation: 'delete', assistantId: byId(assistant.id) }));
		const again = await t.run({ resource: 'assistant', operation: 'delete', assistantId: byId(assistant.id) });
		expect(again.error?.message).toBe(`Assistant ${assistant.id} was not found`);
		const bobs = t.sb.store.assistantsOf(t.sb.users.bob)[0];
		const foreign = await t.run({ resource: 'assistant', operation: 'delete', assistantId: byId(bobs.id) });
		expect(foreign.error?.message).toBe(`Assistant ${bobs.id} was not found`);
		expect(bobs.deleted_at).toBeNull();
	});
});
