/**
 * "Tool Called During a Call" on a Platform 2.0 workspace, against the sandbox: the tool is created
 * with our reading of the body, joins the chosen assistants' tool sets by revision (a set changed by
 * someone else between our read and our write is read again, nothing dropped), and deactivation
 * leaves each set as it was plus what was added meanwhile; a key without the scope fails activation
 * in words with nothing left behind; a test registration lives on the test URL.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWebhookMethod, type WebhookMethodName } from '../../harness';
import { useSandbox } from '../../helpers/sandbox';
import { BEHAVIOURS } from '../../../sandbox/platform2/behaviours';
import { PLATFORM2_KEYS } from '../../../sandbox';
import { VoiceAssistantTrigger } from '../helpers';

const sb = useSandbox({ forgetProcessMemories: true, resetPacers: true });
const PRODUCTION_URL = 'http://localhost:5678/webhook/harness-webhook-id/webhook';
const TEST_URL = 'http://localhost:5678/webhook-test/harness-webhook-id/webhook';

const assistants = () => sb.platform2.list('A', '/assistants').map((a) => String(a.id));
/** An assistant's tool set as stored (an assistant never given tools has none yet: revision 1, as the API answers). */
const setOf = (id: string) => (sb.platform2.records.singleton(sb.platform2.workspaces.A, `/assistants/${id}/tools`) ?? { tool_ids: [], revision: 1 }) as { tool_ids: string[]; revision: number };
const ourTools = () => sb.platform2.list('A', '/tools').filter((tool) => tool.name === 'lookup_order');

function parameters(assistantIds: string[]): INodeParameters {
	return {
		accountKind: 'platform2',
		platform2Event: 'toolCall',
		toolName: 'lookup_order',
		toolDescription: "Looks up the caller's order by its number",
		toolParameters: { parameter: [{ name: 'order_number', type: 'string', description: 'The order number', required: true }] },
		toolTimeout: 6,
		platform2ToolAssistants: assistantIds,
	};
}

function hooks(nodeParameters: INodeParameters, apiKey: string = PLATFORM2_KEYS.full, staticData: IDataObject = {}) {
	return {
		staticData,
		run: async (method: WebhookMethodName, mode: 'trigger' | 'manual' = 'trigger', webhookUrl = mode === 'manual' ? TEST_URL : PRODUCTION_URL) =>
			(
				await runWebhookMethod(VoiceAssistantTrigger, method, {
					parameters: nodeParameters,
					credentials: { apiKey, origin: sb.origin },
					credentialType: 'voiceAssistantPlatform2Api',
					staticData,
					mode,
					webhookUrl,
				})
			).result,
	};
}

describe('Tool Called During a Call (2.0)', () => {
	it('creates the tool as our reading says and adds it to both tool sets; deactivation restores them', async () => {
		const [sales, reception] = assistants();
		const salesBefore = [...setOf(sales).tool_ids];
		const lifecycle = hooks(parameters([sales, reception]));
		expect(await lifecycle.run('create')).toBe(true);

		const [tool] = ourTools();
		expect(ourTools()).toHaveLength(1);
		expect(tool).toMatchObject({
			type: 'api',
			description: "Looks up the caller's order by its number",
			config: {
				url: PRODUCTION_URL,
				method: 'POST',
				timeout_sec: 6,
				headers: [{ name: 'X-Voice-Assistant-Secret', value: expect.stringMatching(/^[0-9a-f]{64}$/) }],
				parameters: { type: 'object', properties: { order_number: { type: 'string', description: 'The order number' } }, required: ['order_number'] },
			},
		});
		expect(setOf(sales).tool_ids).toEqual([...salesBefore, tool.id]);
		expect(setOf(reception).tool_ids).toEqual([tool.id]);
		expect(await lifecycle.run('checkExists')).toBe(true);

		// someone gives Reception another tool meanwhile: it stays
		const other = String(sb.platform2.list('A', '/tools').find((t) => t.id !== tool.id)?.id);
		const set = setOf(reception);
		sb.platform2.records.setSingleton(sb.platform2.workspaces.A, `/assistants/${reception}/tools`, { tool_ids: [...set.tool_ids, other], revision: set.revision + 1 });
		expect(await lifecycle.run('delete')).toBe(true);
		expect(setOf(sales).tool_ids).toEqual(salesBefore);
		expect(setOf(reception).tool_ids).toEqual([other]);
		expect(ourTools()).toHaveLength(0);
	});

	it('reads the tool set again when it changed between the read and the write, and drops nothing', async () => {
		const [, reception] = assistants();
		const other = String(sb.platform2.list('A', '/tools')[0].id);
		const original = BEHAVIOURS.getAssistantTools;
		let raced = false;
		let reads = 0;
		BEHAVIOURS.getAssistantTools = (call) => {
			const answer = original(call);
			// the second read is the one attach() writes after (the first checks whether the tool is there)
			if (call.path === `/assistants/${reception}/tools` && ++reads === 2) {
				// another client writes right after our read: the revision we read is now stale
				raced = true;
				const set = setOf(reception);
				sb.platform2.records.setSingleton(sb.platform2.workspaces.A, call.path, { tool_ids: [...set.tool_ids, other], revision: set.revision + 1 });
			}
			return answer;
		};
		try {
			await hooks(parameters([reception])).run('create');
		} finally {
			BEHAVIOURS.getAssistantTools = original;
		}
		expect(raced).toBe(true);
		expect(setOf(reception).tool_ids).toEqual([other, ourTools()[0].id]);
		const puts = sb.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/assistants/${reception}/tools`));
		expect(puts.map((r) => r.status)).toEqual([409, 200]);
	});

	it('fails in words with a key that may not create tools, leaving nothing behind', async () => {
		const [sales] = assistants();
		const before = setOf(sales).tool_ids;
		await expect(hooks(parameters([sales]), PLATFORM2_KEYS.assistantsRead).run('create')).rejects.toThrow(/The tool "lookup_order" was not created: .*not allowed to do "Create Tool"/);
		expect(ourTools()).toHaveLength(0);
		expect(setOf(sales).tool_ids).toEqual(before);
	});

	it("fails in words at the workspace's tool limit, leaving nothing behind", async () => {
		sb.platform2.setToolLimit(sb.platform2.list('A', '/tools').length);
		await expect(hooks(parameters([assistants()[0]])).run('create')).rejects.toThrow(/was not created: .*plan_limit_reached/);
		expect(ourTools()).toHaveLength(0);
	});

	it('registers a test tool on the test URL while listening, and removes it when listening stops', async () => {
		const [, reception] = assistants();
		const lifecycle = hooks(parameters([reception]));
		await lifecycle.run('create', 'manual');
		expect(ourTools()[0].config).toMatchObject({ url: TEST_URL });
		expect(lifecycle.staticData['toolCall:test']).toBeDefined();
		// n8n removes test webhooks outside manual mode; the URL says which registration it is
		await lifecycle.run('delete', 'trigger', TEST_URL);
		expect(ourTools()).toHaveLength(0);
		expect(setOf(reception).tool_ids).toEqual([]);
	});
});
