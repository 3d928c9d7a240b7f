import type { IDataObject } from 'n8n-workflow';

import type { Api, Lookup } from '../operation';
import { PAGE_SIZE } from '../../shared/limits';
import { isObject } from '../../shared/objects';
import { listDateFrom, platformTime } from '../../shared/platformTime';
import { accountTimeZone } from '../../transport/target';
import { rulesClock } from './clock';
import type { RuleDecision } from './decide';
import { skipped } from './decide';

/** The newest earlier outbound call to a number, as the history read found it. */
export interface EarlierCall {
	id: number | string;
	status: string;
	created_at: string;
	at: number;
}

/** One item's target as the history check sees it: what its prepare read (a call operation's prepared item has both). */
export interface Target {
	/** a classic numeric id or a Platform 2.0 UUID */
	assistantId: number | string;
	/** E.164, as prepare normalised it */
	phone: string;
}

/**
 * Reads one API generation's outbound calls since `since` (of one assistant, or of any when undefined):
 * the newest per number among `numbers` (E.164). Classic: readHistory below; Platform 2.0: listCalls.
 */
export type HistoryReader = (api: Api, query: { assistantId?: number | string; numbers: string[]; since: number }) => Promise<Map<string, EarlierCall>>;

/** The classic reader: the call list, its times read on the credential's Account Time Zone. */
const classicHistory: HistoryReader = async (api, query) =>
	await readHistory(api, { ...query, assistantId: query.assistantId as number | undefined, zone: await accountTimeZone(api.ctx, api.itemIndex) });

/** Requests in flight at once for the history (every one still goes through the pacer). */
const READS_IN_FLIGHT = 3;

/**
 * Skip If Called Within, for one item (the operation's resolve step): the batch's history is read once
 * per scope (lookup.once) for the numbers of every valid item of the batch (lookup.batch, as prepared),
 * so the one read serves the batch whichever item asks first; then the item is skipped when its number
 * had an outbound call in the window.
 */
export async function checkRecentCalls(
	rules: RuleDecision,
	target: Target,
	lookup: Lookup<Target>,
	read: HistoryReader = classicHistory,
): Promise<RuleDecision> {
	const recent = rules.recent;
	if (!recent || rules.skip) return rules;
	const assistantId = recent.scope === 'assistant' ? target.assistantId : undefined;
	const since = rulesClock.now() - recent.windowMs;
	const key = `recent-calls|${assistantId ?? 'any'}|${recent.windowMs}`;
	const batch = await lookup.once(key, async (api) => {
		const targets = lookup.batch
			.flatMap((prepared, itemIndex) => (prepared ? [{ itemIndex, assistantId: prepared.assistantId, phone: prepared.phone }] : []))
			.filter((t) => assistantId === undefined || t.assistantId === assistantId);
		const numbers = [...new Set(targets.map((t) => t.phone))];
		return { history: await read(api, { assistantId, numbers, since }), firstItemOf: firstItems(targets) };
	});
	const earlier = batch.history.get(target.phone);
	if (earlier) {
		return {
			...rules,
			skip: {
				...skipped(target.phone, 'called_recently', `Called ${hoursAgo(earlier.at)} ago (call ${earlier.id}, ${earlier.status})`),
				earlier_call: { id: earlier.id, status: earlier.status, created_at: earlier.created_at },
				allowed_from: new Date(earlier.at + recent.windowMs).toISOString(),
			},
		};
	}
	// The same number twice in one batch: the first item calls it, a later one would call again within the window.
	const first = batch.firstItemOf.get(target.phone);
	if (first !== undefined && first < lookup.itemIndex) {
		return { ...rules, skip: { ...skipped(target.phone, 'called_recently', `Item ${first} of this batch calls this number`), earlier_item: first } };
	}
	return rules;
}

function firstItems(targets: Array<Target & { itemIndex: number }>): Map<string, number> {
	const first = new Map<string, number>();
	for (const target of targets) if (!first.has(target.phone)) first.set(target.phone, target.itemIndex);
	return first;
}

/**
 * The newest outbound call since `since` per number, in as few requests as the batch allows: the
 * batch's history (one paged list: assistant + date_from) or one request per number (phone_number +
 * date_from), whichever is fewer. The first page of the batch list says how many pages there are.
 */
export async function readHistory(
	api: Api,
	query: { assistantId?: number; numbers: string[]; since: number; zone?: string },
): Promise<Map<string, EarlierCall>> {
	const found = new Map<string, EarlierCall>();
	if (query.numbers.length === 0) return found;
	// A platform clock up to a day behind UTC, or in any zone, still lists the window's calls.
	const base: IDataObject = { type: 'outbound', date_from: listDateFrom(query.since, query.zone), per_page: PAGE_SIZE.calls.max };
	if (query.assistantId !== undefined) base.assistant_id = query.assistantId;
	const wanted = new Set(query.numbers);
	const take = (answer: unknown) => {
		for (const record of recordsOf(answer).records) {
			const call = earlierCall(record, query.zone);
			const phone = typeof record.client_phone_number === 'string' ? `+${record.client_phone_number.replace(/\D/g, '')}` : '';
			if (!call || !wanted.has(phone) || call.at < query.since) continue;
			const known = found.get(phone);
			if (!known || call.at > known.at) found.set(phone, call);
		}
	};

	const first = await api.request({ method: 'GET', path: '/user/calls', qs: { ...base, page: 1 } });
	take(first);
	const pagesLeft = recordsOf(first).lastPage - 1;
	if (pagesLeft <= 0) return found;
	const tasks: Array<() => Promise<unknown>> =
		pagesLeft <= query.numbers.length
			? Array.from({ length: pagesLeft }, (_, i) => async () => await api.request({ method: 'GET', path: '/user/calls', qs: { ...base, page: i + 2 } }))
			: query.numbers.map((phone) => async () => await api.request({ method: 'GET', path: '/user/calls', qs: { ...base, phone_number: phone, page: 1 } }));
	for (let start = 0; start < tasks.length; start += READS_IN_FLIGHT) {
		for (const answer of await Promise.all(tasks.slice(start, start + READS_IN_FLIGHT).map((task) => task()))) take(answer);
	}
	return found;
}

function recordsOf(answer: unknown): { records: IDataObject[]; lastPage: number } {
	if (Array.isArray(answer)) return { records: answer.filter(isObject), lastPage: 1 };
	if (!isObject(answer)) return { records: [], lastPage: 1 };
	const records = Array.isArray(answer.data) ? answer.data.filter(isObject) : [];
	const lastPage = Number(answer.last_page);
	return { records, lastPage: Number.isInteger(lastPage) && lastPage > 0 ? lastPage : 1 };
}

/**
 * A call record's time. The platform writes call times as "YYYY-MM-DD HH:MM:SS" on the account's
 * clock: read in the credential's Account Time Zone, or as UTC when it is not set (then a platform
 * clock east of UTC makes calls look newer, so a few more numbers are skipped, never fewer, and one
 * west of UTC shortens the window by its offset). A time with a zone is exact.
 */
export function earlierCall(record: IDataObject, zone?: string): EarlierCall | undefined {
	const id = Number(record.id);
	const created = typeof record.created_at === 'string' ? record.created_at.trim() : '';
	const at = platformTime(created, zone);
	if (!Number.isInteger(id) || at === undefined) return undefined;
	return { id, status: typeof record.status === 'string' ? record.status : 'unknown', created_at: created, at };
}

function hoursAgo(at: number): string {
	const hours = Math.max(0, (rulesClock.now() - at) / 3_600_000);
	return hours < 1 ? `${Math.round(hours * 60)} minutes` : `${hours.toFixed(1)} hours`;
}
