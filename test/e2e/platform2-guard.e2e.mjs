// Platform 2.0's AI-agent guard and idempotency keys in a real n8n (`n8n execute`, issue #36):
// - as an AI-agent tool (driven by n8n's own Tool Executor, as agent-tools.e2e.mjs does), deleting a
//   knowledge base and changing a team member's role are refused without "Allow When Called by an AI
//   Agent", and nothing reaches the platform; with the switch on, the knowledge base is deleted once;
// - a translation callback answered 500 by the platform (after it acted) and retried by n8n's Retry On
//   Fail carries the same Idempotency-Key both times (a UUID the node made), and the retry succeeds.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { NODE_TYPE } from '../../scripts/lib/n8n.mjs';
import { PACKAGE_NAME } from '../../scripts/lib/paths.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { explain, toolQuery } from './helpers.mjs';

const P2_TYPE = 'voiceAssistantPlatform2Api';
const FULL = { id: 'vaE2eP2GuardKey1', name: 'Famulor Platform 2.0 (guard tests)' };
const TOOL_TYPE = `${PACKAGE_NAME}.voiceAssistantTool`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const start = (id) => ({ id: `${id}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} });
const credentials = { [P2_TYPE]: { id: FULL.id, name: FULL.name } };

/** Manual Trigger → Tool Executor, with one 2.0 tool node (named `toolName`) connected as its ai_tool. */
function toolWorkflow(id, toolName, parameters, args) {
	return {
		id,
		name: `E2E 2.0 guard: ${toolName}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			start(id),
			{
				id: `${id}-exec`,
				name: 'Tool Executor',
				type: '@n8n/n8n-nodes-langchain.toolExecutor',
				typeVersion: 1,
				position: [220, 0],
				parameters: { query: toolQuery(toolName, args), toolName: '', node: '' },
			},
			{ id: `${id}-tool`, name: toolName, type: TOOL_TYPE, typeVersion: 2, position: [220, 200], parameters: { accountKind: 'platform2', ...parameters }, credentials },
		],
		connections: {
			Start: { main: [[{ node: 'Tool Executor', type: 'main', index: 0 }]] },
			[toolName]: { ai_tool: [[{ node: 'Tool Executor', type: 'ai_tool', index: 0 }]] },
		},
		pinData: {},
	};
}

const deleteKbTool = (id, allow) =>
	toolWorkflow(
		id,
		'Delete knowledge base',
		{
			resource: 'knowledgeBases',
			operation: 'deleteKnowledgeBase',
			id: { __rl: true, mode: 'id', value: "={{ $fromAI('knowledge_base_id', 'The knowledge base to delete', 'string') }}" },
			...(allow ? { allowForAiAgent: true } : {}),
		},
		{},
	);

/** Manual Trigger → Call Translation Speaker with Retry On Fail (2 tries). */
function translationWorkflow(id, sessionId) {
	return {
		id,
		name: 'E2E 2.0: a translation callback retried by Retry On Fail',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			start(id),
			{
				id: `${id}-call`,
				name: 'Call speaker',
				type: NODE_TYPE,
				typeVersion: 2,
				position: [220, 0],
				retryOnFail: true,
				maxTries: 2,
				waitBetweenTries: 100,
				parameters: { accountKind: 'platform2', resource: 'translation', operation: 'callTranslationSpeaker', id: { __rl: true, mode: 'id', value: sessionId }, side: 1, phoneNumber: '+4915123456789' },
				credentials,
			},
		],
		connections: { Start: { main: [[{ node: 'Call speaker', type: 'main', index: 0 }]] } },
		pinData: {},
	};
}

describe('n8n execute: Platform 2.0 guard and idempotency keys', { timeout: 600_000 }, () => {
	let stack;
	let sandbox;
	let n8n;
	const writes = () => sandbox.requests.filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'GET');

	before(async () => {
		stack = await startStack({
			stepMs: 20,
			workflows: [],
			log: (l) => console.log(`# ${l}`),
			extraCredentials: (sb) => [{ ...FULL, type: P2_TYPE, data: { apiKey: sb.platform2.keys.full, origin: sb.origin } }],
		});
		({ sandbox, n8n } = stack);
	});

	after(async () => {
		await stack?.stop();
	});

	test('as an agent tool, Delete Knowledge Base is refused without the switch: nothing sent, the knowledge base stays', async () => {
		const [kb] = sandbox.platform2.list('A', '/knowledge-bases');
		const workflow = deleteKbTool('vaE2eP2GuardKb01', false);
		workflow.nodes[1].parameters.query = JSON.stringify({ Delete_knowledge_base: { knowledge_base_id: kb.id } });
		await n8n.importWorkflows([workflow]);
		sandbox.clearRequests();
		const result = await n8n.execute(workflow.id);
		console.log(`# refusal: ${JSON.stringify(result.error?.message ?? result.error)}`);
		assert.equal(result.ok, false, 'the run does not succeed');
		assert.match(String(result.error?.message ?? ''), /Refused: .* it deletes or removes something on the platform.*Allow When Called by an AI Agent/, explain(result));
		assert.deepEqual(writes(), [], 'nothing was sent to the platform');
		assert.ok(sandbox.platform2.list('A', '/knowledge-bases').some((k) => k.id === kb.id), 'the knowledge base is still there');
	});

	test('with "Allow When Called by an AI Agent" on, the knowledge base is deleted once', async () => {
		const [kb] = sandbox.platform2.list('A', '/knowledge-bases');
		const workflow = deleteKbTool('vaE2eP2GuardKb02', true);
		workflow.nodes[1].parameters.query = JSON.stringify({ Delete_knowledge_base: { knowledge_base_id: kb.id } });
		await n8n.importWorkflows([workflow]);
		sandbox.clearRequests();
		const result = await n8n.execute(workflow.id);
		assert.ok(result.ok, explain(result));
		assert.deepEqual(writes().map((r) => `${r.method} ${r.path} ${r.status}`), [`DELETE /api/v1/knowledge-bases/${kb.id} 200`]);
		assert.ok(!sandbox.platform2.list('A', '/knowledge-bases').some((k) => k.id === kb.id), 'the knowledge base is gone');
	});

	test("as an agent tool, Update Team Member Role is refused without the switch: nothing sent, the member's role stays", async () => {
		const [member] = sandbox.platform2.list('A', '/team-members');
		const workflow = toolWorkflow(
			'vaE2eP2GuardRole',
			'Change role',
			{ resource: 'workspaces', operation: 'updateTeamMemberRole', id: "={{ $fromAI('member_id', 'The team member', 'string') }}", role: 'admin' },
			{ member_id: member.id },
		);
		await n8n.importWorkflows([workflow]);
		sandbox.clearRequests();
		const result = await n8n.execute(workflow.id);
		console.log(`# refusal: ${JSON.stringify(result.error?.message ?? result.error)}`);
		assert.equal(result.ok, false, 'the run does not succeed');
		assert.match(String(result.error?.message ?? ''), /Refused: .* it changes who may do what.*Allow When Called by an AI Agent/, explain(result));
		assert.deepEqual(writes(), [], 'nothing was sent to the platform');
		assert.equal(sandbox.platform2.list('A', '/team-members').find((m) => m.id === member.id)?.role, member.role);
	});

	test('a translation callback answered 500 and retried by Retry On Fail carries the same Idempotency-Key both times', async () => {
		const [session] = sandbox.platform2.list('A', '/translation-sessions');
		const workflow = translationWorkflow('vaE2eP2IdemKey01', String(session.id));
		await n8n.importWorkflows([workflow]);
		sandbox.clearRequests();
		sandbox.setFaults([{ kind: 'status', status: 500, count: 1, phase: 'after', match: { method: 'POST', path: `/api/v1/translation-sessions/${session.id}/call` } }]);
		const result = await n8n.execute(workflow.id);
		sandbox.setFaults([]);
		assert.ok(result.ok, `the retry succeeds:\n${explain(result)}`);
		const calls = sandbox.requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/translation-sessions/${session.id}/call`);
		const keys = calls.map((r) => r.headers?.['idempotency-key']);
		console.log(`# tries: ${calls.map((r, i) => `${r.status} ${keys[i]}`).join(', ')}`);
		assert.deepEqual(calls.map((r) => r.status), [500, 200], 'two tries: the 500, then the retry');
		assert.match(String(keys[0]), UUID, 'the node made a UUID');
		assert.equal(keys[1], keys[0], 'the retry carried the same key');
		const [item] = result.output('Call speaker');
		assert.equal(item.idempotency_key, keys[0], 'the output item shows the key');
	});
});
