/**
 * Lists as the catalogue's `paging` says: `limit/offset` (meta.pagination {total, limit, offset}),
 * `cursor` (an opaque cursor in the operation's cursor parameter, `cursor` or `after`; meta.next_cursor
 * out, null at the end), `limit-only` (the first `limit` rows) and `none` (every row). Filters first:
 * a query value equal to a record field keeps the rows that have it (`?status=queued`), `q` / `search`
 * keep the rows with that text in any string field.
 */
import { data, invalid, type P2Answer } from './answers';
import type { P2Operation } from './catalog';
import { inListOrder, type SandboxListOrder } from './listOrder';
import type { P2Record } from './records';

const NOT_FILTERS = new Set(['limit', 'offset', 'cursor', 'after', 'sort', 'q', 'search', 'include_occurrences']);

/** Lists the README says nest their rows under a key (`GET /automations` → data.automations). */
const NESTED_LISTS: Record<string, string> = { listAutomations: 'automations' };

export function filterRows(rows: P2Record[], values: Record<string, unknown>, op: P2Operation): P2Record[] {
	let out = rows;
	for (const param of op.queryParams) {
		const value = values[param.name];
		if (NOT_FILTERS.has(param.name) || value === undefined || param.default === value) continue;
		if (Array.isArray(value)) out = out.filter((r) => !(param.name in r) || value.includes(r[param.name]));
		else if (typeof value !== 'object') out = out.filter((r) => !(param.name in r) || String(r[param.name]) === String(value));
	}
	const text = values.q ?? values.search;
	if (typeof text === 'string' && text !== '') {
		const needle = text.toLowerCase();
		out = out.filter((r) => Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)));
	}
	return out;
}

export function encodeCursor(offset: number): string {
	return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(text: string): number | null {
	const m = /^o:(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
	return m ? Number(m[1]) : null;
}

/** The answer of a list operation; a `limit/offset` list in the sandbox's list order (listOrder.ts: newest first unless set). */
export function pageOf(op: P2Operation, rows: P2Record[], values: Record<string, unknown>, order?: SandboxListOrder): P2Answer {
	const details = op.pagingDetails ?? {};
	const limit = typeof values.limit === 'number' ? values.limit : (details.limitDefault ?? 50);
	if (details.limitMax !== undefined && limit > details.limitMax) return invalid('limit', `must be at most ${details.limitMax}`);
	switch (op.paging) {
		case 'limit/offset': {
			const offset = typeof values.offset === 'number' ? values.offset : 0;
			if (offset < 0) return invalid('offset', 'must be at least 0');
			return data(inListOrder(rows, order).slice(offset, offset + limit), { pagination: { total: rows.length, limit, offset } });
		}
		case 'cursor': {
			const param = details.cursorParam ?? 'cursor';
			const given = values[param];
			const offset = typeof given === 'string' && given !== '' ? decodeCursor(given) : 0;
			if (offset === null) return invalid(param, 'is not a cursor this API issued');
			const end = offset + limit;
			return data(rows.slice(offset, end), { next_cursor: end < rows.length ? encodeCursor(end) : null });
		}
		case 'limit-only':
			return data(rows.slice(0, limit), { limit });
		default: {
			const nest = NESTED_LISTS[op.id];
			return data(nest ? { [nest]: rows } : rows);
		}
	}
}
