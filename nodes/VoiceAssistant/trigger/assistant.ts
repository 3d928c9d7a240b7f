import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, JsonObject } from 'n8n-workflow';

import { PAGE_SIZE } from '../shared/limits';
import { apiRequestAllPages } from '../transport/paginate';

/** The assistant id from the resource locator (list or ID mode), as the integer the API expects. */
export function assistantIdParameter(ctx: IHookFunctions): number {
	const raw = ctx.getNodeParameter('assistantId', undefined, { extractValue: true }) as unknown;
	// Digits only, like shared/validate.ts requireId: "0x10" or "1e3" must not select assistant 16 or 1000.
	const text = typeof raw === 'string' ? raw.trim() : '';
	const id = typeof raw === 'number' ? raw : /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(id) || id <= 0) {
		throw new NodeOperationError(ctx.getNode(), `"${String(raw ?? '').slice(0, 100)}" is not a valid assistant ID`, {
			description: 'Choose an assistant from the list or enter its numeric ID.',
		});
	}
	return id;
}

/**
 * Reads one assistant from the assistants list (the API has no single-assistant GET).
 * undefined when no page holds it.
 */
export async function lookupAssistant(ctx: IHookFunctions, assistantId: number): Promise<IDataObject | undefined> {
	const assistants = await apiRequestAllPages.call(ctx, '/user/assistants/get', {}, {
		returnAll: true,
		maxPerPage: PAGE_SIZE.assistants.max,
	});
	return assistants.find((record) => Number(record.id) === assistantId);
}

/** Like lookupAssistant, but a missing assistant is an error the user sees. */
export async function requireAssistant(ctx: IHookFunctions, assistantId: number): Promise<IDataObject> {
	const assistant = await lookupAssistant(ctx, assistantId);
	if (assistant) return assistant;
	throw new NodeApiError(ctx.getNode(), { message: 'Assistant not found' } as JsonObject, {
		message: `Assistant ${assistantId} was not found`,
		description:
			'The assistants list of this credential does not contain it. It may have been deleted or belong to another account.',
		httpCode: '404',
	});
}
