/**
 * Tools and their assignment to assistants, revision-checked as the README says: a tool carries an
 * integer `revision`; updateTool with a stale `expected_revision` (body) or `If-Match` answers 409
 * revision_conflict; every accepted update adds 1 and keeps the old state as a version. An
 * assistant's tool list (`/assistants/{id}/tools`) has its own revision (meta.revision); archiveTool of
 * a tool some assistant lists answers 409 tool_in_use. createTool and updateTool check the body as
 * toolConfig.ts reads it; every read shows header values as `•••`. createTool beyond the workspace's
 * tool limit (Platform2.setToolLimit; none by default) answers 403 plan_limit_reached.
 */
import { data, errorDetail, NOT_FOUND, type P2Answer } from '../answers';
import type { P2Call } from '../context';
import { createRecord, listRows } from '../crud';
import { pageOf } from '../paging';
import type { P2Record } from '../records';
import { checkToolBody, keepMaskedHeaders, maskTool } from './toolConfig';

interface ToolList {
	tool_ids: string[];
	revision: number;
}

function expectedRevision(call: P2Call): number | undefined {
	const fromBody = (call.body as { expected_revision?: unknown } | undefined)?.expected_revision;
	const fromQuery = call.query.expected_revision;
	const header = call.headers['if-match'];
	const fromHeader = typeof header === 'string' ? Number(header.replace(/^W\//, '').replace(/"/g, '')) : undefined;
	const value = fromBody ?? fromQuery ?? fromHeader;
	return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

const conflict = (current: number): P2Answer =>
	errorDetail(409, 'revision_conflict', `The record changed since you read it: its revision is ${current}`, { current_revision: current });

export function createTool(call: P2Call): P2Answer {
	const checked = checkToolBody(call.body as Record<string, unknown>, false);
	if ('problem' in checked) return checked.problem;
	const limit = call.state.toolLimits.get(call.workspace.id);
	if (limit !== undefined && call.state.records.list(call.workspace.id, '/tools').length >= limit) {
		return errorDetail(403, 'plan_limit_reached', `Your plan allows ${limit} tools`);
	}
	const { type, name, description = null, config = null } = checked.value;
	return data(maskTool(createRecord(call, { type, name, description, config, revision: 1 })), undefined, 201);
}

export function listTools(call: P2Call): P2Answer {
	return pageOf(call.op, listRows(call).map(maskTool), call.query);
}

export function getTool(call: P2Call): P2Answer {
	return data(maskTool(call.found[0]));
}

/** A config sent replaces the stored one; a header value `•••` in it keeps the stored value. */
export function updateTool(call: P2Call): P2Answer {
	const tool = call.found[0];
	const current = Number(tool.revision ?? 1);
	const expected = expectedRevision(call);
	if (expected !== undefined && expected !== current) return conflict(current);
	const changes = { ...(call.body as Record<string, unknown>) };
	for (const f of ['id', 'created_at', 'updated_at', 'revision', 'expected_revision']) delete changes[f];
	const checked = checkToolBody(changes, true, tool.type);
	if ('problem' in checked) return checked.problem;
	Object.assign(changes, checked.value);
	keepMaskedHeaders(changes.config, tool.config);
	// versions are reads too: their header values are kept masked
	call.state.records.insert(call.workspace.id, '/tools/{}/versions', [tool.id], { ...maskTool(tool), id: current, tool_id: tool.id });
	Object.assign(tool, changes, { revision: current + 1, updated_at: new Date().toISOString() });
	return data(maskTool(tool));
}

/** The ids of the live assistants whose tool list names this tool. */
function assistantsUsing(call: P2Call, toolId: string): string[] {
	const ws = call.workspace.id;
	const out: string[] = [];
	for (const [path, doc] of call.state.records.singletonsOf(ws)) {
		const m = /^\/assistants\/([^/]+)\/tools$/.exec(path);
		if (m && (doc as unknown as ToolList).tool_ids?.includes(toolId) && call.state.records.find(ws, '/assistants', [], m[1])) out.push(m[1]);
	}
	return out;
}

export function archiveTool(call: P2Call): P2Answer {
	const tool = call.found[0];
	const current = Number(tool.revision ?? 1);
	const expected = expectedRevision(call);
	if (expected !== undefined && expected !== current) return conflict(current);
	const users = assistantsUsing(call, String(tool.id));
	if (users.length) return errorDetail(409, 'tool_in_use', `Tool ${tool.id} is assigned to ${users.length} assistant(s); remove it from them first`, { assistant_ids: users });
	call.state.records.remove(call.workspace.id, '/tools', [], tool);
	return data({ id: tool.id, archived: true });
}

function toolList(call: P2Call): ToolList {
	const doc = call.state.records.singleton(call.workspace.id, call.path) as unknown as ToolList | undefined;
	return doc ?? { tool_ids: [], revision: 1 };
}

function toolListAnswer(call: P2Call, list: ToolList): P2Answer {
	const tools = list.tool_ids.map((id) => call.state.records.find(call.workspace.id, '/tools', [], id)).filter((t): t is P2Record => t !== undefined);
	return data({ tool_ids: list.tool_ids, tools: tools.map(maskTool) }, { revision: list.revision });
}

export function getAssistantTools(call: P2Call): P2Answer {
	return toolListAnswer(call, toolList(call));
}

export function setAssistantTools(call: P2Call): P2Answer {
	const body = call.body as { tool_ids: string[]; expected_revision: number };
	const list = toolList(call);
	if (body.expected_revision !== list.revision) return conflict(list.revision);
	if (body.tool_ids.some((id) => !call.state.records.find(call.workspace.id, '/tools', [], id))) return NOT_FOUND;
	const next: ToolList = { tool_ids: [...new Set(body.tool_ids)], revision: list.revision + 1 };
	call.state.records.setSingleton(call.workspace.id, call.path, next as unknown as Record<string, unknown>);
	return toolListAnswer(call, next);
}
