// The node as an AI-agent tool in a real n8n (`n8n execute`), driven by n8n's own Tool Executor (the
// node n8n uses to run a tool without a language model): a tool call that buys a phone number is
// refused unless the user switched on "Allow When Called by an AI Agent", and with it on the number
// is bought once. The same Buy outside tool mode is not limited (test/security/agent-tools.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { EXAMPLE_CREDENTIAL, startStack } from '../../scripts/lib/stack.mjs';
import { FILE_TIMEOUT_MS, explain, requestsTo, toolQuery } from './helpers.mjs';

const TOOL_TYPE = 'n8n-nodes-voice-assistant.voiceAssistantTool';

/** Manual Trigger → Tool Executor, with the Buy tool connected as its ai_tool. */
function buyThroughToolExecutor(id, number, allow) {
	const tool = {
		id: `${id}-tool`,
		name: 'Buy number',
		type: TOOL_TYPE,
		typeVersion: 1,
		position: [220, 200],
		parameters: {
			resource: 'phoneNumber',
			operation: 'buy',
			phoneNumber: "={{ $fromAI('phone_number', 'The number to buy', 'string') }}",
			...(allow ? { allowForAiAgent: true } : {}),
		},
		credentials: { voiceAssistantApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } },
	};
	return {
		id,
		name: `E2E: an agent's tool call buys a number (${allow ? 'allowed' : 'not allowed'})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{ id: `${id}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: `${id}-exec`,
				name: 'Tool Executor',
				type: '@n8n/n8n-nodes-langchain.toolExecutor',
				typeVersion: 1,
				position: [220, 0],
				parameters: { query: toolQuery('Buy number', { phone_number: number }), toolName: '', node: '' },
			},
			tool,
		],
		connections: {
			Start: { main: [[{ node: 'Tool Executor', type: 'main', index: 0 }]] },
			'Buy number': { ai_tool: [[{ node: 'Tool Executor', type: 'ai_tool', index: 0 }]] },
		},
		pinData: {},
	};
}

describe('n8n execute: the node as an AI-agent tool', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;

	/** A number the platform offers for sale now. */
	const availableNumber = async () => {
		const res = await fetch(`${sandbox.baseUrl}/user/phone-numbers/search?country_code=GB&limit=5`, {
			headers: { authorization: `Bearer ${sandbox.tokens.alice}` },
		});
		const body = await res.json();
		const numbers = (Array.isArray(body) ? body : (body.data ?? [])).map((n) => n.phone_number);
		assert.ok(numbers.length > 0, `the sandbox offers numbers: ${JSON.stringify(body).slice(0, 200)}`);
		return numbers[0];
	};

	before(async () => {
		stack = await startStack({ stepMs: 20, workflows: [], log: (l) => console.log(`# ${l}`) });
		({ sandbox, n8n } = stack);
	});

	after(async () => {
		await stack?.stop();
	});

	test('without the opt-in the tool call is refused and nothing is bought', async () => {
		const number = await availableNumber();
		await n8n.importWorkflows([buyThroughToolExecutor('vaE2eAgentBuy001', number, false)]);
		sandbox.clearRequests();
		const result = await n8n.execute('vaE2eAgentBuy001');
		assert.equal(requestsTo(sandbox, 'POST', '/api/user/phone-numbers/purchase').length, 0, `nothing bought:\n${explain(result)}`);
		// the run fails in the Tool Executor with the tool's own refusal
		console.log(`# refusal: ${JSON.stringify(result.error?.message ?? result.error)}`);
		assert.equal(result.ok, false, 'the run does not succeed');
		assert.match(String(result.error?.message ?? ''), /refused.*Allow When Called by an AI Agent|Allow When Called by an AI Agent.*refused/i, `the refusal says why:\n${explain(result)}`);
	});

	test('with "Allow When Called by an AI Agent" on, the number is bought once', async () => {
		const number = await availableNumber();
		await n8n.importWorkflows([buyThroughToolExecutor('vaE2eAgentBuy002', number, true)]);
		sandbox.clearRequests();
		const result = await n8n.execute('vaE2eAgentBuy002');
		assert.ok(result.ok, explain(result));
		const purchases = requestsTo(sandbox, 'POST', '/api/user/phone-numbers/purchase');
		assert.equal(purchases.length, 1, 'bought once');
		assert.equal(purchases[0].body.phone_number, number);
	});
});
