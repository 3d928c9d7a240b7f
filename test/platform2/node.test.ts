/**
 * The action node on a Platform 2.0 account, through n8n's engine against the sandbox: what a user
 * of the generated operations relies on beyond the request itself. Records round-trip, lists come
 * whole, a batch is checked before anything is sent, refusals say what to do (the scope a key lacks,
 * the API's code), operations the platform says never to retry are sent once, and the searchable
 * lists show the workspace's own records.
 */
import { PLATFORM2_WORKSPACES } from '../../sandbox';
import { byId, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
const assistantsOf = (workspace: 'A' | 'B') => p2.sb.platform2.list(workspace, '/assistants');

describe('a record round trip: create → get → update → list → delete', () => {
	it('assistants: what was created is read, changed, listed and gone after the delete', async () => {
		const created = await p2.run({ resource: 'assistants', operation: 'createAssistant', jsonBody: JSON.stringify({ name: 'Front desk', system_prompt: 'Be brief.' }) });
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ name: 'Front desk' });
		expect(created.items[0].pairedItem).toEqual({ item: 0 });

		const got = await p2.run({ resource: 'assistants', operation: 'getAssistant', id: byId(id) });
		expect(got.items.map((item) => item.json)).toEqual([expect.objectContaining({ id, name: 'Front desk' })]);

		const updated = await p2.run({ resource: 'assistants', operation: 'updateAssistant', id: byId(id), additionalFields: { name: 'Reception' } });
		expect(updated.error).toBeUndefined();
		expect(p2.sb.platform2.list('A', '/assistants').find((a) => a.id === id)).toMatchObject({ name: 'Reception' });

		const listed = await p2.run({ resource: 'assistants', operation: 'listAssistants', returnAll: true });
		expect(listed.items.map((item) => item.json.id).sort()).toEqual(assistantsOf('A').map((a) => String(a.id)).sort());
		expect(listed.items.some((item) => item.json.id === id)).toBe(true);

		const deleted = await p2.run({ resource: 'assistants', operation: 'deleteAssistant', id: byId(id) });
		expect(deleted.error).toBeUndefined();
		expect(assistantsOf('A').some((a) => a.id === id)).toBe(false);
		const gone = await p2.run({ resource: 'assistants', operation: 'getAssistant', id: byId(id) });
		expect(gone.error?.message).toBe(`Assistant ${id} was not found`);
	});

	it('Return All walks every page at the largest page size; Limit stops early', async () => {
		for (let n = 0; n < 450; n++) {
			const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
			p2.sb.platform2.records.append(PLATFORM2_WORKSPACES.A.id, '/campaigns', [], { id, name: `Campaign ${n}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() });
		}
		p2.sb.clearRequests();
		const all = await p2.run({ resource: 'campaigns', operation: 'listCampaigns', returnAll: true });
		const total = p2.sb.platform2.list('A', '/campaigns').length;
		expect(all.items).toHaveLength(total);
		expect(new Set(all.items.map((item) => item.json.id)).size).toBe(total);
		expect(p2.requests().map((r) => [r.query.limit, r.query.offset])).toEqual([['200', '0'], ['200', '200'], ['200', '400']]);

		p2.sb.clearRequests();
		const some = await p2.run({ resource: 'campaigns', operation: 'listCampaigns', returnAll: false, limit: 5 });
		expect(some.items).toHaveLength(5);
		expect(p2.requests()).toHaveLength(1);
	});
});

describe('a batch is checked whole before anything is sent', () => {
	it('one bad item of three: nothing sent, the error names the field and the item', async () => {
		const { error } = await p2.run(
			{ resource: 'campaigns', operation: 'createCampaign', name: '={{ $json.name }}', assistantId: byId(assistantsOf('A')[0].id as string) },
			{ items: [{ name: 'Spring' }, { name: '' }, { name: 'Autumn' }] },
		);
		expect(error?.message).toMatch(/Name is required \[item 1\]/);
		expect(p2.requests()).toHaveLength(0);
	});

	it('Continue On Fail: the bad item becomes an error item paired with it, the others are sent', async () => {
		const { items } = await p2.run(
			{ resource: 'assistants', operation: 'getAssistant', id: byId('={{ $json.id }}') },
			{ items: [{ id: assistantsOf('A')[0].id }, { id: 'not-a-uuid' }], continueOnFail: true },
		);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[1].json.error).toMatch(/must be a UUID/);
		expect(p2.requests()).toHaveLength(1);
	});
});

describe('refusals in words', () => {
	it('a key without the scope: the error names the operation and the scope it needs; nothing written', async () => {
		const before = p2.sb.platform2.list('A', '/campaigns').length;
		const { error } = await p2.run({ resource: 'campaigns', operation: 'createCampaign', name: 'Spring', assistantId: byId(assistantsOf('A')[0].id as string) }, { key: 'assistantsRead' });
		expect(error?.message).toContain('The API key is not allowed to do "Create Campaign" (HTTP 403, insufficient_scope)');
		expect((error as { description?: string }).description).toContain('needs the scope campaigns:write');
		expect(p2.sb.platform2.list('A', '/campaigns')).toHaveLength(before);
	});

	it('another workspace\'s record is not found, by its ID', async () => {
		const foreign = String(assistantsOf('B')[0].id);
		const { error } = await p2.run({ resource: 'assistants', operation: 'getAssistant', id: byId(foreign) });
		expect(error?.message).toBe(`Assistant ${foreign} was not found`);
	});

	it('destination_forbidden is explained, not a bare 403', async () => {
		const { error } = await p2.run({ resource: 'calls', operation: 'createCall', assistantId: byId(assistantsOf('A')[0].id as string), toNumber: '+19005550100' });
		expect(error?.message).toBe('+19005550100 was not called: the platform does not allow calls to this destination from this workspace (destination_forbidden, HTTP 403) [item 0]');
		expect((error as { description?: string }).description).toMatch(/Nothing was placed/);
	});

	it('a wrong key: the credential is named as the problem', async () => {
		const { error } = await runWithKey('fam_not_a_key');
		expect(error?.message).toMatch(/^The API key was rejected \(HTTP 401/);
	});
});

async function runWithKey(apiKey: string) {
	const { runNode } = await import('../harness');
	const { VoiceAssistant } = await import('../../nodes/VoiceAssistant/VoiceAssistant.node');
	return await runNode({
		node: VoiceAssistant,
		parameters: { accountKind: 'platform2', resource: 'assistants', operation: 'listAssistants', returnAll: false, limit: 1 },
		credentials: { apiKey, origin: p2.sb.origin },
		credentialType: 'voiceAssistantPlatform2Api',
	});
}

describe('what the platform says never to retry is sent once', () => {
	it('a 429 on askMilian (paid, confirm, noRetry) fails at once: one request', async () => {
		p2.sb.setFaults([{ kind: 'rate-limit', match: { path: '/api/v1/milian/ask' }, count: 1, retryAfter: 1 }]);
		const { error } = await p2.run({ resource: 'milian', operation: 'askMilian', question: 'How many calls today?', confirmed: true });
		expect(error?.message).toMatch(/429/);
		expect(p2.requests().filter((r) => r.path === '/api/v1/milian/ask')).toHaveLength(1);
	});

	it('a 429 on an ordinary read is waited out and tried again', async () => {
		p2.sb.setFaults([{ kind: 'rate-limit', match: { path: '/api/v1/assistants' }, count: 1, retryAfter: 1 }]);
		const { error, items } = await p2.run({ resource: 'assistants', operation: 'listAssistants', returnAll: false, limit: 2 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(p2.requests().filter((r) => r.path === '/api/v1/assistants')).toHaveLength(2);
	});

	it('an explicit confirmation is never assumed: left off, nothing is sent', async () => {
		const { error } = await p2.run({ resource: 'milian', operation: 'askMilian', question: 'How many calls today?' });
		expect(error?.message).toMatch(/Confirmed must be switched on/);
		expect(p2.requests()).toHaveLength(0);
	});
});

describe('searchable lists', () => {
	it('the assistant list shows the workspace\'s own assistants by name, and filters', async () => {
		const { results } = await p2.listSearch('searchPlatform2Assistant');
		const mine = assistantsOf('A');
		expect(results.map((r) => r.value).sort()).toEqual(mine.map((a) => String(a.id)).sort());
		expect(results.map((r) => r.name)).toEqual(expect.arrayContaining(mine.map((a) => String(a.name))));
		const name = String(mine[0].name);
		const filtered = await p2.listSearch('searchPlatform2Assistant', name);
		expect(filtered.results.map((r) => r.name)).toContain(name);
		expect(filtered.results.length).toBeLessThanOrEqual(mine.length);
	});
});
