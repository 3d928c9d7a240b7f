/**
 * The order the 2.0 mode answers its paged lists in (every `limit/offset` list, meta.pagination.total):
 * newest first, the default (each list's own order: the store's newest created first, or the time a
 * polling list sorts by, behaviours/pollingLists.ts), or oldest first, the same rows the other way round.
 * The catalogue states no order for these lists, so a platform may answer either; the polling trigger
 * must follow both. Set per sandbox with `sb.platform2.setListOrder('oldest')` (reset() goes back to the
 * default), the `platform2ListOrder` option (CLI `--list-order oldest`: the default itself), or over HTTP
 * with POST /sandbox/platform2/list-order `{order}`.
 */
import type { P2Answer } from './answers';

export type SandboxListOrder = 'newest' | 'oldest';

export const LIST_ORDERS: readonly SandboxListOrder[] = ['newest', 'oldest'];

export function isListOrder(value: unknown): value is SandboxListOrder {
	return LIST_ORDERS.includes(value as SandboxListOrder);
}

/** The rows of a paged list (newest first) in the order the sandbox answers. */
export function inListOrder<T>(rows: T[], order: SandboxListOrder | undefined): T[] {
	return order === 'oldest' ? [...rows].reverse() : rows;
}

/** Body `{order: "newest"|"oldest"}` → 200 `{order}`; until the sandbox is reset. */
export function listOrderRoute(platform2: { setListOrder(order: SandboxListOrder): void }, body: unknown): P2Answer {
	const { order } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
	if (!isListOrder(order)) return { status: 422, body: { message: 'Send {"order": "newest" or "oldest"}' } };
	platform2.setListOrder(order);
	return { status: 200, body: { order } };
}
