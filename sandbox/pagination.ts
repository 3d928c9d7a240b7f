/**
 * Laravel's LengthAwarePaginator as JSON. Page URLs carry only `?page=N` (Laravel's default without
 * withQueryString()), so a client following next_page_url must re-send per_page and filters itself.
 * `links` follows Laravel's UrlWindow (3 pages on each side, "..." gaps, Previous/Next labels).
 */
export interface PageLink {
	url: string | null;
	label: string;
	active: boolean;
}

const ON_EACH_SIDE = 3;

function range(from: number, to: number): number[] {
	const out: number[] = [];
	for (let i = from; i <= to; i++) out.push(i);
	return out;
}

/** Page numbers and gaps (null) as Laravel's UrlWindow lays them out. */
function windowPages(current: number, last: number): Array<number | null> {
	if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
	const window = ON_EACH_SIDE + 4;
	if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, last - 1, last];
	if (current > last - window) return [1, 2, null, ...range(last - (window + (ON_EACH_SIDE - 1)), last)];
	return [1, 2, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, last - 1, last];
}

export function paginate<T, R>(items: T[], page: number, perPage: number, path: string, map: (item: T) => R) {
	const total = items.length;
	const lastPage = Math.max(1, Math.ceil(total / perPage));
	const start = (page - 1) * perPage;
	const slice = items.slice(start, start + perPage);
	const url = (n: number) => `${path}?page=${n}`;
	const prev = page > 1 ? url(page - 1) : null;
	const next = page < lastPage ? url(page + 1) : null;
	const links: PageLink[] = [
		{ url: prev, label: '&laquo; Previous', active: false },
		...windowPages(page, lastPage).map((n) =>
			n === null ? { url: null, label: '...', active: false } : { url: url(n), label: String(n), active: n === page },
		),
		{ url: next, label: 'Next &raquo;', active: false },
	];
	return {
		current_page: page,
		data: slice.map(map),
		first_page_url: url(1),
		from: slice.length ? start + 1 : null,
		last_page: lastPage,
		last_page_url: url(lastPage),
		links,
		next_page_url: next,
		path,
		per_page: perPage,
		prev_page_url: prev,
		to: slice.length ? start + slice.length : null,
		total,
	};
}
