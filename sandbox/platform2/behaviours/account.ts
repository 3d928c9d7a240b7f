/**
 * getMe (the calling key, its workspace and plan: no scope needed, the README's credential test) and
 * the API keys of the workspace, which are the key ring's keys: a key made by createApiKey works as a
 * bearer at once, a revoked one stops working (revoke is soft and idempotent).
 */
import { data, errorDetail, NOT_FOUND, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { publicKey, type P2Key } from '../keys';
import { pageOf } from '../paging';
import type { P2Record } from '../records';

export function getMe(call: P2Call): P2Answer {
	const { workspace, key } = call;
	return data({
		workspace: { id: workspace.id, name: workspace.name, plan: workspace.plan, features: { whitelabel: workspace.whitelabel } },
		key: publicKey(key),
		user: key.kind === 'user' ? { role: 'owner' } : null,
	});
}

export function listApiKeys(call: P2Call): P2Answer {
	return pageOf(call.op, call.state.keys.list(call.workspace.id).map(publicKey) as P2Record[], call.query, call.state.listOrder);
}

function keyOf(call: P2Call): P2Key | undefined {
	return call.state.keys.byId(call.workspace.id, call.params.id);
}

export function getApiKey(call: P2Call): P2Answer {
	const key = keyOf(call);
	return key ? data(publicKey(key)) : NOT_FOUND;
}

export function revokeApiKey(call: P2Call): P2Answer {
	const key = keyOf(call);
	if (!key) return NOT_FOUND;
	call.state.keys.revoke(key);
	return data({ id: key.id, revoked: true });
}

/** The new key's scopes may not exceed the caller's; the secret is shown this once. */
function mintFor(call: P2Call, workspaceId: string): P2Answer {
	const body = call.body as { name: string; scopes?: string[]; expires_in_days?: number };
	const wanted = body.scopes ?? [];
	const caller = call.key.scopes;
	const beyond = caller.length ? (wanted.length ? wanted.filter((s) => !caller.includes(s)) : ['(full access)']) : [];
	if (beyond.length) return errorDetail(403, 'insufficient_scope', `A key cannot grant more than its own scopes: ${beyond.join(', ')}`, { required_scopes: beyond });
	let key: P2Key;
	try {
		key = call.state.keys.mint({ workspace: workspaceId, scopes: wanted, kind: 'service', name: body.name, expiresInDays: body.expires_in_days });
	} catch (err) {
		return errorDetail(400, 'invalid_request', `scopes ${err instanceof Error ? err.message : String(err)}`, { field: 'scopes' });
	}
	return data({ ...publicKey(key), secret: key.secret }, undefined, 201);
}

export function createApiKey(call: P2Call): P2Answer {
	return mintFor(call, call.workspace.id);
}

/** Only a workspace the key ring knows gets a working key: the caller's own (createWorkspace's are records only). */
export function createWorkspaceApiKey(call: P2Call): P2Answer | undefined {
	return call.params.workspace_id === call.workspace.id ? mintFor(call, call.workspace.id) : undefined;
}
