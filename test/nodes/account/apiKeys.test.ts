/** Account → Get Many API Keys, Create API Key (the token output, once), Delete API Key (agent opt-in). */
import type { INodeParameters } from 'n8n-workflow';

import { runAsAgentTool } from '../../security/agent-harness';
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Account → Get Many API Keys', () => {
	it('sends GET /user/api-keys and outputs the keys without tokens', async () => {
		const items = jsonOf(expectOk(await t.run({ resource: 'account', operation: 'getManyApiKeys', returnAll: true })));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/api-keys', status: 200 })]);
		expect(items.map((k) => k.name)).toEqual(['Zapier', 'Old script']);
		expect(Object.keys(items[0]).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
	});

	it('applies Limit', async () => {
		expect(jsonOf(expectOk(await t.run({ resource: 'account', operation: 'getManyApiKeys', returnAll: false, limit: 1 })))).toHaveLength(1);
	});
});

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
