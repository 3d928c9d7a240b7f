/** Query rules shared by the two paged lists. */
import type { Rules } from '../validation';

export const perPageRules: Rules = { per_page: { type: 'integer', between: [1, 100] } };

/** Laravel resolves a missing or unusable page number to 1. */
export function readPage(query: Record<string, string>): number {
	const page = Number(query.page);
	return Number.isInteger(page) && page >= 1 ? page : 1;
}
