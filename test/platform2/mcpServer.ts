/**
 * An MCP server for the Connect MCP Server tests, made with the MCP SDK's own server and Streamable HTTP
 * transport (as n8n's MCP Server Trigger is), so the sandbox's discoverTool talks to a real MCP
 * implementation. Its tools, the secret it checks (Bearer or a named header) and whether it answers at
 * all are the test's choice; every Authorization / header value it received is kept.
 */
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface McpTestServer {
	/** http://127.0.0.1:<port> */
	origin: string;
	/** the credential header values received, in order */
	received: string[];
	/** the tools it lists from now on */
	tools: Array<{ name: string; description: string }>;
	close(): Promise<void>;
}

export interface McpTestOptions {
	tools?: Array<{ name: string; description: string }>;
	/** the credential checked: Bearer <secret> in Authorization, or the secret in `header` */
	secret?: string;
	header?: string;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	return text === '' ? undefined : JSON.parse(text);
}

export async function startMcpServer(options: McpTestOptions = {}): Promise<McpTestServer> {
	const received: string[] = [];
	const state = { tools: options.tools ?? [] };
	const http: HttpServer = createServer((req, res) => {
		void (async () => {
			const header = (options.header ?? 'authorization').toLowerCase();
			const given = req.headers[header];
			if (typeof given === 'string') received.push(given);
			const expected = options.header ? options.secret : `Bearer ${options.secret}`;
			if (options.secret !== undefined && given !== expected) {
				// quoting what it was sent, as some servers do: the node must not pass it on
				res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `Unauthorized: ${String(given)} is not valid` }));
				return;
			}
			// stateless: a server and transport per request, as the SDK's stateless example does
			const server = new Server({ name: 'test-workflow', version: '1.0.0' }, { capabilities: { tools: {} } });
			server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: state.tools.map((tool) => ({ ...tool, inputSchema: { type: 'object' as const, properties: {} } })) }));
			const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
			res.on('close', () => {
				void transport.close();
				void server.close();
			});
			await server.connect(transport);
			await transport.handleRequest(req, res, await bodyOf(req));
		})().catch(() => res.writeHead(500).end());
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const { port } = http.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		received,
		get tools() {
			return state.tools;
		},
		set tools(tools) {
			state.tools = tools;
		},
		close: async () => await new Promise<void>((resolve) => http.close(() => resolve())),
	};
}
