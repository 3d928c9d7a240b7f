/**
 * What Connect MCP Server sends, in order, for one item: discoverTool (the server must answer with at
 * least one function, else nothing is created), every chosen assistant's tool set read (an assistant
 * that is not there stops it before anything is created), the workspace's tools read (an `mcp` tool
 * with the same URL is used again: running twice creates nothing twice), createTool when there is none,
 * then the tool added to each assistant's tool set by revision (toolSets.ts).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { isObject } from '../../../shared/objects';
import { nodeErrorOf } from '../../../shared/platformErrors';
import { functionsOf, mcpConfig, sameMcpUrl, type McpFunction } from './mcpServer';
import { changeToolSet, dataOf, idText, readToolSet, TOOLS_READ, TOOLS_WRITE, type ToolRequests } from './toolSets';

export interface McpConnection {
	url: string;
	headers: Array<{ name: string; value: string }>;
	name: string;
	description?: string;
	assistantIds: string[];
}

export interface McpConnected {
	toolId: string;
	created: boolean;
	functions: McpFunction[];
	added: string[];
	alreadyHad: string[];
}

/** The platform's words of an error (message, then description), for quoting in ours. */
function wordsOf(node: INode, error: unknown): string {
	const known = nodeErrorOf(node, error);
	return [known.message, known.description].filter((text) => typeof text === 'string' && text.trim() !== '').join(': ');
}

async function discover(io: ToolRequests, item: number, connection: McpConnection): Promise<McpFunction[]> {
	const nothing = 'Nothing was created and no assistant was changed.';
	let answer: unknown;
	try {
		answer = await io.send({ method: 'POST', path: '/tools/discover', body: { config: mcpConfig(connection.url, connection.headers) }, operation: 'Discover Tool', scopes: TOOLS_WRITE });
	} catch (error) {
		throw new NodeOperationError(io.node, `MCP Server URL: the platform could not list the MCP server's functions [item ${item}]: ${wordsOf(io.node, error)}`, {
			itemIndex: item,
			description: `${nothing} Check that the workflow with the MCP Server Trigger is active, that the URL is its Production URL, and that Authentication and Secret match the trigger's.`,
		});
	}
	const functions = functionsOf(answer);
	if (functions.length === 0) {
		throw new NodeOperationError(io.node, `MCP Server URL: the MCP server offers no functions [item ${item}]`, {
			itemIndex: item,
			description: `${nothing} Connect tool nodes to the MCP Server Trigger (and save the workflow) first.`,
		});
	}
	return functions;
}

/** The workspace's `mcp` tool with this URL, if any (listTools: unpaged, secrets masked). */
async function existingTool(io: ToolRequests, url: string): Promise<string | undefined> {
	const data = dataOf(await io.send({ method: 'GET', path: '/tools', operation: 'List Tools', scopes: TOOLS_READ }));
	const tools = (Array.isArray(data) ? data : isObject(data) && Array.isArray(data.tools) ? data.tools : []).filter(isObject);
	const found = tools.find((tool) => tool.type === 'mcp' && isObject(tool.config) && sameMcpUrl(tool.config.url, url));
	return found ? idText(found.id) : undefined;
}

async function createTool(io: ToolRequests, item: number, connection: McpConnection): Promise<string> {
	const body: IDataObject = { type: 'mcp', name: connection.name, config: mcpConfig(connection.url, connection.headers) };
	if (connection.description !== undefined) body.description = connection.description;
	const record = dataOf(await io.send({ method: 'POST', path: '/tools', body, operation: 'Create Tool', scopes: TOOLS_WRITE, effect: 'the tool may have been created' }));
	const id = isObject(record) ? idText(record.id) : undefined;
	if (!id) {
		throw new NodeOperationError(io.node, `The platform created the tool "${connection.name}" but did not say its ID [item ${item}]`, {
			itemIndex: item,
			description: 'No assistant was changed. Running the node again finds the tool by its URL and gives it to the assistants.',
		});
	}
	return id;
}

export async function connectMcpServer(io: ToolRequests, item: number, connection: McpConnection): Promise<McpConnected> {
	const functions = await discover(io, item, connection);
	// every assistant there before anything is created: a wrong pick leaves the workspace as it was
	for (const assistantId of connection.assistantIds) {
		if (!(await readToolSet(io, assistantId))) {
			throw new NodeOperationError(io.node, `Assistants: assistant ${assistantId} was not found [item ${item}]`, {
				itemIndex: item,
				description: 'It may have been deleted, or belong to another workspace: choose the assistants again. Nothing was created.',
			});
		}
	}
	const reused = await existingTool(io, connection.url);
	const toolId = reused ?? (await createTool(io, item, connection));
	const added: string[] = [];
	const alreadyHad: string[] = [];
	for (const assistantId of connection.assistantIds) {
		let outcome;
		try {
			outcome = await changeToolSet(io, assistantId, (ids) => (ids.includes(toolId) ? undefined : [...ids, toolId]));
		} catch (error) {
			throw new NodeOperationError(io.node, `Assistants: assistant ${assistantId} did not get the tool ${toolId} [item ${item}]: ${wordsOf(io.node, error)}`, {
				itemIndex: item,
				description: `${added.length > 0 ? `Added to ${added.join(', ')} before. ` : ''}Running the node again uses the same tool and adds it only where it is missing.`,
			});
		}
		if (outcome === 'gone') throw new NodeOperationError(io.node, `Assistants: assistant ${assistantId} was deleted meanwhile [item ${item}]`, { itemIndex: item });
		(outcome === 'changed' ? added : alreadyHad).push(assistantId);
	}
	return { toolId, created: reused === undefined, functions, added, alreadyHad };
}
