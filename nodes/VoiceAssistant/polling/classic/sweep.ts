/**
 * One poll of the call list: continues (or starts) the cursor's sweep, one page after the other,
 * while the polling share of the rate limit (budget.ts) and n8n's time for the poll allow, and
 * returns the calls that ended. The cursor is worked on as a copy and written back to the node's
 * static data at the end, so a poll that fails before taking any page leaves it as it was.
 */
import { NodeOperationError, deepCopy } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { PAGE_SIZE } from '../../shared/limits';
import { unexpectedAnswerError } from '../../transport/errors';
import { apiRequest } from '../../transport/request';
import { listDateFrom } from '../../shared/platformTime';
import { ShareUsedUp } from '../../transport/share';
import { accountTimeZone, requestTarget } from '../../transport/target';
import { pageShare, pollingBudget } from '../budget';
import { pollingClock } from '../clock';
import { currentSweep, listedCall, newCursor, storedCursor, takePage, type CallCursor, type ListedCall, type PageInfo } from './cursor';
import { filterSignature, type PollSettings } from './settings';

/** Where the cursor lives in the node's static data. */
export const CURSOR_KEY = 'callCursor';
const ENDPOINT = '/user/calls';
const PER_PAGE = PAGE_SIZE.calls.max;
/** n8n abandons a poll after its poll budget (5 minutes by default); stop reading pages well before. */
const TIME_SHARE = 0.5;

export interface PollResult {
	ended: ListedCall[];
	/** pages read by this poll */
	pages: number;
	/** the sweep goes on at the next poll (this one reached its share of the rate limit or its time) */
	thinned: boolean;
}

/** The records of one page and what its envelope says about the next. */
export function readPage(ctx: IPollFunctions, answer: unknown, page: number): { records: IDataObject[]; info: PageInfo } {
	// Some deployments answer a list with a bare array: the whole list, one page.
	if (Array.isArray(answer)) return { records: answer as IDataObject[], info: { last: true } };
	const envelope = answer as IDataObject | null | undefined;
	if (envelope === null || typeof envelope !== 'object' || !Array.isArray(envelope.data)) {
		throw unexpectedAnswerError({ node: ctx.getNode(), method: 'GET', endpoint: ENDPOINT }, 'a page of records (a "data" list)', answer);
	}
	const records = envelope.data as IDataObject[];
	const lastPage = Number(envelope.last_page);
	const total = Number(envelope.total);
	let last: boolean;
	if (Number.isFinite(lastPage) && lastPage > 0) last = page >= lastPage;
	else if ('next_page_url' in envelope) last = envelope.next_page_url === null || envelope.next_page_url === '';
	else last = records.length < PER_PAGE;
	return { records, info: { last, total: Number.isFinite(total) ? total : undefined } };
}

/**
 * The sweep relies on the list's order, newest call first (the platform's and the sandbox's order;
 * the reference does not say). A list in another order would end the sweep at its first old call
 * and miss the rest, so it fails the poll with the reason instead.
 */
function assertNewestFirst(ctx: IPollFunctions, calls: ListedCall[]): void {
	const times = calls.map((call) => call.created).filter((time): time is number => time !== undefined);
	if (times.every((time, i) => i === 0 || time <= times[i - 1])) return;
	throw new NodeOperationError(ctx.getNode(), 'The call list is not ordered newest first, so the polling trigger cannot follow it', {
		description: `GET ${ENDPOINT} answered calls created in another order. Use the Voice Assistant Trigger (webhook) with this platform host.`,
	});
}

function pollTimeMs(ctx: IPollFunctions): number {
	const withBudget = ctx as { getPollBudgetMs?: () => number };
	const ms = typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : 300_000;
	return Number.isFinite(ms) && ms > 0 ? ms * TIME_SHARE : 150_000;
}

function loadCursor(ctx: IPollFunctions, settings: PollSettings, zone: string | undefined): CallCursor {
	const signature = filterSignature(settings, zone);
	const stored = storedCursor(ctx.getWorkflowStaticData('node')[CURSOR_KEY], signature);
	if (stored) return deepCopy(stored) as CallCursor;
	const includeMs = settings.includeHours * 3_600_000;
	// With the account's zone, platform times are instants: "the last N hours" count back from now.
	// Without it (or with 0 hours) "now" stays the newest timestamp listed, which no clock skew moves.
	return newCursor(signature, includeMs, zone !== undefined && includeMs > 0 ? pollingClock.now() - includeMs : undefined);
}

/** Polls the call list and returns the calls that ended since the last poll (not yet filtered). */
export async function pollEndedCalls(ctx: IPollFunctions, settings: PollSettings): Promise<PollResult> {
	const zone = await accountTimeZone(ctx);
	const cursor = loadCursor(ctx, settings, zone);
	const budget = pollingBudget((await requestTarget(ctx)).key);
	const started = pollingClock.now();
	const timeLimit = pollTimeMs(ctx);
	const result: PollResult = { ended: [], pages: 0, thinned: false };
	// The first page of a first activation always goes: it fixes "now" for "start from now".
	let free = cursor.phase === 'activating' && cursor.since === null;
	for (;;) {
		const now = pollingClock.now();
		if (!free && (budget.waitMs(now) > 0 || now - started > timeLimit)) {
			result.thinned = true;
			break;
		}
		const sweep = currentSweep(cursor);
		const qs: IDataObject = { ...settings.query, per_page: PER_PAGE, page: sweep.page };
		if (sweep.floor !== null) qs.date_from = listDateFrom(sweep.floor, zone);
		// Every attempt, a retry after a 5xx too, comes out of the share (budget.ts).
		const share = pageShare(budget, free);
		free = false;
		const settled = await apiRequest.call(ctx, 'GET', ENDPOINT, { qs, share }).then((body) => ({ body }), (error: unknown) => ({ error }));
		if ('error' in settled && settled.error instanceof ShareUsedUp) {
			// another polling trigger on the token took the room since the check above
			result.thinned = true;
			break;
		}
		// A failed first page fails the poll (n8n reports it); after that, pages already taken stay
		// taken (their calls are emitted now) and the next poll goes on from here.
		if ('error' in settled && result.pages === 0) throw settled.error;
		if ('error' in settled) {
			ctx.logger.warn(`Voice Assistant Polling Trigger: reading the call list stopped (${(settled.error as Error).message}); the next poll goes on from here`);
			result.thinned = true;
			break;
		}
		const answer = settled.body;
		const { records, info } = readPage(ctx, answer, sweep.page);
		const calls = records.map((record) => listedCall(record, zone)).filter((call): call is ListedCall => call !== undefined);
		assertNewestFirst(ctx, calls);
		const outcome = takePage(cursor, calls, info);
		result.pages += 1;
		result.ended.push(...outcome.ended);
		for (const what of outcome.givenUp) ctx.logger.warn(`Voice Assistant Polling Trigger: no longer followed: ${what}`);
		if (outcome.sweepDone) break;
	}
	ctx.getWorkflowStaticData('node')[CURSOR_KEY] = cursor;
	// In the order the calls ended (then by id), as the webhook trigger would have received them.
	result.ended.sort((a, b) => (a.finished ?? 0) - (b.finished ?? 0) || a.id - b.id);
	return result;
}
