/**
 * "Tool Called During a Call" on a classic account, against the sandbox: activation creates one tool
 * pointing at the trigger with a secret header and adds it to the chosen assistants next to the tools
 * they had; a call is checked before anything runs; deactivation takes away exactly what was added;
 * the plan's tool limit fails activation in the platform's words with nothing left behind.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWebhook } from '../../harness';
import { useSandbox } from '../../helpers/sandbox';
import { PRODUCTION_URL, VoiceAssistantTrigger, credentials, lifecycle } from '../helpers';

const sb = useSandbox({ callTiming: { stepMs: 5 } });

const TOOL = {
	event: 'toolCall',
	toolName: 'lookup_order',
	toolDescription: "Looks up the caller's order by its number",
	toolParameters: { parameter: [{ name: 'order_number', type: 'string', description: 'The order number', required: true }] },
	toolTimeout: 5,
	toolAssistants: [1, 2],
	toolFailureAnswer: 'Sorry, the order system is not answering.',
} satisfies INodeParameters;

const toolsOf = (assistantId: number) => sb.store.catalog.toolIdsOf(assistantId);
const ourTool = () => sb.store.catalog.toolsOf(1).find((tool) => tool.name === 'lookup_order');

async function call(staticData: IDataObject, headers: Record<string, string>, body: IDataObject, parameters: INodeParameters = TOOL) {
	return await runWebhook(VoiceAssistantTrigger, {
		parameters,
		credentials: credentials(sb),
		staticData,
		request: { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body },
	});
}

describe('Tool Called During a Call (classic): activation', () => {
	beforeEach(() => {
		// The 2026 docs' assistant update takes tool_ids (docs/platform-facts.md, "Mid-call tools"); the reference's does not.
		sb.setGeneration('2026', 1);
		sb.store.catalog.assign(2, { toolIds: [1] });
	});

	it('creates one tool for the trigger URL and adds it to both assistants, keeping their tools', async () => {
		const hooks = lifecycle(sb, TOOL);
		expect(await hooks.run('checkExists')).toBe(false);
		expect(await hooks.run('create')).toBe(true);

		const tool = ourTool();
		expect(tool).toMatchObject({ endpoint: PRODUCTION_URL, method: 'POST', timeout: 5, description: TOOL.toolDescription });
		expect(tool?.schema).toEqual([{ name: 'order_number', type: 'string', description: 'The order number' }]);
		expect(tool?.headers).toEqual([{ name: 'X-Voice-Assistant-Secret', value: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
		expect(toolsOf(1)).toEqual([1, 2, tool?.id]);
		expect(toolsOf(2)).toEqual([1, tool?.id]);
		// static data keeps the secret's hash, never the secret
		expect(JSON.stringify(hooks.staticData)).not.toContain(tool?.headers[0].value);
		expect(await hooks.run('checkExists')).toBe(true);

		// deactivation: the tool leaves both assistants (a tool given to one meanwhile stays), then goes
		sb.store.catalog.assign(2, { toolIds: [...toolsOf(2), 2] });
		expect(await hooks.run('delete')).toBe(true);
		expect(toolsOf(1)).toEqual([1, 2]);
		expect(toolsOf(2)).toEqual([1, 2]);
		expect(ourTool()).toBeUndefined();
		expect(hooks.staticData['toolCall:production']).toBeUndefined();
	});

	it('removes a tool edited on the platform meanwhile by its ID', async () => {
		const hooks = lifecycle(sb, TOOL);
		await hooks.run('create');
		const tool = ourTool()!;
		tool.name = 'renamed_in_dashboard';
		expect(await hooks.run('checkExists')).toBe(true);
		await hooks.run('delete');
		expect(sb.store.catalog.toolsOf(1).map((t) => t.id)).not.toContain(tool.id);
	});

	it('registers again (a new tool, the old one gone) when the tool was changed in the trigger', async () => {
		const hooks = lifecycle(sb, TOOL);
		await hooks.run('create');
		const first = ourTool()!.id;
		const changed = { ...TOOL, toolTimeout: 8 };
		expect(await hooks.run('checkExists', { parameters: changed })).toBe(false);
		await hooks.run('create', { parameters: changed });
		expect(ourTool()).toMatchObject({ timeout: 8 });
		expect(ourTool()!.id).not.toBe(first);
		expect(sb.store.catalog.toolsOf(1).filter((t) => t.name === 'lookup_order')).toHaveLength(1);
		expect(toolsOf(2)).toEqual([1, ourTool()!.id]);
	});

	it("fails in the platform's words when the plan's tool limit is reached, and leaves nothing behind", async () => {
		for (let i = 0; i < 3; i++) sb.store.catalog.addTool({ user_id: 1, name: `filler_${'abc'[i]}`, description: 'x', endpoint: 'https://tools.example.com/x', method: 'GET', timeout: 10, headers: [], schema: [] });
		const before = sb.store.catalog.toolsOf(1).length;
		const hooks = lifecycle(sb, TOOL);
		await expect(hooks.run('create')).rejects.toThrow(/plan limit of 5 mid call tools/);
		expect(sb.store.catalog.toolsOf(1)).toHaveLength(before);
		expect(toolsOf(1)).toEqual([1, 2]);
		expect(toolsOf(2)).toEqual([1]);
		expect(hooks.staticData['toolCall:production']).toBeUndefined();
	});

	it('undoes everything when an assistant cannot be given the tool', async () => {
		const hooks = lifecycle(sb, { ...TOOL, toolAssistants: [1, 999] });
		await expect(hooks.run('create')).rejects.toThrow(/Assistant 999 was not found/);
		expect(ourTool()).toBeUndefined();
		expect(toolsOf(1)).toEqual([1, 2]);
	});

	it('fails in words, with nothing left, on a host that ignores tool_ids (the reference form)', async () => {
		sb.setGeneration('reference', 1);
		const hooks = lifecycle(sb, TOOL);
		await expect(hooks.run('create')).rejects.toThrow(/did not give assistant 1 the tool/);
		expect(ourTool()).toBeUndefined();
		expect(toolsOf(1)).toEqual([1, 2]);
	});

	it('names the field of a bad tool name before anything is sent', async () => {
		const hooks = lifecycle(sb, { ...TOOL, toolName: 'Lookup Order' });
		const before = sb.requests.length;
		await expect(hooks.run('create')).rejects.toThrow(/^Name must be lowercase letters and underscores/);
		expect(sb.requests.length).toBe(before);
	});
});

describe('Tool Called During a Call (classic): a call', () => {
	beforeEach(() => sb.setGeneration('2026', 1));
	it('runs with the declared values when the secret header is right', async () => {
		const hooks = lifecycle(sb, TOOL);
		await hooks.run('create');
		const secret = ourTool()!.headers[0].value;
		const result = await call(hooks.staticData, { 'x-voice-assistant-secret': secret }, { order_number: 'A-1001', extra: 'dropped' });
		expect(result.workflowData).toEqual([[{ json: { order_number: 'A-1001' } }]]);
		await hooks.run('delete');
	});

	it.each([
		['no secret', {}],
		['a wrong secret', { 'x-voice-assistant-secret': '0'.repeat(64) }],
	])('answers 401 and runs nothing with %s', async (_case, headers) => {
		const hooks = lifecycle(sb, TOOL);
		await hooks.run('create');
		const result = await call(hooks.staticData, headers, { order_number: 'A-1001' });
		expect(result.workflowData).toBeUndefined();
		expect(result.response.statusCode).toBe(401);
		await hooks.run('delete');
	});

	it('answers a call without a required value in words and runs nothing', async () => {
		const hooks = lifecycle(sb, TOOL);
		await hooks.run('create');
		const result = await call(hooks.staticData, { 'x-voice-assistant-secret': ourTool()!.headers[0].value }, {});
		expect(result.workflowData).toBeUndefined();
		expect(result.response.statusCode).toBe(200);
		expect(JSON.parse(String(result.response.body))).toEqual({ error: 'I still need the order number before I can do this. Please ask the caller.' });
		await hooks.run('delete');
	});
});
