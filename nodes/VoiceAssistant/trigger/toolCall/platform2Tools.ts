/**
 * Tools on a Platform 2.0 workspace: createTool, getTool, archiveTool (only a tool no assistant uses:
 * 409 tool_in_use), and an assistant's tool set read with its revision (getAssistantTools) and
 * replaced whole with that revision (setAssistantTools, 409 revision_conflict when it changed). A
 * conflict is answered by reading again and writing again: each write names the revision it read, so
 * a tool someone added meanwhile is never dropped.
 *
 * The catalogue lists no body for createTool; the body sent here is our reading of Famulor's public
 * references (docs/tool-calls.md, with sources): `{type: "api", name, description, config: {url,
 * method, headers: [{name, value}], timeout_sec, parameters: <JSON Schema>}}`.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { isObject } from '../../shared/objects';
import { apiRequest, type Platform2Request } from '../../transport/request';
import { isConflict, isGone, nodeErrorOf } from './platformErrors';
import { TOOL_SECRET_HEADER_NAME } from './secretHeader';
import type { ToolSpec } from './spec';
import type { ToolPlatform } from './toolPlatform';

const READ: string[][] = [['assistants:read']];
const WRITE: string[][] = [['assistants:write']];
const op = (operation: string, scopes: string[][]): Platform2Request => ({ operation, scopes });

/** How often a tool set is read and written again after someone else changed it in between. */
const CONFLICT_ATTEMPTS = 5;

const dataOf = (answer: unknown): unknown => (isObject(answer) && 'data' in answer ? answer.data : answer);

function idText(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;
}

/** The tool as its JSON Schema: what the assistant gathers (required ones listed). */
function parametersSchema(spec: ToolSpec): IDataObject {
	const properties: IDataObject = {};
	for (const { name, type, description } of spec.parameters) properties[name] = { type, description };
	return { type: 'object', properties, required: spec.parameters.filter((p) => p.required).map((p) => p.name) };
}

interface ToolSet {
	ids: string[];
	revision: number;
}

/**
 * An assistant's tool set: `data.tool_ids`, else the IDs of `data.tools` (or of `data` as a list);
 * the revision in `meta.revision` (the catalogue's place), else `data.revision`.
 */
function toolSetOf(answer: unknown): ToolSet | undefined {
	const data = dataOf(answer);
	const meta = isObject(answer) && isObject(answer.meta) ? answer.meta : {};
	const listed = isObject(data) && Array.isArray(data.tool_ids) ? data.tool_ids : Array.isArray(data) ? data : isObject(data) && Array.isArray(data.tools) ? data.tools : undefined;
	const revision = Number(meta.revision ?? (isObject(data) ? data.revision : undefined));
	if (!listed || !Number.isInteger(revision)) return undefined;
	const ids = listed.map((entry) => idText(isObject(entry) ? entry.id : entry)).filter((id): id is string => id !== undefined);
	return { ids, revision };
}

async function readToolSet(ctx: IHookFunctions, assistantId: string): Promise<ToolSet | undefined> {
	try {
		const answer = await apiRequest.call(ctx, 'GET', `/assistants/${assistantId}/tools`, { platform2: op('Get Assistant Tools', READ), notFound: `Assistant ${assistantId}` });
		const set = toolSetOf(answer);
		if (!set) {
			throw new NodeOperationError(ctx.getNode(), `The platform did not show assistant ${assistantId}'s tools with their revision`, {
				description: "Without the revision the tool set cannot be changed safely: give the assistant the tool in the dashboard instead.",
			});
		}
		return set;
	} catch (error) {
		if (isGone(error)) return undefined;
		throw nodeErrorOf(ctx.getNode(), error);
	}
}

/** Reads the tool set, lets `change` say the new list (undefined: leave it), writes it with the revision read; again on a conflict. */
async function changeToolSet(ctx: IHookFunctions, assistantId: string, change: (ids: string[]) => string[] | undefined): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		const set = await readToolSet(ctx, assistantId);
		const next = set ? change(set.ids) : undefined;
		if (!set || !next) return;
		try {
			await apiRequest.call(ctx, 'PUT', `/assistants/${assistantId}/tools`, {
				body: { tool_ids: next, expected_revision: set.revision },
				platform2: op('Set Assistant Tools', WRITE),
				notFound: `Assistant ${assistantId}`,
				effect: "the assistant's tools may have been changed",
			});
			return;
		} catch (error) {
			if (!isConflict(error, 'revision_conflict') || attempt >= CONFLICT_ATTEMPTS) throw nodeErrorOf(ctx.getNode(), error);
		}
	}
}

/** The assistants the platform says use the tool (getToolUsage). */
async function usersOf(ctx: IHookFunctions, toolId: string): Promise<string[]> {
	const data = dataOf(await apiRequest.call(ctx, 'GET', `/tools/${toolId}/usage`, { platform2: op('Get Tool Usage', READ), notFound: `Tool ${toolId}` }));
	const rows = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.assistants) ? data.assistants : isObject(data) && Array.isArray(data.assistant_ids) ? data.assistant_ids : [];
	return rows.map((row) => idText(isObject(row) ? (row.assistant_id ?? row.id) : row)).filter((id): id is string => id !== undefined);
}

async function archive(ctx: IHookFunctions, toolId: string): Promise<void> {
	await apiRequest.call(ctx, 'DELETE', `/tools/${toolId}`, { platform2: op('Archive Tool', WRITE), notFound: `Tool ${toolId}` });
}

export const platform2Tools: ToolPlatform = {
	async create(ctx, spec, url, secret) {
		const body = {
			type: 'api',
			name: spec.name,
			description: spec.description,
			config: { url, method: 'POST', headers: [{ name: TOOL_SECRET_HEADER_NAME, value: secret }], timeout_sec: spec.timeoutSeconds, parameters: parametersSchema(spec) },
		};
		const answer = await apiRequest.call(ctx, 'POST', '/tools', { body, platform2: op('Create Tool', WRITE), effect: 'the tool may have been created' });
		const record = dataOf(answer);
		const id = isObject(record) ? idText(record.id) : undefined;
		if (!id) {
			throw new NodeOperationError(ctx.getNode(), 'The platform created the tool but did not say its ID', {
				description: `Look for the tool "${spec.name}" in the dashboard (Tools) and archive it, then activate again.`,
			});
		}
		return id;
	},
	async urlOf(ctx, toolId) {
		try {
			const tool = dataOf(await apiRequest.call(ctx, 'GET', `/tools/${toolId}`, { platform2: op('Get Tool', READ), notFound: `Tool ${toolId}` }));
			const config = isObject(tool) && isObject(tool.config) ? tool.config : {};
			return typeof config.url === 'string' ? config.url : undefined;
		} catch (error) {
			if (isGone(error)) return undefined;
			throw nodeErrorOf(ctx.getNode(), error);
		}
	},
	async toolsOf(ctx, assistantId) {
		return (await readToolSet(ctx, assistantId))?.ids;
	},
	async attach(ctx, assistantId, toolId) {
		await changeToolSet(ctx, assistantId, (ids) => (ids.includes(toolId) ? undefined : [...ids, toolId]));
	},
	async detach(ctx, assistantId, toolId) {
		await changeToolSet(ctx, assistantId, (ids) => (ids.includes(toolId) ? ids.filter((id) => id !== toolId) : undefined));
	},
	async remove(ctx, toolId) {
		try {
			await archive(ctx, toolId);
		} catch (error) {
			if (isGone(error)) return;
			if (!isConflict(error, 'tool_in_use')) throw nodeErrorOf(ctx.getNode(), error);
			// Given to more assistants since (in the dashboard): it is this trigger's tool, so it leaves them too.
			for (const assistantId of await usersOf(ctx, toolId)) await this.detach(ctx, assistantId, toolId);
			await archive(ctx, toolId);
		}
	},
};
