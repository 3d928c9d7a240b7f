// The package's tool nodes behind n8n's own MCP Server Trigger (@n8n/n8n-nodes-langchain.mcpTrigger),
// called by the official MCP client (@modelcontextprotocol/sdk) as Claude Desktop or any other MCP
// host calls it (issue #49 items 1 and 3). One `n8n start`, one workflow of eight tool nodes: for each
// account kind (classic: Alice's token; Platform 2.0: workspace A's key) a read, Create Call, and a
// guarded operation twice, with "Allow When Called by an AI Agent" off and on. Asserted: what tools/list
// tells a model (name, description, an input schema naming and describing every value it must fill);
// the read answers what the sandbox holds; the guarded operation without the opt-in is refused in words
// and nothing reaches the platform; with it, it is sent once; the token and the key are in no answer.
// Then examples/mcp-server-tools.json on the same n8n: it activates and its read answers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { N8N_MAJOR, N8N_VERSION } from '../../scripts/lib/paths.mjs';
import { readWorkflows, startStack } from '../../scripts/lib/stack.mjs';
import { FILE_TIMEOUT_MS, ROOT, requestsTo } from './helpers.mjs';
import { MCP_PATH, mcpToolsWorkflow, P2_CREDENTIAL, TOOLS, WORKFLOW_ID } from './mcpWorkflow.mjs';

const EXAMPLE_FILE = `${ROOT}/examples/mcp-server-tools.json`;

/**
 * Connects the MCP client: streamable HTTP (the transport MCP recommends) at /mcp/<path> first; then
 * SSE, the older one, at /mcp/<path> (the trigger's version 2) or /mcp/<path>/sse (version 1).
 * Returns the client and the transport that answered.
 */
async function connect(origin, path, { only } = {}) {
	const url = `${origin}/mcp/${path}`;
	const attempts = [
		['streamable HTTP', () => new StreamableHTTPClientTransport(new URL(url))],
		['SSE', () => new SSEClientTransport(new URL(url))],
		['SSE (/sse)', () => new SSEClientTransport(new URL(`${url}/sse`))],
	].filter(([name]) => !only || name.startsWith(only));
	const failures = [];
	for (const [name, transport] of attempts) {
		const client = new Client({ name: 'voice-assistant-e2e', version: '1.0.0' });
		try {
			await client.connect(transport());
			return { client, transport: name };
		} catch (error) {
			failures.push(`${name}: ${error.message}`);
			await client.close().catch(() => {});
		}
	}
	throw new Error(`the MCP client could not connect to ${origin}/mcp/${path}:\n${failures.join('\n')}`);
}

/** One tools/call: its text, whether the server marked it an error; a protocol error counts as one too. */
async function callTool(client, name, args) {
	try {
		const result = await client.callTool({ name, arguments: args });
		const text = (result.content ?? []).map((part) => part.text ?? JSON.stringify(part)).join('\n');
		return { isError: result.isError === true, text, raw: result };
	} catch (error) {
		return { isError: true, text: String(error.message), raw: { protocolError: error.message, code: error.code } };
	}
}

/** The JSON a tool answered (n8n sends the tool's items as one text part). */
function json(answer) {
	try {
		return JSON.parse(answer.text);
	} catch {
		assert.fail(`the tool answered no JSON: ${answer.text.slice(0, 500)}`);
	}
}

describe('MCP Server Trigger: the tool nodes for an MCP client', { timeout: FILE_TIMEOUT_MS }, () => {
	let stack;
	let sandbox;
	let n8n;
	let client;
	let tools;
	/** Every tools/list and tools/call answer, for the check that no secret is in any. */
	const answers = [];
	/** tools/call requests made to the test's workflow */
	let callsMade = 0;
	let callsSucceeded = 0;
	const call = async (name, args) => {
		callsMade += 1;
		const answer = await callTool(client, name, args);
		if (!answer.isError) callsSucceeded += 1;
		answers.push(JSON.stringify(answer.raw));
		console.log(`# ${name}(${JSON.stringify(args)}) → ${answer.isError ? 'error' : 'ok'}: ${answer.text.slice(0, 300)}`);
		return answer;
	};
	const writes = () => sandbox.requests.filter((r) => r.method !== 'GET');

	before(async () => {
		const workflow = mcpToolsWorkflow();
		const [example] = readWorkflows([EXAMPLE_FILE]).map(({ file, ...wf }) => wf);
		stack = await startStack({
			stepMs: 20,
			server: true,
			workflows: [workflow, example],
			extraCredentials: (sb) => [{ ...P2_CREDENTIAL, type: 'voiceAssistantPlatform2Api', data: { apiKey: sb.platform2.keys.full, origin: sb.origin } }],
			log: (l) => console.log(`# ${l}`),
		});
		({ sandbox, n8n } = stack);
		await n8n.rest.activateWorkflow(workflow.id);
		const connected = await connect(n8n.server.origin, MCP_PATH);
		client = connected.client;
		console.log(`# n8n ${N8N_VERSION}: the MCP client is connected over ${connected.transport}`);
		({ tools } = await client.listTools());
		answers.push(JSON.stringify(tools));
	});

	after(async () => {
		await client?.close().catch(() => {});
		await stack?.stop();
	});

	test('tools/list: every tool by its name, with a description and the values a model must fill', () => {
		console.log(`# tools/list: ${JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, properties: t.inputSchema?.properties })))}`);
		assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS.map((t) => t.tool).sort());
		for (const expected of TOOLS) {
			const tool = tools.find((t) => t.name === expected.tool);
			assert.ok(tool.description?.trim(), `${tool.name} has a description`);
			assert.match(tool.description, expected.description, `${tool.name}: what the model reads says what it does`);
			const properties = tool.inputSchema?.properties ?? {};
			assert.deepEqual(Object.keys(properties).sort(), Object.keys(expected.args).sort(), `${tool.name}: the schema asks for exactly its values`);
			assert.deepEqual([...(tool.inputSchema.required ?? [])].sort(), Object.keys(expected.args).sort(), `${tool.name}: each of them required`);
			for (const [key, property] of Object.entries(properties)) {
				assert.ok(property.description?.trim(), `${tool.name}.${key} says what it is`);
				assert.equal(property.type, expected.args[key], `${tool.name}.${key} type`);
			}
		}
	});

	// docs/ai-agents.md tells people the same URL answers the older SSE transport too.
	test('the same tools over SSE', async () => {
		const { client: sse, transport } = await connect(n8n.server.origin, MCP_PATH, { only: 'SSE' });
		try {
			const listed = (await sse.listTools()).tools;
			answers.push(JSON.stringify(listed));
			console.log(`# SSE: connected over ${transport}`);
			assert.deepEqual(listed.map((t) => t.name).sort(), tools.map((t) => t.name).sort());
		} finally {
			await sse.close().catch(() => {});
		}
	});

	test('classic List calls answers the newest calls as the platform has them', async () => {
		const answer = await call('List_calls', { limit: 3 });
		assert.equal(answer.isError, false, answer.text);
		const res = await fetch(`${sandbox.baseUrl}/user/calls?per_page=3&page=1`, { headers: { authorization: `Bearer ${sandbox.tokens.alice}` } });
		const platform = (await res.json()).data;
		const listed = [json(answer)].flat();
		assert.equal(listed.length, 3);
		// Simplify (on by default) keeps these fields as the platform answered them.
		const row = (c) => [c.id, c.status, c.client_phone_number, c.created_at];
		assert.ok(platform.every((c) => row(c).every((v) => v !== undefined)), 'the platform answered the fields compared');
		assert.deepEqual(listed.map(row), platform.map(row));
	});

	test('Platform 2.0 List knowledge bases answers what the workspace holds', async () => {
		const answer = await call('List_knowledge_bases', { limit: 2 });
		assert.equal(answer.isError, false, answer.text);
		const held = sandbox.platform2.list('A', '/knowledge-bases');
		const listed = [json(answer)].flat();
		assert.equal(listed.length, Math.min(2, held.length));
		for (const kb of listed) assert.equal(held.find((h) => h.id === kb.id)?.name, kb.name, `knowledge base ${kb.id} as stored`);
	});

	test('Create Call, classic and 2.0: one call placed each', async () => {
		sandbox.clearRequests();
		const classic = await call('Make_call', { assistant_id: 1, phone_number: '+4915123450001' });
		assert.equal(classic.isError, false, classic.text);
		assert.deepEqual(requestsTo(sandbox, 'POST', '/api/user/make_call').map((r) => r.body.phone_number), ['+4915123450001']);
		const [assistant] = sandbox.platform2.list('A', '/assistants');
		const p2 = await call('Create_call', { assistant_id: String(assistant.id), to_number: '+4915123450002' });
		assert.equal(p2.isError, false, p2.text);
		assert.deepEqual(requestsTo(sandbox, 'POST', '/api/v1/calls').map((r) => r.body.to_number), ['+4915123450002']);
		assert.deepEqual(writes().map((r) => `${r.method} ${r.path}`), ['POST /api/user/make_call', 'POST /api/v1/calls']);
	});

	test('classic Buy number: refused in words without the opt-in, nothing sent; with it, bought once', async () => {
		const search = await fetch(`${sandbox.baseUrl}/user/phone-numbers/search?country_code=GB&limit=5`, { headers: { authorization: `Bearer ${sandbox.tokens.alice}` } });
		const offered = await search.json();
		const number = (Array.isArray(offered) ? offered : (offered.data ?? []))[0]?.phone_number;
		assert.ok(number, `the sandbox offers a number: ${JSON.stringify(offered).slice(0, 200)}`);

		sandbox.clearRequests();
		const refused = await call('Buy_number', { phone_number: number });
		assert.equal(refused.isError, true, `refused: ${refused.text}`);
		assert.equal(refused.raw.protocolError, undefined, 'the refusal is a tool result the model reads, not a protocol error');
		assert.match(refused.text, /Refused: .*costs money.*Allow When Called by an AI Agent/);
		assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path}`), [], 'nothing reached the platform');

		const bought = await call('Buy_number_allowed', { phone_number: number });
		assert.equal(bought.isError, false, bought.text);
		assert.deepEqual(requestsTo(sandbox, 'POST', '/api/user/phone-numbers/purchase').map((r) => r.body.phone_number), [number], 'bought once');
	});

	test('2.0 Delete knowledge base: refused in words without the opt-in, the knowledge base stays; with it, deleted once', async () => {
		const [kb] = sandbox.platform2.list('A', '/knowledge-bases');
		sandbox.clearRequests();
		const refused = await call('Delete_knowledge_base', { knowledge_base_id: kb.id });
		assert.equal(refused.isError, true, `refused: ${refused.text}`);
		assert.equal(refused.raw.protocolError, undefined, 'the refusal is a tool result the model reads, not a protocol error');
		assert.match(refused.text, /Refused: .*deletes or removes something on the platform.*Allow When Called by an AI Agent/);
		assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path}`), [], 'nothing reached the platform');
		assert.ok(sandbox.platform2.list('A', '/knowledge-bases').some((k) => k.id === kb.id), 'the knowledge base is still there');

		const deleted = await call('Delete_knowledge_base_allowed', { knowledge_base_id: kb.id });
		assert.equal(deleted.isError, false, deleted.text);
		assert.deepEqual(writes().map((r) => `${r.method} ${r.path} ${r.status}`), [`DELETE /api/v1/knowledge-bases/${kb.id} 200`]);
		assert.ok(!sandbox.platform2.list('A', '/knowledge-bases').some((k) => k.id === kb.id), 'the knowledge base is gone');
	});

	// Why docs/ai-agents.md says Max Tool Calls per Execution counts per MCP tool call: n8n runs each
	// tools/call as an execution of its own. n8n 1.x keeps none for a call whose tool threw (the refusals).
	test('each tools/call of the client is one execution of the workflow', async () => {
		const expected = N8N_MAJOR >= 2 ? callsMade : callsSucceeded;
		const executions = await n8n.rest.waitForExecutions(WORKFLOW_ID, { count: expected });
		console.log(`# ${callsMade} tool calls (${callsSucceeded} answered without error), ${executions.length} executions: ${executions.map((e) => e.status).join(', ')}`);
		assert.equal(executions.length, expected);
		assert.ok(executions.every((e) => e.status === 'success'), 'a refusal is the tool\'s answer, not a failed run');
	});

	test('examples/mcp-server-tools.json: activates, lists its tools, and its read answers', async () => {
		const [example] = readWorkflows([EXAMPLE_FILE]);
		const trigger = example.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
		await n8n.rest.activateWorkflow(example.id);
		const { client: exampleClient } = await connect(n8n.server.origin, trigger.parameters.path);
		try {
			const listed = (await exampleClient.listTools()).tools;
			answers.push(JSON.stringify(listed));
			const toolNodes = example.nodes.filter((n) => example.connections[n.name]?.ai_tool);
			assert.equal(listed.length, toolNodes.length, `one tool per tool node: ${listed.map((t) => t.name).join(', ')}`);
			for (const tool of listed) assert.ok(tool.description?.trim(), `${tool.name} has a description`);
			const answer = await callTool(exampleClient, 'List_calls', { limit: 2 });
			answers.push(JSON.stringify(answer.raw));
			assert.equal(answer.isError, false, answer.text);
			const held = sandbox.platform2.list('A', '/calls');
			for (const c of [json(answer)].flat()) assert.ok(held.some((h) => h.id === c.id), `call ${c.id} is the workspace's`);
		} finally {
			await exampleClient.close().catch(() => {});
		}
	});

	test("neither the classic token nor the 2.0 key is in tools/list or any tool's answer", () => {
		assert.ok(answers.length >= 10, `every answer was kept (${answers.length})`);
		for (const secret of [sandbox.tokens.alice, sandbox.platform2.keys.full]) {
			assert.ok(secret.length >= 16, 'a real secret is searched for');
			const leaks = answers.filter((a) => a.includes(secret));
			assert.deepEqual(leaks, [], 'the secret appears in no answer');
		}
	});

});
