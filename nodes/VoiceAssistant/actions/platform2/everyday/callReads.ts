import type { IDataObject } from 'n8n-workflow';

import type { EarlierCall, HistoryReader } from '../../../engine/callingRules';
import type { Api, ApiCall } from '../../../engine/operation';
import { isObject } from '../../../shared/objects';
import { OPERATIONS } from '../catalog/catalog.generated';

/**
 * The Platform 2.0 reads Create Call and Get Call make besides their own request: a call by id, the
 * outbound calls of a window (Skip If Called Within),
 * the daily outbound allowance (to explain a refusal) and a recording's signed URL. Each goes through
 * the same transport as the generated operations, with its catalogue entry's name and scopes.
 */
export function platform2Read(id: string, path: string, qs?: IDataObject, paging?: ApiCall['paging']): ApiCall {
	const entry = OPERATIONS.find((op) => op.id === id);
	return {
		method: 'GET',
		path,
		...(qs ? { qs } : {}),
		...(paging ? { paging } : {}),
		platform2: { operation: entry?.name ?? id, scopes: entry?.scopes },
	};
}

/** The record of `{data: {...}}` (or a bare record). */
export function dataOf(answer: unknown): IDataObject {
	if (!isObject(answer)) return {};
	return isObject(answer.data) ? answer.data : answer;
}

/** Skip If Called Within reads this many outbound calls of the window at most (25 pages of 200). */
export const HISTORY_MAX_CALLS = 5000;
const PAGE = 200;

/**
 * Skip If Called Within on 2.0: listCalls has no phone filter, so the window's outbound calls (of the
 * assistant, or of any) are read page by page (limit/offset, 200 a page, the transport's walker) and
 * matched by number here. Times are ISO with a zone on 2.0, so `from` is the window's start itself.
 * More than HISTORY_MAX_CALLS calls in the window fail the batch rather than miss an earlier call.
 */
export const platform2History: HistoryReader = async (api, query) => {
	const qs: IDataObject = { direction: 'outbound', from: new Date(query.since).toISOString(), sort: 'created_at' };
	if (query.assistantId !== undefined) qs.assistant_id = query.assistantId;
	const answer = await api.request(platform2Read('listCalls', '/calls', qs, { returnAll: false, limit: HISTORY_MAX_CALLS + 1, maxPerPage: PAGE, style: 'offset' }));
	const records = (Array.isArray(answer) ? answer : []).filter(isObject);
	if (records.length > HISTORY_MAX_CALLS) {
		throw new Error(
			`Skip If Called Within found more than ${HISTORY_MAX_CALLS} outbound calls in its window: shorten Within (Hours) or count calls By This Assistant`,
		);
	}
	const wanted = new Set(query.numbers);
	const found = new Map<string, EarlierCall>();
	for (const record of records) {
		const phone = typeof record.to_number === 'string' ? `+${record.to_number.replace(/\D/g, '')}` : '';
		const created = typeof record.created_at === 'string' ? record.created_at : '';
		const at = Date.parse(created);
		if (!wanted.has(phone) || !Number.isFinite(at) || at < query.since) continue;
		const known = found.get(phone);
		if (!known || at > known.at) {
			found.set(phone, { id: String(record.id), status: typeof record.status === 'string' ? record.status : 'unknown', created_at: created, at });
		}
	}
	return found;
};

/** Today's outbound allowance in words, e.g. "3 of 3 calls used today; resets 2026-05-02T00:00:00Z" (undefined when unreadable). */
export async function outboundAllowance(api: Api): Promise<string | undefined> {
	try {
		const limits = dataOf(await api.request(platform2Read('getOutboundLimits', '/settings/outbound-limits')));
		const limit = limits.daily_limit ?? limits.limit;
		const used = limits.used_today ?? limits.used;
		if (limit === undefined && used === undefined) return undefined;
		const resets = typeof limits.resets_at === 'string' ? `; resets ${limits.resets_at}` : '';
		return `${String(used ?? '?')} of ${String(limit ?? '?')} calls used today${resets}`;
	} catch {
		return undefined;
	}
}
