/**
 * The control routes of the 2.0 mode (no auth, loopback only, like every /sandbox route), for tests
 * in another process (e2e): GET /sandbox/platform2/keys lists the workspaces and seeded keys, POST
 * mints a key with the given scopes; POST /sandbox/platform2/tool-limit sets a workspace's tool limit;
 * POST /sandbox/platform2/campaign-entry-times answers campaigns with or without their entry times;
 * POST /sandbox/platform2/mcp-host says where discoverTool reaches an MCP server's host.
 */
import type { P2Answer } from './answers';
import type { Platform2 } from './engine';
import { PLATFORM2_WORKSPACES, type MintOptions } from './keys';

export function seededKeysRoute(platform2: Platform2): P2Answer {
	return { status: 200, body: { workspaces: PLATFORM2_WORKSPACES, keys: platform2.keys } };
}

/** Body `{workspace?: "A"|"B"|id, scopes?: string[], kind?: "user"|"service", name?, expires_in_days?}` → 201 `{id, key, workspace_id, kind, scopes}`. */
export function mintKeyRoute(platform2: Platform2, body: unknown): P2Answer {
	const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
	const opts: MintOptions = {
		workspace: b.workspace as string | undefined,
		scopes: b.scopes as string[] | undefined,
		kind: b.kind as MintOptions['kind'],
		name: b.name as string | undefined,
		expiresInDays: b.expires_in_days as number | undefined,
	};
	try {
		const key = platform2.keyRing.mint(opts);
		return { status: 201, body: { id: key.id, key: key.secret, workspace_id: key.workspaceId, kind: key.kind, scopes: key.scopes, expires_at: key.expires_at } };
	} catch (err) {
		return { status: 422, body: { message: err instanceof Error ? err.message : String(err) } };
	}
}

/** Body `{limit: N or null, workspace?}`: how many tools the workspace may have (null: unlimited) → `{workspace_id, limit}`. */
export function toolLimitRoute(platform2: Platform2, body: unknown): P2Answer {
	const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
	const workspace = typeof b.workspace === 'string' ? b.workspace : 'A';
	if (b.limit !== null && typeof b.limit !== 'number') return { status: 422, body: { message: 'Send {"limit": <whole number ≥ 0> or null, "workspace"?: "A"|"B"|<id>}' } };
	try {
		platform2.setToolLimit(b.limit, workspace);
	} catch (err) {
		return { status: 422, body: { message: err instanceof Error ? err.message : String(err) } };
	}
	return { status: 200, body: { workspace_id: platform2.keyRing.workspace(workspace)?.id, limit: b.limit } };
}

/** Body `{enabled: boolean}`: campaigns answered with or without started_at / paused_at / completed_at → `{enabled}`. */
export function campaignEntryTimesRoute(platform2: Platform2, body: unknown): P2Answer {
	const { enabled } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
	if (typeof enabled !== 'boolean') return { status: 422, body: { message: 'Send {"enabled": true or false}' } };
	platform2.setCampaignEntryTimes(enabled);
	return { status: 200, body: { enabled } };
}

/** Body `{host, origin}` (origin null: forget): where discoverTool reaches MCP servers named `host` (Platform2.setMcpHost) → `{host, origin}`. */
export function mcpHostRoute(platform2: Platform2, body: unknown): P2Answer {
	const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
	if (typeof b.host !== 'string' || b.host === '' || (b.origin !== null && typeof b.origin !== 'string')) {
		return { status: 422, body: { message: 'Send {"host": "n8n.example.com", "origin": "http://127.0.0.1:5678" or null}' } };
	}
	try {
		platform2.setMcpHost(b.host, b.origin);
	} catch (err) {
		return { status: 422, body: { message: err instanceof Error ? err.message : String(err) } };
	}
	return { status: 200, body: { host: b.host, origin: b.origin } };
}
