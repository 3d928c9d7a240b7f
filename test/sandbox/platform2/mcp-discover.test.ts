/**
 * Sandbox contract (Platform 2.0): `mcp` tools and discoverTool as docs/sandbox.md reads them. Discovery
 * asks the MCP server given (the sandbox's own sample, a real SDK server, or nobody), through a mapped
 * host where a test maps one; createTool type mcp checks its config as an api tool's.
 */
import { SAMPLE_MCP_TOOLS } from '../../../sandbox/mcpSample';
import { startMcpServer } from '../../platform2/mcpServer';
import { clientFor } from '../helpers';
import { useP2 } from './helpers';

const c = useP2();
const api = () => c.as('full');
const sample = () => `${c.sb.origin}/sandbox/mcp`;
const MASK = '•••';

describe('discoverTool', () => {
	it("lists the sample server's functions with their parameters", async () => {
		const res = await api().post('/tools/discover', { config: { url: sample() } });
		expect(res.status).toBe(200);
		expect(res.data.data.functions).toEqual(SAMPLE_MCP_TOOLS.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.inputSchema })));
	});

	it('sends the config\'s headers to the server, reaches a mapped host at its origin, and says a refusal with the status', async () => {
		const server = await startMcpServer({ tools: [{ name: 'ping', description: 'Answers pong' }], secret: 'k3y', header: 'X-MCP-Key' });
		try {
			c.sb.platform2.setMcpHost('mcp.example.net', server.origin);
			const config = (value: string) => ({ url: 'https://mcp.example.net/mcp/abc', headers: [{ name: 'X-MCP-Key', value }] });
			const ok = await api().post('/tools/discover', { config: config('k3y') });
			expect(ok.status).toBe(200);
			expect(ok.data.data.functions).toEqual([{ name: 'ping', description: 'Answers pong', parameters: { type: 'object', properties: {} } }]);
			const refused = await api().post('/tools/discover', { config: config('wrong') });
			expect(refused.status).toBe(422);
			expect(refused.data.error).toMatchObject({ code: 'mcp_discovery_failed', upstream_status: 401 });
			// the mapping is also set from another process (e2e), and forgotten with null
			const control = clientFor(c.sb.origin);
			expect((await control.post('/sandbox/platform2/mcp-host', { host: 'mcp.example.net', origin: null })).status).toBe(200);
			const unmapped = await api().post('/tools/discover', { config: { url: 'https://mcp.invalid/mcp' } });
			expect(unmapped.data.error.code).toBe('mcp_unreachable');
		} finally {
			await server.close();
		}
	});

	it('an unreachable server is 422 mcp_unreachable; a config without a URL is 400 naming config.url', async () => {
		const down = await api().post('/tools/discover', { config: { url: 'http://127.0.0.1:9/mcp', timeout_sec: 2 } });
		expect(down.status).toBe(422);
		expect(down.data.error.code).toBe('mcp_unreachable');
		const bad = await api().post('/tools/discover', { config: {} });
		expect(bad.status).toBe(400);
		expect(bad.data.error).toMatchObject({ code: 'invalid_request', field: 'config.url' });
	});

	it('with tool_id, the stored mcp tool\'s config is used, its masked header value kept', async () => {
		const server = await startMcpServer({ tools: [{ name: 'ping', description: 'Answers pong' }], secret: 's3cret' });
		try {
			const created = await api().post('/tools', { type: 'mcp', name: 'workflow_tools', config: { url: `${server.origin}/mcp`, headers: [{ name: 'Authorization', value: 'Bearer s3cret' }] } });
			expect(created.status).toBe(201);
			expect(created.data.data.config).toEqual({ url: `${server.origin}/mcp`, headers: [{ name: 'Authorization', value: MASK }], timeout_sec: 10 });
			const res = await api().post('/tools/discover', { tool_id: created.data.data.id, config: { headers: [{ name: 'Authorization', value: MASK }] } });
			expect(res.status).toBe(200);
			expect(server.received).toContain('Bearer s3cret');
		} finally {
			await server.close();
		}
	});
});

describe('createTool type mcp', () => {
	it.each([
		[{}, 'config', 'is required for an mcp tool'],
		[{ config: { headers: [] } }, 'config.url', 'is required'],
		[{ config: { url: 'ftp://x.example.com' } }, 'config.url', 'must be an http or https URL'],
		[{ config: { url: 'https://x.example.com', headers: [{ name: 'A' }] } }, 'config.headers[0].value', 'is required (a string)'],
	])('%j → 400 naming %s', async (fields, field, problem) => {
		const res = await api().post('/tools', { type: 'mcp', name: 'workflow_tools', ...fields });
		expect(res.status).toBe(400);
		expect(res.data.error).toMatchObject({ code: 'invalid_request', field, message: `${field} ${problem}` });
	});
});
