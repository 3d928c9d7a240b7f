/**
 * A sample MCP server the sandbox serves itself (`POST /sandbox/mcp`, loopback only like every /sandbox
 * route): a fake to point discoverTool at without starting one, in the Streamable HTTP transport's JSON
 * answer form (initialize, notifications → 202, tools/list). Its two tools are fixed; a test that needs
 * other tools, a secret or a refusal runs a real MCP server of its own (test/platform2/mcpServer.ts).
 */
import type { ApiResult } from './http';

export const SAMPLE_MCP_TOOLS = [
	{ name: 'lookup_order', description: 'Looks up an order by its number', inputSchema: { type: 'object', properties: { order_number: { type: 'string' } }, required: ['order_number'] } },
	{ name: 'book_appointment', description: 'Books an appointment slot', inputSchema: { type: 'object', properties: { when: { type: 'string' } } } },
];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function mcpSampleRoute(body: unknown): ApiResult {
	if (!isObject(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string') return { status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } } };
	// a notification (no id) is accepted without an answer
	if (body.id === undefined) return { status: 202, body: null, raw: { contentType: 'text/plain', data: '' } };
	const answer = (result: unknown): ApiResult => ({ status: 200, body: { jsonrpc: '2.0', id: body.id, result } });
	if (body.method === 'initialize') {
		return answer({ protocolVersion: '2025-03-26', capabilities: { tools: {} }, serverInfo: { name: 'voice-assistant-sandbox-mcp', version: '1.0' } });
	}
	if (body.method === 'tools/list') return answer({ tools: SAMPLE_MCP_TOOLS });
	return { status: 200, body: { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: `Method not found: ${body.method}` } } };
}
