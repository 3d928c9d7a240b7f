/**
 * poll() on Platform 2.0: one event's list (feeds.ts), read from its newest record, whichever end of
 * the list that is (listOrder.ts), while records are newer than the cursor (cursor.ts), within the
 * polling share of the key's rate limit (../budget.ts, the same budget classic polling keeps to, keyed
 * by the 2.0 target). "Fetch Test Event" returns the newest record holding the event and leaves the
 * cursor alone.
 */
import { NodeOperationError, deepCopy } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { unexpectedAnswerError } from '../../transport/errors';
import type { Platform2Request } from '../../transport/platform2Request';
import { apiRequest } from '../../transport/request';
import { ShareUsedUp, type RequestShare } from '../../transport/share';
import { requestTarget } from '../../transport/target';
import { pageShare, pollingBudget } from '../budget';
import { pollingClock } from '../clock';
import { currentFeedSweep, newFeedCursor, storedFeedCursor, takeFeedPage, type FeedCursor, type FeedEvent, type FeedRow } from './cursor';
import { feedOf, feedSignature, type Feed } from './feeds';
import { ListWalk, orderOfRows, type ListPage } from './listOrder';
import { takeWholeList } from './membership';
import { platform2Time } from './recordEvents';
import { readPlatform2PollingSettings } from './settings';

/** Where the cursor lives in the node's static data (beside classic's callCursor). */
export const CURSOR2_KEY = 'platform2Cursor';
/** The first page of a sweep: the records near the mark last time, and this many more. */
export const FIRST_PAGE_EXTRA = 20;
const TIME_SHARE = 0.5;
/** Most pages a list read whole may take in one poll (2,000 records): beyond, the event cannot be followed by polling. */
export const MAX_WHOLE_PAGES = 10;

const running = new Set<string>();


/** A record as the cursor reads it; in a list put in order here, one without the order time goes by its event's time. */
function rowOf(feed: Feed, record: IDataObject): FeedRow {
	const events = feed.events(record);
	const order = platform2Time(record[feed.order]) ?? (feed.unpaged || feed.whole ? events[0]?.at : undefined);
	return { order, events };
}

const newestFirstInPlace = (rows: FeedRow[]) => rows.sort((a, b) => (b.order ?? -Infinity) - (a.order ?? -Infinity));

async function readPage(ctx: IPollFunctions, feed: Feed, qs: IDataObject, share?: RequestShare): Promise<ListPage> {
	const platform2: Platform2Request = { operation: feed.name, scopes: feed.scopes };
	const answer = (await apiRequest.call(ctx, 'GET', feed.path, { qs: feed.unpaged ? feed.query : { ...feed.query, ...qs }, platform2, share })) as IDataObject | undefined;
	const data = feed.rowsAt && answer?.data && typeof answer.data === 'object' ? (answer.data as IDataObject)[feed.rowsAt] : answer?.data;
	if (answer === null || typeof answer !== 'object' || !Array.isArray(data)) {
		throw unexpectedAnswerError({ node: ctx.getNode(), method: 'GET', endpoint: feed.path }, 'a page of records ({"data": [...], "meta": {...}})', answer);
	}
	const records = data as IDataObject[];
	const total = Number((answer.meta as IDataObject | undefined)?.pagination && ((answer.meta as IDataObject).pagination as IDataObject).total);
	const offset = Number(qs.offset ?? 0);
	const last = feed.unpaged === true || records.length < Number(qs.limit) || (Number.isFinite(total) && offset + records.length >= total);
	const rows = records.map((record) => rowOf(feed, record));
	// the whole list at once: its order is ours to give (newest first, as the cursor reads)
	if (feed.unpaged) newestFirstInPlace(rows);
	return { rows, last, ...(Number.isFinite(total) ? { total } : {}) };
}

function notOrdered(ctx: IPollFunctions, feed: Feed, why: 'neither' | 'noTotal'): NodeOperationError {
	const message =
		why === 'neither'
			? `The list of ${feed.name} is ordered by ${feed.order} neither newest first nor oldest first, so the polling trigger cannot follow it`
			: `The list of ${feed.name} is not newest first by ${feed.order} and gives no total (meta.pagination.total), so the polling trigger cannot find its newest records`;
	return new NodeOperationError(ctx.getNode(), message, {
		description: `GET ${feed.path} answered its records in an order the trigger cannot follow. Use the Voice Assistant Trigger (webhook) with this platform.`,
	});
}

function wholeTooLong(ctx: IPollFunctions, feed: Feed): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${feed.name} holds more than ${MAX_WHOLE_PAGES * feed.pageLimit} records in this status, more than the polling trigger reads each poll`, {
		description: `This event is read from the whole list (GET ${feed.path} has no order to follow). Use the Voice Assistant Trigger (webhook) for it.`,
	});
}

function itemOf(feed: Feed, event: FeedEvent): INodeExecutionData {
	return { json: { event: feed.eventName, ...event.record } };
}

function pollTimeMs(ctx: IPollFunctions): number {
	const withBudget = ctx as { getPollBudgetMs?: () => number };
	const ms = typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : 300_000;
	return Number.isFinite(ms) && ms > 0 ? ms * TIME_SHARE : 150_000;
}

/** The events since the last poll (each once), oldest first. */
export async function pollFeed(ctx: IPollFunctions, feed: Feed, signature: string): Promise<{ events: FeedEvent[]; pages: number; thinned: boolean }> {
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = storedFeedCursor(staticData[CURSOR2_KEY], signature);
	const cursor: FeedCursor = stored ? (deepCopy(stored) as FeedCursor) : newFeedCursor(signature);
	const budget = pollingBudget((await requestTarget(ctx, 'platform2')).key);
	const started = pollingClock.now();
	const result = { events: [] as FeedEvent[], pages: 0, thinned: false };
	let free = !cursor.started; // the activation page always goes: it fixes "now"
	// a `whole` list is taken only once every page is in (rows in no order say nothing until then)
	const wholeRows: FeedRow[] = [];
	const firstSize = Math.min(feed.pageLimit, cursor.near + FIRST_PAGE_EXTRA);
	const walk = feed.whole ? undefined : new ListWalk(cursor, () => currentFeedSweep(cursor), firstSize, feed.pageLimit);
	for (;;) {
		const now = pollingClock.now();
		if (!free && (budget.waitMs(now) > 0 || now - started > pollTimeMs(ctx))) {
			result.thinned = true;
			break;
		}
		const sweep = cursor.started && !feed.whole ? currentFeedSweep(cursor) : undefined;
		const ask = walk ? walk.next() : { offset: wholeRows.length, limit: feed.pageLimit };
		const qs: IDataObject = { limit: ask.limit, offset: ask.offset };
		if (feed.since && sweep && sweep.stop !== null) qs[feed.since] = new Date(sweep.stop).toISOString();
		// Every attempt, a retry after a 5xx too, comes out of the share (../budget.ts).
		const share = pageShare(budget, free);
		free = false;
		const settled = await readPage(ctx, feed, qs, share).then((page) => ({ page }), (error: unknown) => ({ error }));
		if ('error' in settled && settled.error instanceof ShareUsedUp) {
			result.thinned = true; // another polling trigger on the key took the room since the check above
			break;
		}
		// A failed first page fails the poll (n8n reports it; the cursor stays as it was); after that,
		// pages already taken stay taken and the next poll goes on from here.
		if ('error' in settled && result.pages === 0) throw settled.error;
		if ('error' in settled) {
			ctx.logger.warn(`Voice Assistant Polling Trigger: reading ${feed.name} stopped (${(settled.error as Error).message}); the next poll goes on from here`);
			result.thinned = true;
			break;
		}
		let page = settled.page;
		result.pages += 1;
		if (walk) {
			const step = walk.step(page, ask);
			if (step.kind === 'fail') throw notOrdered(ctx, feed, step.why);
			if (step.kind === 'ended') {
				ctx.logger.warn(`Voice Assistant Polling Trigger: reading ${feed.name} stopped (${step.why}); the next poll reads it afresh`);
				break;
			}
			if (step.kind === 'again') {
				free = !cursor.started; // the activation's pages all go: together they fix "now"
				continue;
			}
			page = { rows: step.rows, last: step.last };
		}
		if (feed.whole) {
			wholeRows.push(...page.rows);
			if (!page.last) {
				if (result.pages >= MAX_WHOLE_PAGES) throw wholeTooLong(ctx, feed);
				// the rest of the list goes beside the share (the pacer still paces it with everything on the key)
				free = true;
				continue;
			}
			// every record is read: none is skipped for being older than the mark, each event's own time decides
			if (cursor.started) currentFeedSweep(cursor).stop = null;
		}
		const outcome = feed.whole ? takeWholeList(cursor, newestFirstInPlace(wholeRows), result.pages === 1) : takeFeedPage(cursor, page.rows, page.last);
		result.events.push(...outcome.emit);
		for (const what of outcome.givenUp) ctx.logger.warn(`Voice Assistant Polling Trigger: no longer followed: ${what}`);
		if (outcome.sweepDone) break;
	}
	staticData[CURSOR2_KEY] = cursor;
	result.events.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1));
	return result;
}

/** "Fetch Test Event": the newest record of the list holding the event (at its end when the list is oldest first); nothing is stored. */
async function latestEvent(ctx: IPollFunctions, feed: Feed): Promise<INodeExecutionData[][]> {
	const first = await readPage(ctx, feed, { limit: feed.pageLimit, offset: 0 });
	const rows = [...first.rows];
	if (!first.last && first.total !== undefined && orderOfRows(first.rows) !== 'newest') {
		rows.push(...(await readPage(ctx, feed, { limit: feed.pageLimit, offset: Math.max(feed.pageLimit, first.total - feed.pageLimit) })).rows);
	}
	const found = newestFirstInPlace(rows).find((row) => row.events.length > 0);
	if (found) return [[itemOf(feed, found.events[0])]];
	throw new NodeOperationError(ctx.getNode(), `No ${feed.eventName} event in the newest ${feed.pageLimit} records yet`, {
		description: 'Make one happen (or widen the filters), then fetch again.',
	});
}

export async function pollPlatform2(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readPlatform2PollingSettings(this);
	const feed = feedOf(settings);
	if (this.getMode() === 'manual') return await latestEvent(this, feed);
	const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
	if (running.has(key)) return null;
	running.add(key);
	try {
		const { events, pages, thinned } = await pollFeed(this, feed, feedSignature(settings));
		if (thinned) this.logger.debug(`Voice Assistant Polling Trigger: read ${pages} page(s), the rest at the next poll`);
		return events.length > 0 ? [events.map((event) => itemOf(feed, event))] : null;
	} finally {
		running.delete(key);
	}
}
