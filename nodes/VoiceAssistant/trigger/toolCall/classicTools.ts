/**
 * Mid-call tools on a classic account (docs/platform-facts.md, "Mid-call tools"): POST /user/tools
 * creates one, GET|DELETE /user/tools/{id} read and remove it, and an assistant's `tool_ids` (PUT
 * /user/assistant/{id}) replaces its whole tool list. So a tool is added by writing the list the
 * assistant's record shows plus this one. The reference documents no `tool_ids` on the record
 * (docs/tool-calls.md): where a record does not show it, adding would drop the assistant's other
 * tools, and activation refuses instead of guessing. The classic API has no revision to compare, so a
 * tool added in the dashboard between the read and the write can be lost (docs/tool-calls.md).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { isObject } from '../../shared/objects';
import { apiRequest } from '../../transport/request';
import { lookupAssistant } from '../assistant';
import type { ToolPlatform } from './toolPlatform';
import { TOOL_SECRET_HEADER_NAME } from './secretHeader';
import { isGone, nodeErrorOf } from '../../shared/platformErrors';

const recordOf = (answer: unknown): IDataObject | undefined => {
	const data = isObject(answer) && isObject(answer.data) && !Array.isArray(answer.data) ? answer.data : answer;
	return isObject(data) && !Array.isArray(data) ? data : undefined;
};

/** The tool IDs a record shows, as text; undefined when it does not show them. */
function toolIdsOf(assistant: IDataObject): string[] | undefined {
	const ids = assistant.tool_ids;
	if (!Array.isArray(ids)) return undefined;
	return ids.filter((id) => typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))).map((id) => String(id));
}

function notShown(ctx: IHookFunctions, assistantId: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `Assistant ${assistantId}'s record does not show its mid-call tools`, {
		description:
			"The platform replaces an assistant's whole tool list, and this one does not say which tools it has: adding the tool would remove them. Leave the assistant out of Assistants and give it the tool in the dashboard instead.",
	});
}

async function writeToolIds(ctx: IHookFunctions, assistantId: string, ids: string[]): Promise<void> {
	await apiRequest.call(ctx, 'PUT', `/user/assistant/${assistantId}`, {
		body: { tool_ids: ids.map(Number) },
		notFound: `Assistant ${assistantId}`,
		effect: "the assistant's tools may have been changed",
	});
}

export const classicTools: ToolPlatform = {
	async create(ctx, spec, url, secret) {
		const body = {
			name: spec.name,
			description: spec.description,
			endpoint: url,
			method: 'POST',
			timeout: spec.timeoutSeconds,
			headers: [{ name: TOOL_SECRET_HEADER_NAME, value: secret }],
			schema: spec.parameters.map(({ name, type, description }) => ({ name, type, description })),
		};
		const answer = await apiRequest.call(ctx, 'POST', '/user/tools', { body, effect: 'the tool may have been created' });
		const id = recordOf(answer)?.id;
		if (typeof id !== 'number' && !(typeof id === 'string' && /^\d+$/.test(id))) {
			throw new NodeOperationError(ctx.getNode(), 'The platform created the tool but did not say its ID', {
				description: 'Look for the tool in the dashboard (Mid-call tools) and delete it, then activate again.',
			});
		}
		return String(id);
	},
	async urlOf(ctx, toolId) {
		try {
			const tool = recordOf(await apiRequest.call(ctx, 'GET', `/user/tools/${toolId}`, { notFound: `Tool ${toolId}` }));
			return typeof tool?.endpoint === 'string' ? tool.endpoint : undefined;
		} catch (error) {
			if (isGone(error)) return undefined;
			throw nodeErrorOf(ctx.getNode(), error);
		}
	},
	async toolsOf(ctx, assistantId) {
		const assistant = await lookupAssistant(ctx, Number(assistantId));
		if (!assistant) return undefined;
		const ids = toolIdsOf(assistant);
		if (ids === undefined) throw notShown(ctx, assistantId);
		return ids;
	},
	async attach(ctx, assistantId, toolId) {
		const ids = await this.toolsOf(ctx, assistantId);
		if (ids === undefined || ids.includes(toolId)) return;
		await writeToolIds(ctx, assistantId, [...ids, toolId]);
		// The reference does not list `tool_ids` among the update's keys: a host that ignores it answers 200 all the same.
		if (!(await this.toolsOf(ctx, assistantId))?.includes(toolId)) {
			throw new NodeOperationError(ctx.getNode(), `The platform did not give assistant ${assistantId} the tool`, {
				description: "It answered the update but kept the assistant's tools as they were: this account may not take tool_ids through the API. Give the assistant the tool in the dashboard, and leave it out of Assistants.",
			});
		}
	},
	async detach(ctx, assistantId, toolId) {
		const assistant = await lookupAssistant(ctx, Number(assistantId));
		const ids = assistant ? toolIdsOf(assistant) : undefined;
		// Not shown: deleting the tool takes it off every assistant anyway.
		if (ids === undefined || !ids.includes(toolId)) return;
		await writeToolIds(ctx, assistantId, ids.filter((id) => id !== toolId));
	},
	async remove(ctx, toolId) {
		try {
			await apiRequest.call(ctx, 'DELETE', `/user/tools/${toolId}`, { notFound: `Tool ${toolId}` });
		} catch (error) {
			if (!isGone(error)) throw nodeErrorOf(ctx.getNode(), error);
		}
	},
};
