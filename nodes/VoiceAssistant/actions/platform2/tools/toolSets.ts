/**
 * An assistant's tool set on a Platform 2.0 workspace, read with its revision (getAssistantTools) and
 * replaced whole with that revision (setAssistantTools, 409 revision_conflict when it changed since).
 * A conflict is answered by reading again and writing again, a bounded number of times: each write
 * names the revision it read, so a tool someone added meanwhile is never dropped, and a write is never
 * sent again blindly (a timeout or a 5xx is not a conflict: it ends here, as the transport left it).
 *
 * Shared by the trigger's "Tool Called During a Call" (trigger/toolCall/platform2Tools.ts) and the action
 * node's Tools → Connect MCP Server (connectMcpServer.ts): each hands in how it sends a request.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHttpRequestMethods, INode } from 'n8n-workflow';

import { isObject } from '../../../shared/objects';
import { isConflict, isGone, nodeErrorOf } from '../../../shared/platformErrors';

export const TOOLS_READ: string[][] = [['assistants:read']];
export const TOOLS_WRITE: string[][] = [['assistants:write']];

/** How often a tool set is read and written again after someone else changed it in between. */
export const CONFLICT_ATTEMPTS = 5;

/** One tools request, in the words both callers' transports take. */
export interface ToolRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	/** the operation's name in errors, e.g. 'Set Assistant Tools' */
	operation: string;
	scopes: string[][];
	/** what a 404 means, e.g. 'Assistant 0f8f…' */
	notFound?: string;
	/** what a write may have done when its answer is unknown */
	effect?: string;
}

/** How a caller sends: its node (for errors) and its transport. */
export interface ToolRequests {
	node: INode;
	send(request: ToolRequest): Promise<unknown>;
}

export interface ToolSet {
	ids: string[];
	revision: number;
}

export const dataOf = (answer: unknown): unknown => (isObject(answer) && 'data' in answer ? answer.data : answer);

/** A record ID as text, compared case-blind (UUIDs). */
export function idText(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;
}

/**
 * An assistant's tool set: `data.tool_ids`, else the IDs of `data.tools` (or of `data` as a list);
 * the revision in `meta.revision` (the catalogue's place), else `data.revision`.
 */
export function toolSetOf(answer: unknown): ToolSet | undefined {
	const data = dataOf(answer);
	const meta = isObject(answer) && isObject(answer.meta) ? answer.meta : {};
	const listed = isObject(data) && Array.isArray(data.tool_ids) ? data.tool_ids : Array.isArray(data) ? data : isObject(data) && Array.isArray(data.tools) ? data.tools : undefined;
	const revision = Number(meta.revision ?? (isObject(data) ? data.revision : undefined));
	if (!listed || !Number.isInteger(revision)) return undefined;
	const ids = listed.map((entry) => idText(isObject(entry) ? entry.id : entry)).filter((id): id is string => id !== undefined);
	return { ids, revision };
}

/** The tool set with its revision; undefined when the assistant is not there (404). */
export async function readToolSet(io: ToolRequests, assistantId: string): Promise<ToolSet | undefined> {
	try {
		const answer = await io.send({ method: 'GET', path: `/assistants/${assistantId}/tools`, operation: 'Get Assistant Tools', scopes: TOOLS_READ, notFound: `Assistant ${assistantId}` });
		const set = toolSetOf(answer);
		if (!set) {
			throw new NodeOperationError(io.node, `The platform did not show assistant ${assistantId}'s tools with their revision`, {
				description: 'Without the revision the tool set cannot be changed safely: give the assistant the tool in the dashboard instead.',
			});
		}
		return set;
	} catch (error) {
		if (isGone(error)) return undefined;
		throw nodeErrorOf(io.node, error);
	}
}

/** What changeToolSet did: written, left as it was (`change` said so), or the assistant is gone. */
export type ToolSetChange = 'changed' | 'unchanged' | 'gone';

/** Reads the tool set, lets `change` say the new list (undefined: leave it), writes it with the revision read; again on a conflict. */
export async function changeToolSet(io: ToolRequests, assistantId: string, change: (ids: string[]) => string[] | undefined): Promise<ToolSetChange> {
	for (let attempt = 1; ; attempt++) {
		const set = await readToolSet(io, assistantId);
		if (!set) return 'gone';
		const next = change(set.ids);
		if (!next) return 'unchanged';
		try {
			await io.send({
				method: 'PUT',
				path: `/assistants/${assistantId}/tools`,
				body: { tool_ids: next, expected_revision: set.revision },
				operation: 'Set Assistant Tools',
				scopes: TOOLS_WRITE,
				notFound: `Assistant ${assistantId}`,
				effect: "the assistant's tools may have been changed",
			});
			return 'changed';
		} catch (error) {
			if (!isConflict(error, 'revision_conflict') || attempt >= CONFLICT_ATTEMPTS) throw nodeErrorOf(io.node, error);
		}
	}
}
