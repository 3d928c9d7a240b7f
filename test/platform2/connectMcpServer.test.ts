/**
 * Tools → Connect MCP Server (actions/platform2/tools/) through n8n's engine against the sandbox, whose
 * discoverTool asks a real MCP server (the MCP SDK's, over Streamable HTTP: ./mcpServer.ts) reached at
 * the public-looking host the node is given (Platform2.setMcpHost). What the sandbox received and kept
 * is checked: the discovery, the one tool, each assistant's tool set by revision, and nothing at all
 * when a check or the discovery fails.
 */
import { resetToolSends } from '../../nodes/VoiceAssistant/engine/agent/toolCalls';
import { PLATFORM2_WORKSPACES } from '../../sandbox';
import { runAsAgentTool } from '../security/agent-harness';
import { CREDENTIAL_TYPE, usePlatform2Node } from './helpers';
import { startMcpServer, type McpTestServer } from './mcpServer';

const p2 = usePlatform2Node();
const WS = PLATFORM2_WORKSPACES.A.id;
const HOST = 'n8n.example.com';
const URL = `https://${HOST}/mcp/0f8fad5b-d9cb-469f-a165-70867728950e`;
const SECRET = 'mcp-secret-7f3a9c1e5b';
const TOOLS = [
	{ name: 'lookup_order', description: 'Looks up an order by its number' },
	{ name: 'book_slot', description: 'Books an appointment slot' },
];

let mcp: McpTestServer;
beforeAll(async () => {
	mcp = await startMcpServer({ tools: TOOLS, secret: SECRET });
});
afterAll(async () => await mcp.close());
beforeEach(() => {
	p2.sb.platform2.setMcpHost(HOST, mcp.origin);
	mcp.tools = TOOLS;
	mcp.received.length = 0;
	resetToolSends();
});

const assistants = () => p2.sb.platform2.list('A', '/assistants').map((a) => String(a.id));
const toolSet = (id: string) => p2.sb.platform2.records.singleton(WS, `/assistants/${id}/tools`) as { tool_ids: string[]; revision: number } | undefined;
const mcpTools = () => p2.sb.platform2.list('A', '/tools').filter((tool) => tool.type === 'mcp');
const writes = () => p2.requests().filter((r) => r.method !== 'GET');
const parameters = (fields: Record<string, unknown> = {}) => ({
	resource: 'tools',
	operation: 'connectMcpServer',
	mcpServerUrl: URL,
	mcpAuthentication: 'bearerAuth',
	mcpHeaderName: '',
	mcpSecret: SECRET,
	mcpToolName: 'order_tools',
	mcpToolDescription: 'Orders and appointments',
	mcpAssistantIds: assistants().slice(0, 2),
	...fields,
});
const connect = async (fields: Record<string, unknown> = {}, options: Parameters<typeof p2.run>[1] = {}) => await p2.run(parameters(fields), options);

describe('Connect MCP Server', () => {
	it('discovers the functions, creates one mcp tool with the secret as Bearer header, gives it to each assistant by revision', async () => {
		const [first, second] = assistants();
		const before = toolSet(first);
		const run = await connect();
		expect(run.error).toBeUndefined();
		expect(mcp.received).toContain(`Bearer ${SECRET}`);
		const [tool] = mcpTools();
		expect(mcpTools()).toHaveLength(1);
		expect(tool).toMatchObject({ name: 'order_tools', description: 'Orders and appointments', config: { url: URL, headers: [{ name: 'Authorization', value: `Bearer ${SECRET}` }] } });
		expect(run.items).toHaveLength(1);
		expect(run.items[0].pairedItem).toEqual({ item: 0 });
		expect(run.items[0].json).toEqual({
			tool_id: tool.id,
			tool_name: 'order_tools',
			tool_created: true,
			mcp_server_url: URL,
			function_count: 2,
			functions: TOOLS,
			assistants_added: [first, second],
			assistants_already_had: [],
		});
		// the other tools stay, the revision moved on by one
		expect(toolSet(first)).toEqual({ tool_ids: [...(before?.tool_ids ?? []), tool.id], revision: (before?.revision ?? 1) + 1 });
		const puts = writes().filter((r) => r.method === 'PUT');
		expect(puts.map((r) => (r.body as { expected_revision: number }).expected_revision)).toEqual([before?.revision ?? 1, toolSet(second)!.revision - 1]);
		expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/tools/discover', 'POST /api/v1/tools', `PUT /api/v1/assistants/${first}/tools`, `PUT /api/v1/assistants/${second}/tools`]);
	});

	it('run twice: nothing is created twice, the assistants that have it are skipped, one new one is added', async () => {
		const [first, second, third] = assistants();
		await connect();
		p2.sb.clearRequests();
		const again = await connect({ mcpAssistantIds: [first, second, third] });
		expect(again.error).toBeUndefined();
		expect(mcpTools()).toHaveLength(1);
		expect(again.items[0].json).toMatchObject({ tool_created: false, assistants_added: [third], assistants_already_had: [first, second] });
		expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/tools/discover', `PUT /api/v1/assistants/${third}/tools`]);
	});

	it('Header Auth sends the secret in the header named; a batch gives each item its own output', async () => {
		const keyed = await startMcpServer({ tools: TOOLS, secret: SECRET, header: 'X-MCP-Key' });
		try {
			p2.sb.platform2.setMcpHost('tools.example.org', keyed.origin);
			const items = [{ url: URL }, { url: 'https://tools.example.org/mcp/other' }];
			const run = await connect({ mcpServerUrl: '={{ $json.url }}', mcpAuthentication: '={{ $json.url.includes("other") ? "headerAuth" : "bearerAuth" }}', mcpHeaderName: 'X-MCP-Key' }, { items });
			expect(run.error).toBeUndefined();
			expect(keyed.received).toContain(SECRET);
			expect(run.items.map((item) => [item.pairedItem, item.json.mcp_server_url, item.json.tool_created])).toEqual([
				[{ item: 0 }, URL, true],
				[{ item: 1 }, 'https://tools.example.org/mcp/other', true],
			]);
			expect(mcpTools().map((tool) => (tool.config as { headers: Array<{ name: string }> }).headers[0].name).sort()).toEqual(['Authorization', 'X-MCP-Key']);
		} finally {
			await keyed.close();
		}
	});

	it('a server without functions: a clear error, nothing created, no assistant changed', async () => {
		mcp.tools = [];
		const before = assistants().map(toolSet);
		const run = await connect();
		expect(run.error?.message).toBe('MCP Server URL: the MCP server offers no functions [item 0]');
		expect(mcpTools()).toHaveLength(0);
		expect(assistants().map(toolSet)).toEqual(before);
		expect(writes().map((r) => r.path)).toEqual(['/api/v1/tools/discover']);
	});

	it('an unreachable server or a wrong secret: the platform\'s words, nothing created, the secret nowhere', async () => {
		p2.sb.platform2.setMcpHost(HOST, 'http://127.0.0.1:9'); // the discard port: nobody listens
		const unreachable = await connect({}, { continueOnFail: true });
		expect(unreachable.items[0].json.error).toMatch(/^MCP Server URL: the platform could not list the MCP server's functions \[item 0\]: .*could not be reached/);
		p2.sb.platform2.setMcpHost(HOST, mcp.origin);
		const wrong = await connect({ mcpSecret: 'not-the-secret-42' });
		expect(wrong.error?.message).toMatch(/could not list the MCP server's functions \[item 0\]/);
		// the server quoted the header it got, the sandbox quoted the server: the node masks it
		expect(JSON.stringify(wrong.error)).toMatch(/HTTP 401: .*Unauthorized: Bearer \*\*\* is not valid/);
		expect(JSON.stringify(wrong.error)).not.toContain('not-the-secret-42');
		expect(wrong.error?.message).not.toContain('not-the-secret-42');
		expect(mcpTools()).toHaveLength(0);
		expect(writes().filter((r) => r.path !== '/api/v1/tools/discover')).toHaveLength(0);
	});

	it.each([
		['http://localhost:5678/mcp/x', /MCP Server URL points at loopback address localhost/],
		['https://127.0.0.1/mcp/x', /MCP Server URL points at loopback address 127\.0\.0\.1/],
		['https://[::ffff:10.0.0.5]/mcp/x', /MCP Server URL points at private address/],
		['https://192.168.1.20/mcp/x', /MCP Server URL points at private address 192\.168\.1\.20/],
		['http://n8n:5678/mcp/x', /MCP Server URL names n8n, a host of a private network/],
		['https://n8n.internal/mcp/x', /names n8n\.internal/],
		['ftp://n8n.example.com/mcp', /MCP Server URL must start with https:\/\/ \(got ftp\)/],
		['n8n.example.com/mcp', /MCP Server URL is not a URL/],
		['https://user:pw@n8n.example.com/mcp', /must not carry a user name or password/],
		['http://n8n.example.com/mcp/x', /MCP Server URL must start with https:\/\/ while a Secret is sent/],
	])('%s is refused before anything is sent', async (url, problem) => {
		p2.sb.clearRequests();
		const run = await connect({ mcpServerUrl: url });
		expect(run.error?.message).toMatch(problem);
		expect(run.error?.message).toMatch(/\[item 0\]$/);
		expect(p2.requests()).toHaveLength(0);
	});

	it('plain http:// without a secret is the user\'s choice: the platform is asked to list the functions', async () => {
		p2.sb.clearRequests();
		await connect({ mcpServerUrl: `http://${HOST}/mcp/x`, mcpAuthentication: 'none' });
		expect(p2.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/tools/discover')).toHaveLength(1);
	});

	it('every field is checked for the whole batch before anything is sent, naming the field and the item', async () => {
		const cases: Array<[Record<string, unknown>, RegExp]> = [
			[{ mcpSecret: '' }, /: Secret is required: .* \[item 1\]$/],
			[{ mcpAuthentication: 'headerAuth', mcpHeaderName: 'X MCP' }, /: Header Name must be a header name such as X-MCP-Key \(got "X MCP"\) \[item 1\]$/],
			[{ mcpToolName: 'Order Tools' }, /: Name must be lowercase letters and underscores.* \[item 1\]$/],
			[{ mcpAssistantIds: [] }, /: Assistants is required: choose at least one assistant \[item 1\]$/],
			[{ mcpAssistantIds: ['12'] }, /: Assistants holds "12", which is not an assistant ID \(a UUID\) \[item 1\]$/],
		];
		for (const [fields, problem] of cases) {
			p2.sb.clearRequests();
			// the first item is fine, the second not: neither is sent
			const second = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, `={{ $itemIndex === 1 ? ${JSON.stringify(value)} : ${JSON.stringify(parameters()[key as keyof ReturnType<typeof parameters>])} }}`]));
			const run = await connect(second, { items: [{}, {}] });
			expect(run.error?.message).toMatch(/^1 item is invalid, so none of the 2 items was sent/);
			expect(run.error?.message).toMatch(problem);
			expect(p2.requests()).toHaveLength(0);
		}
	});

	it('a revision conflict (someone changed the tool set meanwhile) is read again and written again; their tool stays', async () => {
		const [first] = assistants();
		const [other] = p2.sb.platform2.list('A', '/tools');
		p2.sb.platform2.beforeNext('setAssistantTools', 1, () => {
			const set = toolSet(first) ?? { tool_ids: [], revision: 1 };
			p2.sb.platform2.records.setSingleton(WS, `/assistants/${first}/tools`, { tool_ids: [...set.tool_ids, String(other.id)], revision: set.revision + 1 });
		});
		const run = await connect({ mcpAssistantIds: [first] });
		expect(run.error).toBeUndefined();
		const toolId = String(mcpTools()[0].id);
		expect(toolSet(first)?.tool_ids).toEqual(expect.arrayContaining([String(other.id), toolId]));
		const puts = writes().filter((r) => r.method === 'PUT').map((r) => (r.body as { expected_revision: number }).expected_revision);
		expect(puts).toHaveLength(2);
		expect(puts[1]).toBe(puts[0] + 1);
	});

	it('conflicts that never end stop after five writes, each with the revision just read, and say what was done', async () => {
		const [first] = assistants();
		p2.sb.platform2.beforeNext('setAssistantTools', 99, () => {
			const set = toolSet(first) ?? { tool_ids: [], revision: 1 };
			p2.sb.platform2.records.setSingleton(WS, `/assistants/${first}/tools`, { ...set, revision: set.revision + 1 });
		});
		const run = await connect({ mcpAssistantIds: [first] });
		expect(run.error?.message).toMatch(new RegExp(`^Assistants: assistant ${first} did not get the tool .* \\[item 0\\]: .*revision`));
		expect(writes().filter((r) => r.method === 'PUT')).toHaveLength(5);
		expect(mcpTools()).toHaveLength(1);
	});

	it('a chosen assistant that is not there stops it before the tool is created', async () => {
		const run = await connect({ mcpAssistantIds: [assistants()[0], '0f8fad5b-d9cb-469f-a165-70867728950f'] });
		expect(run.error?.message).toBe('Assistants: assistant 0f8fad5b-d9cb-469f-a165-70867728950f was not found [item 0]');
		expect(mcpTools()).toHaveLength(0);
		expect(writes().map((r) => r.path)).toEqual(['/api/v1/tools/discover']);
	});

	it('the secret is in no output item, nor in an error item under Continue On Fail when the server quotes it', async () => {
		const ok = await connect();
		expect(JSON.stringify(ok.items)).not.toContain(SECRET);
		const failed = await connect({ mcpSecret: 'quoted-secret-99' }, { continueOnFail: true });
		expect(failed.items[0].json.error).toMatch(/could not list the MCP server's functions/);
		expect(JSON.stringify(failed.items)).not.toContain('quoted-secret-99');
	});
});

describe('as an AI agent\'s tool', () => {
	const asTool = async (extra: Record<string, unknown> = {}) =>
		await runAsAgentTool({ parameters: { accountKind: 'platform2', ...parameters(), ...extra }, credentials: p2.credentials(), credentialType: CREDENTIAL_TYPE, plan: [[{}]] });

	it('is refused without "Allow When Called by an AI Agent": nothing sent, the agent reads why', async () => {
		const run = await asTool();
		expect(run.rounds.flat()[0].error).toBe(
			'Refused: "Connect an MCP server to assistants" was asked for by an AI agent, and it creates credentials (API keys, tokens, secrets). Only a person can allow it, with "Allow When Called by an AI Agent" on this tool.',
		);
		expect(p2.requests()).toHaveLength(0);
		expect(mcpTools()).toHaveLength(0);
	});

	it('with the switch on, it connects', async () => {
		const run = await asTool({ allowForAiAgent: true });
		expect(run.rounds.flat()[0].error).toBeUndefined();
		expect(mcpTools()).toHaveLength(1);
		expect(JSON.stringify(run.rounds)).not.toContain(SECRET);
	});
});
