/** Account → Delete API Key: DELETE /user/api-keys/{id}, the key stops working; an AI agent needs the user's opt-in. */
import type { INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Account → Delete API Key', () => {
	it('sends DELETE /user/api-keys/{id}; the key no longer works', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'deleteApiKey', keyId: '1' })));
		expect(item).toEqual({ id: 1, deleted: true, message: 'API key deleted successfully.' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/user/api-keys/1', status: 200 })]);
		const refused = await t.run({ resource: 'account', operation: 'get' }, { token: '1|seeded-alice-key-zapier' });
		expect(refused.error?.message).toMatch(/The API token was rejected/);
	});

	it("names the key on 404 (another account's) and checks the ID before sending", async () => {
		expect((await t.run({ resource: 'account', operation: 'deleteApiKey', keyId: '3' })).error?.message).toBe('API key 3 was not found');
		t.sb.clearRequests();
		expect((await t.run({ resource: 'account', operation: 'deleteApiKey', keyId: '1e3' })).error?.message).toBe('API Key ID must be a numeric ID (got "1e3") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it("is refused as an AI agent's tool unless allowed", async () => {
		const run = await runAsAgentTool({ parameters: { resource: 'account', operation: 'deleteApiKey', keyId: '1' } as INodeParameters, credentials: t.credentials, plan: [[{}]] });
		expect(run.rounds.flat()[0].error).toMatch(/deleting an API key cannot be undone/);
	});
});
