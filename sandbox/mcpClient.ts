/**
 * The sandbox's MCP client, for discoverTool (platform2/behaviours/mcpDiscover.ts): lists the tools of
 * an MCP server over the Streamable HTTP transport, as the platform does when it discovers an `mcp`
 * tool (the MCP specification 2025-03-26, "Transports": JSON-RPC POSTed to the one endpoint, answered as
 * JSON or as a text/event-stream; `Mcp-Session-Id` kept when the server hands one out). Three requests:
 * initialize, notifications/initialized, tools/list. n8n's MCP Server Trigger speaks this transport on
 * its Production URL.
 */

export interface McpTool {
	name: string;
	description?: string;
	inputSchema?: unknown;
}

/** What discovery found: the tools, or why there are none (unreachable, refused, not MCP). */
export type McpListing = { tools: McpTool[] } | { unreachable: string } | { refused: string; status: number };

const PROTOCOL_VERSION = '2025-03-26';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON-RPC message with this id in an answer: a JSON body, or the `data:` lines of an event stream. */
function messageWithId(contentType: string, text: string, id: number): Record<string, unknown> | undefined {
	const candidates: unknown[] = [];
	if (contentType.includes('text/event-stream')) {
		for (const event of text.split(/\r?\n\r?\n/)) {
			const data = event
				.split(/\r?\n/)
				.filter((line) => line.startsWith('data:'))
				.map((line) => line.slice(5).replace(/^ /, ''))
				.join('\n');
			if (data === '') continue;
			try {
				candidates.push(JSON.parse(data));
			} catch {
				// not JSON: another kind of event
			}
		}
	} else {
		try {
			const parsed: unknown = JSON.parse(text);
			candidates.push(...(Array.isArray(parsed) ? parsed : [parsed]));
		} catch {
			return undefined;
		}
	}
	return candidates.filter(isObject).find((message) => message.id === id);
}

/** The start of what a refusing server said, quoted as platforms quote an upstream's answer (it may echo what it was sent). */
const said = (text: string): string => (text.trim() === '' ? '' : `: ${text.trim().slice(0, 200)}`);

/** Lists an MCP server's tools; never throws. `headers` are sent on every request (the tool's config). */
export async function listMcpTools(url: string, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<McpListing> {
	const deadline = AbortSignal.timeout(timeoutMs);
	const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
	let session: string | undefined;
	const post = async (message: Record<string, unknown>) => {
		const response = await fetch(url, {
			method: 'POST',
			signal: stop,
			headers: {
				...headers,
				'Content-Type': 'application/json',
				Accept: 'application/json, text/event-stream',
				'User-Agent': 'voice-assistant-sandbox/1.0',
				...(session ? { 'Mcp-Session-Id': session } : {}),
			},
			body: JSON.stringify({ jsonrpc: '2.0', ...message }),
		});
		session = response.headers.get('mcp-session-id') ?? session;
		return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
	};
	try {
		const init = await post({ id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'voice-assistant-sandbox', version: '1.0' } } });
		if (init.status >= 300) return { refused: `initialize answered HTTP ${init.status}${said(init.text)}`, status: init.status };
		if (!messageWithId(init.contentType, init.text, 1)?.result) return { refused: 'initialize was not answered as an MCP server answers', status: init.status };
		await post({ method: 'notifications/initialized' });
		const list = await post({ id: 2, method: 'tools/list', params: {} });
		if (list.status >= 300) return { refused: `tools/list answered HTTP ${list.status}${said(list.text)}`, status: list.status };
		const result = messageWithId(list.contentType, list.text, 2)?.result;
		if (!isObject(result) || !Array.isArray(result.tools)) return { refused: 'tools/list was not answered with a list of tools', status: list.status };
		return { tools: result.tools.filter((tool): tool is McpTool => isObject(tool) && typeof tool.name === 'string') };
	} catch (error) {
		return { unreachable: deadline.aborted ? `no answer within ${timeoutMs / 1000} s` : error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error) };
	}
}
