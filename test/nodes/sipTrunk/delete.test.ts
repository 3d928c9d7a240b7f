/** SIP Trunk → Delete: DELETE /user/phone-numbers/{id} with the trunk's ID; removed at once; needs the agent opt-in. */
import type { INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { byId, expectOk, fromList, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('SIP Trunk → Delete', () => {
	it('sends DELETE /user/phone-numbers/{id}; the trunk and its number are gone', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'sipTrunk', operation: 'delete', sipTrunkId: fromList(7) })));
		expect(item).toEqual({ id: 7, deleted: true, message: 'Phone number deleted successfully.' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/user/phone-numbers/7', status: 200 })]);
		expect(t.sb.store.sip.trunkOf(t.sb.users.alice, 7)).toBeUndefined();
		expect((await t.run({ resource: 'sipTrunk', operation: 'delete', sipTrunkId: byId(7) })).error?.message).toBe('SIP trunk 7 was not found');
	});

	it("is refused as an AI agent's tool unless allowed: nothing sent", async () => {
		const run = await runAsAgentTool({ parameters: { resource: 'sipTrunk', operation: 'delete', sipTrunkId: byId(3) } as INodeParameters, credentials: t.credentials, plan: [[{}]] });
		expect(run.rounds.flat()[0].error).toMatch(/deleting a SIP trunk cannot be undone/);
		expect(t.requests()).toHaveLength(0);
	});
});
