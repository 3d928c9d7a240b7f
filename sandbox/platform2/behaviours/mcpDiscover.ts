/**
 * discoverTool (`POST /tools/discover {config, tool_id?}`, "List the functions an MCP server offers"):
 * the sandbox asks the MCP server itself (../../mcpClient.ts), with the config's URL and headers, as
 * the platform does. With `tool_id`, the stored tool's config is the base and the config sent replaces
 * its fields (a header value `•••` keeps the stored one, as updateTool does).
 *
 * Answers (our reading; the catalogue gives no answer schema): 200 `{data: {functions: [{name,
 * description, parameters}]}}` (parameters: the function's input JSON schema); a server that cannot be
 * reached 422 `mcp_unreachable`; one that answers, but not with its tools (401, not MCP), 422
 * `mcp_discovery_failed` with its status. Hosts a test mapped (`Platform2.setMcpHost`) are reached at
 * the origin given, as DNS would send the platform there; any other URL is called as given.
 */
import { listMcpTools } from '../../mcpClient';
import { data, errorDetail, NOT_FOUND, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { checkMcpConfig, keepMaskedHeaders } from './toolConfig';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where the request really goes: a mapped host's origin with the URL's path and query, else the URL. */
function reachedAt(url: string, hosts: ReadonlyMap<string, string>): string {
	const parsed = new URL(url);
	const origin = hosts.get(parsed.host.toLowerCase()) ?? hosts.get(parsed.hostname.toLowerCase());
	return origin ? `${origin.replace(/\/+$/, '')}${parsed.pathname}${parsed.search}` : url;
}

export async function discoverTool(call: P2Call): Promise<P2Answer> {
	const body = call.body as { tool_id?: string; config: unknown };
	let config = body.config;
	if (body.tool_id !== undefined) {
		const tool = call.state.records.find(call.workspace.id, '/tools', [], body.tool_id);
		if (!tool || tool.type !== 'mcp') return NOT_FOUND;
		const merged = { ...(isObject(tool.config) ? tool.config : {}), ...(isObject(config) ? config : {}) };
		keepMaskedHeaders(merged, tool.config);
		config = merged;
	}
	const checked = checkMcpConfig(config);
	if ('problem' in checked) return checked.problem;
	const { url, headers, timeout_sec } = checked.value;
	const listing = await listMcpTools(
		reachedAt(url, call.state.mcpHosts),
		Object.fromEntries(headers.map((h) => [h.name, h.value])),
		timeout_sec * 1000,
		call.state.sim.abort.signal,
	);
	if ('unreachable' in listing) return errorDetail(422, 'mcp_unreachable', `The MCP server could not be reached: ${listing.unreachable}`);
	if ('refused' in listing) return errorDetail(422, 'mcp_discovery_failed', `The MCP server did not list its tools: ${listing.refused}`, { upstream_status: listing.status });
	return data({ functions: listing.tools.map((tool) => ({ name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema ?? { type: 'object', properties: {} } })) });
}
