/**
 * Tools on a Platform 2.0 workspace: createTool, getTool, archiveTool (only a tool no assistant uses:
 * 409 tool_in_use), and an assistant's tool set read with its revision (getAssistantTools) and
 * replaced whole with that revision (setAssistantTools, 409 revision_conflict when it changed): read
 * and written by actions/platform2/tools/toolSets.ts, shared with the action node's Connect MCP Server.
 *
 * The catalogue lists no body for createTool; the body sent here is our reading of Famulor's public
 * references (docs/tool-calls.md, with sources): `{type: "api", name, description, config: {url,
 * method, headers: [{name, value}], timeout_sec, parameters: <JSON Schema>}}`.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { changeToolSet, dataOf, idText, readToolSet, TOOLS_READ as READ, TOOLS_WRITE as WRITE, type ToolRequests } from '../../actions/platform2/tools/toolSets';
import { isObject } from '../../shared/objects';
import { apiRequest, type Platform2Request } from '../../transport/request';
import { isConflict, isGone, nodeErrorOf } from '../../shared/platformErrors';
import { TOOL_SECRET_HEADER_NAME } from './secretHeader';
import type { ToolSpec } from './spec';
import type { ToolPlatform } from './toolPlatform';

const op = (operation: string, scopes: string[][]): Platform2Request => ({ operation, scopes });

/** The tool-set reads and writes (actions/platform2/tools/toolSets.ts) through this trigger's transport. */
const toolRequests = (ctx: IHookFunctions): ToolRequests => ({
	node: ctx.getNode(),
	send: async ({ method, path, body, operation, scopes, notFound, effect }) => await apiRequest.call(ctx, method, path, { body, platform2: op(operation, scopes), notFound, effect }),
});

/** The tool as its JSON Schema: what the assistant gathers (required ones listed). */
function parametersSchema(spec: ToolSpec): IDataObject {
	const properties: IDataObject = {};
	for (const { name, type, description } of spec.parameters) properties[name] = { type, description };
	return { type: 'object', properties, required: spec.parameters.filter((p) => p.required).map((p) => p.name) };
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
		return (await readToolSet(toolRequests(ctx), assistantId))?.ids;
	},
	async attach(ctx, assistantId, toolId) {
		await changeToolSet(toolRequests(ctx), assistantId, (ids) => (ids.includes(toolId) ? undefined : [...ids, toolId]));
	},
	async detach(ctx, assistantId, toolId) {
		await changeToolSet(toolRequests(ctx), assistantId, (ids) => (ids.includes(toolId) ? ids.filter((id) => id !== toolId) : undefined));
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
