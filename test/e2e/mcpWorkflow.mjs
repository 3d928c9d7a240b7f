// The workflow mcp-server.e2e.mjs activates: n8n's MCP Server Trigger with eight tool nodes of this
// package connected to it (ai_tool), four on the classic credential and four on a Platform 2.0 one.
// Every value a model must give is a $fromAI() with a description: that is what n8n turns into the
// tool's input schema, so the test can check the schema tells a model what each value is.
import { EXAMPLE_CREDENTIAL } from '../../scripts/lib/stack.mjs';

const TOOL_TYPE = 'n8n-nodes-voice-assistant.voiceAssistantTool';
export const WORKFLOW_ID = 'vaE2eMcpServer01';
/** The trigger's path: the server answers at /mcp/<path>. */
export const MCP_PATH = 'va-e2e-mcp-tools';

/** The 2.0 credential; the id the demo and examples/mcp-server-tools.json use, so the example runs as it is. */
export const P2_CREDENTIAL = { id: 'vaSandboxP2A0001', name: 'Famulor Platform 2.0 (sandbox)' };

const fromAI = (key, description, type) => `={{ $fromAI('${key}', '${description}', '${type}') }}`;
const byId = (value) => ({ __rl: true, mode: 'id', value });

const CLASSIC = { voiceAssistantApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };
const PLATFORM2 = { voiceAssistantPlatform2Api: P2_CREDENTIAL };

const classicBuy = (allow) => ({
	resource: 'phoneNumber',
	operation: 'buy',
	phoneNumber: fromAI('phone_number', 'The phone number to buy, in international format', 'string'),
	...(allow ? { allowForAiAgent: true } : {}),
});
const p2DeleteKb = (allow) => ({
	accountKind: 'platform2',
	resource: 'knowledgeBases',
	operation: 'deleteKnowledgeBase',
	id: byId(fromAI('knowledge_base_id', 'The ID (UUID) of the knowledge base to delete', 'string')),
	...(allow ? { allowForAiAgent: true } : {}),
});

/**
 * The tool nodes: `node` is the node's name, `tool` the name n8n gives the tool (spaces as _), `args`
 * each value's JSON-schema type, `description` what the description must say.
 */
export const TOOLS = [
	{
		node: 'List calls',
		credentials: CLASSIC,
		parameters: { resource: 'call', operation: 'getMany', limit: fromAI('limit', 'How many of the newest calls to return (1 to 100)', 'number') },
		args: { limit: 'number' },
		description: /call/i,
	},
	{
		node: 'Make call',
		credentials: CLASSIC,
		parameters: {
			resource: 'call',
			operation: 'make',
			assistantId: byId(fromAI('assistant_id', 'The ID of the outbound assistant that places the call', 'number')),
			phoneNumber: fromAI('phone_number', 'The number to call, in international format (+49...)', 'string'),
		},
		args: { assistant_id: 'number', phone_number: 'string' },
		description: /call/i,
	},
	{ node: 'Buy number', credentials: CLASSIC, parameters: classicBuy(false), args: { phone_number: 'string' }, description: /runs only where a person allowed it on this tool \("Allow When Called by an AI Agent"\)/ },
	{ node: 'Buy number allowed', credentials: CLASSIC, parameters: classicBuy(true), args: { phone_number: 'string' }, description: /^Buy a phone number.*runs only where a person allowed it/ },
	{
		node: 'List knowledge bases',
		credentials: PLATFORM2,
		parameters: { accountKind: 'platform2', resource: 'knowledgeBases', operation: 'listKnowledgeBases', limit: fromAI('limit', 'How many knowledge bases to return (1 to 200)', 'number') },
		args: { limit: 'number' },
		description: /knowledge base/i,
	},
	{
		node: 'Create call',
		credentials: PLATFORM2,
		parameters: {
			accountKind: 'platform2',
			resource: 'calls',
			operation: 'createCall',
			assistantId: byId(fromAI('assistant_id', 'The ID (UUID) of the assistant that places the call', 'string')),
			toNumber: fromAI('to_number', 'The number to call, in international format (+49...)', 'string'),
			variablesInput: 'none',
		},
		args: { assistant_id: 'string', to_number: 'string' },
		description: /call/i,
	},
	{ node: 'Delete knowledge base', credentials: PLATFORM2, parameters: p2DeleteKb(false), args: { knowledge_base_id: 'string' }, description: /runs only where a person allowed it on this tool \("Allow When Called by an AI Agent"\)/ },
	{ node: 'Delete knowledge base allowed', credentials: PLATFORM2, parameters: p2DeleteKb(true), args: { knowledge_base_id: 'string' }, description: /^Delete a knowledge base.*runs only where a person allowed it/ },
].map((tool) => ({ ...tool, tool: tool.node.replace(/ /g, '_') }));

/** MCP Server Trigger (no authentication: the test's n8n listens on 127.0.0.1 only) + the tool nodes. */
export function mcpToolsWorkflow() {
	return {
		id: WORKFLOW_ID,
		name: 'E2E: the tool nodes behind an MCP Server Trigger',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'e2e0b000-0000-4000-8000-000000000000',
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'e2e0b000-0000-4000-8000-0000000000ff',
				parameters: { path: MCP_PATH },
			},
			...TOOLS.map((tool, i) => ({
				id: `e2e0b000-0000-4000-8000-00000000000${i + 1}`,
				name: tool.node,
				type: TOOL_TYPE,
				typeVersion: 2,
				position: [i * 160, 220],
				parameters: tool.parameters,
				credentials: tool.credentials,
			})),
		],
		connections: Object.fromEntries(TOOLS.map((tool) => [tool.node, { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] }])),
		pinData: {},
	};
}
