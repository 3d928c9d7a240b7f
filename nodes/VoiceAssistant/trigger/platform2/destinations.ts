/**
 * The Platform 2.0 settings the trigger takes over while active, per event: how to read them, point
 * them at n8n, and put them back. Every request goes through the one transport door with the 2.0
 * credential (transport/request.ts, `platform2` options).
 *
 * - Assistant Call Completed: the assistant's `webhook_url` + `webhook_delivery_mode` (updateAssistant).
 * - Connector Conversation Ended: the messaging connector's `conversation_ended_webhook_url`.
 * - Inbound Variables: the assistant's `variable_webhook_url` + write-only `variable_webhook_secret`
 *   (updateAssistantVariables). The API calls that PATCH "replace", so the assistant's custom
 *   `variables`, when the record shows them, are sent back unchanged with it.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { apiRequest, type Platform2Request } from '../../transport/request';
import { isObject } from '../../shared/objects';
import type { Platform2Event } from './events';

export type Settings = IDataObject;

export interface Destination {
	/** what the target is, for messages: 'Assistant', 'Messaging connector' */
	noun: string;
	/** the settings found now; undefined when the target does not exist (404) */
	read(ctx: IHookFunctions, id: string): Promise<Settings | undefined>;
	urlOf(settings: Settings): string | null;
	/** "nothing was set" */
	none: Settings;
	register(ctx: IHookFunctions, id: string, url: string, current: Settings, secret?: string): Promise<void>;
	restore(ctx: IHookFunctions, id: string, saved: Settings, current: Settings): Promise<void>;
	/** whether the settings deliver to the registered URL (`matches` compares a URL) */
	isRegistered(settings: Settings, matches: (url: string | null) => boolean): boolean;
}

const op = (operation: string, scope: string): Platform2Request => ({ operation, scopes: [[scope]] });

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function dataOf(answer: unknown): unknown {
	return isObject(answer) && 'data' in answer ? answer.data : answer;
}

/** A read whose 404 means "gone": undefined instead of an error (deactivation of a deleted record). */
async function readOrGone(ctx: IHookFunctions, path: string, platform2: Platform2Request, notFound: string): Promise<IDataObject | undefined> {
	let failure: NodeApiError | NodeOperationError | undefined;
	const answer = await apiRequest.call(ctx, 'GET', path, { platform2, notFound }).catch((error: unknown) => {
		// The transport's errors are NodeApiError / NodeOperationError already.
		failure = error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), error as Error);
	});
	if (failure !== undefined) {
		if (String((failure as { httpCode?: unknown }).httpCode) === '404') return undefined;
		throw failure;
	}
	const data = dataOf(answer);
	return isObject(data) ? data : {};
}

async function patch(ctx: IHookFunctions, path: string, body: IDataObject, platform2: Platform2Request, notFound: string): Promise<void> {
	await apiRequest.call(ctx, 'PATCH', path, { platform2, body, notFound, effect: 'the setting may have been changed' });
}

const assistantWebhook: Destination = {
	noun: 'Assistant',
	async read(ctx, id) {
		const record = await readOrGone(ctx, `/assistants/${id}`, op('Get Assistant', 'assistants:read'), `Assistant ${id}`);
		if (!record) return undefined;
		return { webhook_url: text(record.webhook_url), webhook_delivery_mode: text(record.webhook_delivery_mode) ?? 'none' };
	},
	urlOf: (s) => text(s.webhook_url),
	none: { webhook_url: null, webhook_delivery_mode: 'none' },
	async register(ctx, id, url) {
		await patch(ctx, `/assistants/${id}`, { webhook_url: url, webhook_delivery_mode: 'custom' }, op('Update Assistant', 'assistants:write'), `Assistant ${id}`);
	},
	async restore(ctx, id, saved) {
		const body = { webhook_url: text(saved.webhook_url), webhook_delivery_mode: text(saved.webhook_delivery_mode) ?? 'none' };
		await patch(ctx, `/assistants/${id}`, body, op('Update Assistant', 'assistants:write'), `Assistant ${id}`);
	},
	isRegistered: (s, matches) => s.webhook_delivery_mode === 'custom' && matches(text(s.webhook_url)),
};

const connectorWebhook: Destination = {
	noun: 'Messaging connector',
	async read(ctx, id) {
		// The API has no single-connector read: the list is unpaged.
		const answer = await apiRequest.call(ctx, 'GET', '/messaging-connectors', { platform2: op('List Messaging Connectors', 'assistants:read') });
		const rows = dataOf(answer);
		const record = Array.isArray(rows) ? (rows as unknown[]).find((row) => isObject(row) && String(row.id) === id) : undefined;
		return isObject(record) ? { conversation_ended_webhook_url: text(record.conversation_ended_webhook_url) } : undefined;
	},
	urlOf: (s) => text(s.conversation_ended_webhook_url),
	none: { conversation_ended_webhook_url: null },
	async register(ctx, id, url) {
		await patch(ctx, `/messaging-connectors/${id}`, { conversation_ended_webhook_url: url }, op('Update Messaging Connector', 'assistants:write'), `Messaging connector ${id}`);
	},
	async restore(ctx, id, saved) {
		const body = { conversation_ended_webhook_url: text(saved.conversation_ended_webhook_url) };
		await patch(ctx, `/messaging-connectors/${id}`, body, op('Update Messaging Connector', 'assistants:write'), `Messaging connector ${id}`);
	},
	isRegistered: (s, matches) => matches(text(s.conversation_ended_webhook_url)),
};

/** The custom variables, sent back with every PATCH of the "replace" operation. */
const keptVariables = (current: Settings): IDataObject => (isObject(current.variables) ? { variables: current.variables } : {});

const variableWebhook: Destination = {
	noun: 'Assistant',
	async read(ctx, id) {
		const doc = await readOrGone(ctx, `/assistants/${id}/variables`, op('Get Assistant Variables', 'assistants:read'), `Assistant ${id}`);
		if (!doc) return undefined;
		return { variable_webhook_url: text(doc.variable_webhook_url), ...keptVariables(doc) };
	},
	urlOf: (s) => text(s.variable_webhook_url),
	none: { variable_webhook_url: null },
	async register(ctx, id, url, current, secret) {
		const body = { ...keptVariables(current), variable_webhook_url: url, variable_webhook_secret: secret ?? null };
		await patch(ctx, `/assistants/${id}/variables`, body, op('Update Assistant Variables', 'assistants:write'), `Assistant ${id}`);
	},
	async restore(ctx, id, saved, current) {
		const url = text(saved.variable_webhook_url);
		// The previous secret is write-only and cannot be put back; with no previous URL ours is cleared.
		const body = { ...keptVariables(current), variable_webhook_url: url, ...(url === null ? { variable_webhook_secret: null } : {}) };
		await patch(ctx, `/assistants/${id}/variables`, body, op('Update Assistant Variables', 'assistants:write'), `Assistant ${id}`);
	},
	isRegistered: (s, matches) => matches(text(s.variable_webhook_url)),
};

/** The destination an event takes over; undefined for the workspace webhook (set in the dashboard). */
export function destinationOf(event: Platform2Event): Destination | undefined {
	if (event === 'assistantCallCompleted') return assistantWebhook;
	if (event === 'connectorConversationEnded') return connectorWebhook;
	if (event === 'inboundVariables') return variableWebhook;
	return undefined;
}
