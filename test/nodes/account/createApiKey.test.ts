/** Account → Create API Key: POST /user/api-keys {name}, the token output once; an AI agent needs the user's opt-in. */
import type { INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Account → Create API Key', () => {
	it('sends POST /user/api-keys {name} and outputs the new token, which then works as a bearer token', async () => {
		const [item] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'createApiKey', keyName: ' n8n production ' })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/user/api-keys', body: { name: 'n8n production' }, status: 201 })]);
		expect(item).toEqual({ name: 'n8n production', token: expect.stringMatching(/^\d+\|[0-9a-f]{40}$/), created_at: expect.any(String), message: 'API key created successfully.' });
		const [me] = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'get' }, { token: item.token as string })));
		expect(me.email).toBe('alice@example.com');
	});

	it('checks the name before sending', async () => {
		expect((await t.run({ resource: 'account', operation: 'createApiKey', keyName: 'x'.repeat(256) })).error?.message).toBe('Name must be at most 255 characters (got 256) [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it("is refused as an AI agent's tool unless allowed", async () => {
		const run = await runAsAgentTool({ parameters: { resource: 'account', operation: 'createApiKey', keyName: 'agent' } as INodeParameters, credentials: t.credentials, plan: [[{}]] });
		expect(run.rounds.flat()[0].error).toMatch(/it creates a new secret with full access to the account/);
		expect(t.requests()).toHaveLength(0);
	});
});
