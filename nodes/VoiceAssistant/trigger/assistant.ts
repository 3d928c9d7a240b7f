import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IHookFunctions, JsonObject } from 'n8n-workflow';

import { PAGE_SIZE } from '../shared/limits';
import { apiRequest } from '../transport/request';
import type { PageEnvelope } from '../transport/paginate';

/** The assistant id from the resource locator (list or ID mode), as the integer the API expects. */
export function assistantIdParameter(ctx: IHookFunctions): number {
	const raw = ctx.getNodeParameter('assistantId', undefined, { extractValue: true }) as unknown;
	const id = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim());
	if (!Number.isInteger(id) || id <= 0) {
		throw new NodeOperationError(ctx.getNode(), `"${String(raw ?? '')}" is not a valid assistant ID`, {
			description: 'Choose an assistant from the list or enter its numeric ID.',
		});
	}
	return id;
}

/**
 * Reads one assistant from the assistants list (the API has no single-assistant GET), page by page
 * with the largest page size, stopping at the page that holds it. undefined when no page does.
 */
export async function lookupAssistant(ctx: IHookFunctions, assistantId: number): Promise<IDataObject | undefined> {
	for (let page = 1; ; page++) {
		const envelope = (await apiRequest.call(ctx, 'GET', '/user/assistants/get', {
			qs: { per_page: PAGE_SIZE.assistants.max, page },
		})) as PageEnvelope | IDataObject[] | undefined;
		// Some deployments answer with a bare array: treat it as the only page.
		const records = Array.isArray(envelope) ? envelope : Array.isArray(envelope?.data) ? envelope.data : [];
		const found = records.find((record) => Number(record.id) === assistantId);
		if (found) return found;
		if (Array.isArray(envelope) || !envelope || records.length === 0) return undefined;
		const lastPage = Number(envelope.last_page ?? page);
		if (page >= lastPage || envelope.next_page_url === null) return undefined;
	}
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
