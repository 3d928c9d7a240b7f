/** What the poller's reads answer: a page of the call list, one call by id, and how a read by id fails. */
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../../../../shared/objects';

/**
 * What the poller knows of a credential's GET /user/calls/{id} (beyond the reference: a deployment
 * may lack it): not tried yet, answered at least once, or missing (the call list serves every wait).
 */
export type CallRoute = 'unknown' | 'served' | 'missing';

/** How a failed GET /user/calls/{id} reads. */
export type ByIdFailure = 'route-missing' | 'call-unknown' | 'other';

/**
 * A deployment without the route answers 405 (only DELETE routed) or its router's 404 ("The route …
 * could not be found."); an unknown call is a 404 naming the call ("Call not found"). A 404 that
 * says neither (no body, a proxy's page) counts as a missing route until the route has answered once:
 * falling back to the list never fails an item wrongly, while failing it on a guess would.
 */
export function classifyByIdFailure(error: unknown, route: CallRoute): ByIdFailure {
	const failure = (error ?? {}) as { httpCode?: unknown; message?: unknown };
	const code = String(failure.httpCode ?? '');
	const message = typeof failure.message === 'string' ? failure.message : '';
	if (code === '405') return 'route-missing';
	if (code !== '404') return 'other';
	if (/\broute\b/i.test(message)) return 'route-missing';
	if (route === 'served' || /\bcall\b/i.test(message)) return 'call-unknown';
	return 'route-missing';
}

/** The record in an answer of GET /user/calls/{id}: bare, or wrapped in `data`; undefined if it is not that call. */
export function callRecordIn(answer: unknown, callId: number): IDataObject | undefined {
	if (!isObject(answer)) return undefined;
	const record = answer.id === undefined && isObject(answer.data) ? answer.data : answer;
	return Number(record.id) === callId ? { ...record, id: callId } : undefined;
}

/** The reason an item fails when the platform does not know its call. */
export function callUnknownReason(error: unknown): string {
	const said = (error as { message?: unknown } | undefined)?.message;
	const quoted = typeof said === 'string' && said !== '' && said !== 'Not found' ? ` "${said}"` : '';
	return `the platform answered 404${quoted} (the call was deleted, or make_call answered a wrong call_id)`;
}

/** One page of GET /user/calls: its records, and whether there are more pages. */
export function listPage(answer: unknown): { records: IDataObject[]; more: boolean } {
	const page = answer as IDataObject | IDataObject[] | undefined;
	const records = Array.isArray(page) ? page : Array.isArray(page?.data) ? (page.data as IDataObject[]) : [];
	const total = Number(Array.isArray(page) ? records.length : page?.total);
	const lastPage = Number(Array.isArray(page) ? 1 : page?.last_page);
	return { records, more: (Number.isFinite(total) && total > records.length) || lastPage > 1 };
}
