/**
 * The list a Platform 2.0 polling trigger reads for its event and filters: the event's row
 * (events.ts) with what the catalogue says of its operation (name, path, scopes, page size).
 */
import type { IDataObject } from 'n8n-workflow';

import { OPERATIONS } from '../../actions/platform2/catalog/catalog.generated';
import type { CatalogOperation } from '../../actions/platform2/catalog/types';
import type { FeedEvent } from './cursor';
import { EVENTS2, FILTERS, pollingEvent, type Platform2PollingEvent, type Filter, type OrderField, type PollingEvent } from './events';

/** The trigger's parameters on Platform 2.0, read once per poll (settings.ts). */
export type Platform2PollingSettings = { event: Platform2PollingEvent } & Partial<Record<Filter, string>>;

export interface Feed {
	/** catalogue operation id */
	operation: string;
	/** the list's name errors say: the catalogue's "Get Many Calls" as "List Calls" */
	name: string;
	path: string;
	/** the catalogue's scopes: every requirement, each a list of alternatives */
	scopes: string[][];
	/** the largest page a request asks for (the catalogue's limit maximum) */
	pageLimit: number;
	order: OrderField;
	since?: string;
	/** server-side filters (and sort) every request carries */
	query: IDataObject;
	/** the whole list comes in one answer (the catalogue gives it no limit/offset): read whole, put in order here */
	unpaged?: true;
	whole?: true;
	rowsAt?: string;
	eventName: string;
	events(record: IDataObject): FeedEvent[];
}

function catalogueOperation(id: string): CatalogOperation {
	const operation = OPERATIONS.find((op) => op.id === id && op.method === 'GET');
	// a row naming an operation the catalogue lost fails the node's load and the tests, never a poll
	if (operation === undefined) throw new Error(`Polling event list "${id}" is not a GET operation of the Platform 2.0 catalogue`);
	return operation;
}

/**
 * An unpaged list answers whole, but the list walk still counts it in pages: it counts in the page size
 * of the paged lists (the largest the catalogue allows them), as it always has.
 */
const LARGEST_PAGE = Math.max(...EVENTS2.map((event) => catalogueOperation(pollingEvent(event).operation).paging?.max ?? 0));

/** The list (not yet filtered) each event is read from: checked against the catalogue once, when the node loads. */
const LISTS = Object.fromEntries(
	EVENTS2.map((event) => {
		const operation = catalogueOperation(pollingEvent(event).operation);
		const paged = operation.paging !== undefined && operation.paging.max > 0;
		const list = {
			name: operation.name.replace(/^Get Many /, 'List '),
			path: operation.path,
			scopes: operation.scopes ?? [],
			pageLimit: paged ? operation.paging!.max : LARGEST_PAGE,
			unpaged: !paged,
		};
		return [event, list];
	}),
) as Record<Platform2PollingEvent, Pick<Feed, 'name' | 'path' | 'scopes' | 'pageLimit'> & { unpaged: boolean }>;

/** The query every request carries: sort, the event's status, then the filters set, in FILTERS order (the cursor's key keeps that order). */
function queryOf(row: PollingEvent, settings: Platform2PollingSettings): IDataObject {
	const query: IDataObject = {};
	if (row.sort) query.sort = row.order;
	if (row.status !== undefined) query.status = row.status;
	for (const filter of FILTERS) {
		const key = row.filters?.[filter];
		const value = settings[filter];
		if (key !== undefined && value !== undefined && value !== '') query[key] = value;
	}
	return query;
}

export function feedOf(settings: Platform2PollingSettings): Feed {
	const row = pollingEvent(settings.event);
	const { unpaged, ...list } = LISTS[settings.event];
	return {
		operation: row.operation,
		...list,
		order: row.order,
		query: queryOf(row, settings),
		eventName: row.eventName,
		events: row.events,
		...(unpaged ? { unpaged: true as const } : {}),
		...(row.whole ? { whole: row.whole } : {}),
		...(row.rowsAt ? { rowsAt: row.rowsAt } : {}),
		...(row.since ? { since: row.since } : {}),
	};
}

/** The cursor's key: another event or other server-side filters show other records, so the cursor starts afresh. */
export function feedSignature(settings: Platform2PollingSettings): string {
	const feed = feedOf(settings);
	return JSON.stringify({ event: settings.event, path: feed.path, query: feed.query });
}
