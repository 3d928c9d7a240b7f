/** Tool → Delete: DELETE /user/tools/{id}; the platform takes it off every assistant. */
import type { INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Tool → Delete', () => {
	it('sends DELETE /user/tools/{id}; the tool is gone, also from the assistant that used it', async () => {
		expect(t.sb.store.catalog.toolIdsOf(1)).toEqual([1, 2]);
		const [item] = jsonOf(expectOk(await t.run({ resource: 'tool', operation: 'delete', toolId: fromList(1) })));
		expect(item).toEqual({ id: 1, deleted: true, message: 'Tool deleted successfully' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/user/tools/1', body: null, status: 200 })]);
		expect(t.sb.store.catalog.toolIdsOf(1)).toEqual([2]);
	});

	it("names the tool on 404: deleted twice, or another account's", async () => {
		expectOk(await t.run({ resource: 'tool', operation: 'delete', toolId: byId(2) }));
		expect((await t.run({ resource: 'tool', operation: 'delete', toolId: byId(2) })).error?.message).toBe('Tool 2 was not found');
		expect((await t.run({ resource: 'tool', operation: 'delete', toolId: byId(3) })).error?.message).toBe('Tool 3 was not found');
		expect(t.sb.store.catalog.toolOf(t.sb.users.bob, 3)).toBeDefined();
	});

	it("is refused as an AI agent's tool unless allowed: nothing sent", async () => {
		const run = await runAsAgentTool({ parameters: { resource: 'tool', operation: 'delete', toolId: byId(1) } as INodeParameters, credentials: t.credentials, plan: [[{}]] });
		expect(run.rounds.flat()[0].error).toMatch(/deleting a tool cannot be undone and takes it off every assistant that used it/);
		expect(t.requests()).toHaveLength(0);
	});
});
