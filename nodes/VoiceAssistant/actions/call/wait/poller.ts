import { sleep } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pacerFor } from '../../../transport/pacers';
import { apiRequest } from '../../../transport/request';
import { PollBudget } from './budget';
import { firstPage, oneCall } from './answers';
import { assignCalls, samePhone } from './match';
import type { MatchEntry } from './match';
import { isFinalState } from './states';
import { phoneKey, type Group, type Waiter, type WaiterInit } from './waiter';

/** How much longer the next poll of a group waits than the last one, while nothing new joins it. */
const GROWTH = 1.5;
/** The interval grows up to this many times the budget's spacing (15 s at the documented limits). */
const MAX_INTERVAL_FACTOR = 5;
/** A snapshot whose make_call never reported back (the node stopped, the request failed) stops holding a call back. */
export const PENDING_TTL_MS = 120_000;
/** Consecutive failed polls of a group before its items fail with the error. */
const MAX_FAILURES = 3;
/** Longest single nap, so a new waiter or a freed budget slot is picked up soon. */
const NAP_MS = 1000;
const PAGE = 100;
const ROUTE_MISSING = Symbol('no GET /user/calls/{id} here');

/**
 * One poller per credential, shared by every waiting item of every execution in this process.
 * Waiting items are grouped by assistant; each round of a group is one GET /user/calls (filtered by
 * the assistant, by the number too when the group has one number only, and by date_from), and
 * every item of the group reads its call from that one answer. A number whose call is not on the
 * first page of a busy assistant gets a request of its own. Rounds are spaced by the group's
 * interval (starting at the budget's spacing and growing while nothing new joins) and never exceed
 * the poll budget (budget.ts).
 */
export class CallPoller {
	private readonly waiters = new Map<number, Waiter>();
	/** per assistant|number: call id → the seq that owns it */
	private readonly claims = new Map<string, Map<number, number>>();
	private readonly groups = new Map<number, Group>();
	private readonly budget: PollBudget;
	private running = false;
	/** false once this deployment turned out not to serve GET /user/calls/{id} */
	private byId = true;
	private wake = new AbortController();
	/** the execution in whose name the latest poll was made */
	private lastAsked?: IExecuteFunctions;

	constructor(credential: string) {
		this.budget = new PollBudget(pacerFor(credential));
	}

	/** A snapshot was taken: hold back the call this item is about to place. */
	reserve(init: WaiterInit): void {
		if (this.waiters.has(init.seq)) return;
		const now = Date.now();
		for (const waiter of this.waiters.values()) {
			if (!waiter.settle && waiter.takenAt + PENDING_TTL_MS < now) this.leave(waiter.seq);
		}
		this.waiters.set(init.seq, { ...init, known: init.knownIds ? new Set(init.knownIds) : null, itemIndex: 0 });
	}

	/** The item will not wait (make_call failed, the item stopped waiting). */
	leave(seq: number): void {
		const waiter = this.waiters.get(seq);
		if (!waiter) return;
		this.waiters.delete(seq);
		const key = phoneKey(waiter);
		if (![...this.waiters.values()].some((other) => phoneKey(other) === key)) this.claims.delete(key);
	}

	/** What is known of an item's call: its id (once recognised) and the last status seen. */
	progress(seq: number): { callId?: number; lastStatus?: string } {
		const waiter = this.waiters.get(seq);
		return { callId: waiter?.callId, lastStatus: waiter?.lastStatus };
	}

	/** make_call has answered: resolves with the call's list record once it is in a final state. */
	wait(ctx: IExecuteFunctions, init: WaiterInit, callId: number | undefined, itemIndex: number): Promise<IDataObject> {
		this.reserve(init);
		const waiter = this.waiters.get(init.seq) as Waiter;
		waiter.ctx = ctx;
		waiter.itemIndex = itemIndex;
		const claims = this.claimsOf(waiter);
		if (callId !== undefined) {
			waiter.callId = callId;
			claims.set(callId, waiter.seq);
		} else {
			// A retry of the same item gets back the call it had recognised before.
			for (const [id, owner] of claims) if (owner === waiter.seq) waiter.callId = id;
		}
		const promise = new Promise<IDataObject>((resolve, reject) => (waiter.settle = { resolve, reject }));
		const now = Date.now();
		const base = this.budget.spacingMs();
		const group = this.groups.get(waiter.assistantId);
		if (group) {
			// A new call starts with short intervals again.
			group.intervalMs = base;
			group.dueAt = Math.min(group.dueAt, now + base);
		} else {
			this.groups.set(waiter.assistantId, { intervalMs: base, dueAt: now + base, failures: 0 });
		}
		this.start();
		return promise;
	}

	private start(): void {
		const wake = this.wake;
		this.wake = new AbortController();
		wake.abort();
		if (this.running) return;
		this.running = true;
		void this.loop()
			// A bug here must not leave items waiting until Max Wait with nobody polling.
			.catch((error: unknown) => {
				for (const waiter of this.waiting()) this.finish(waiter, undefined, error);
			})
			.finally(() => (this.running = false));
	}

	private waiting(): Waiter[] {
		return [...this.waiters.values()].filter((waiter) => waiter.settle !== undefined);
	}

	private async loop(): Promise<void> {
		for (;;) {
			const waiting = this.waiting();
			if (waiting.length === 0) return;
			const assistants = new Set(waiting.map((waiter) => waiter.assistantId));
			for (const id of this.groups.keys()) if (!assistants.has(id)) this.groups.delete(id);
			let next: [number, Group] | undefined;
			for (const entry of this.groups) if (!next || entry[1].dueAt < next[1].dueAt) next = entry;
			if (!next) return;
			const now = Date.now();
			const wait = Math.max(next[1].dueAt - now, this.budget.waitMs(now));
			if (wait > 0) {
				await sleep(Math.min(wait, NAP_MS), this.wake.signal).catch(() => undefined);
				continue;
			}
			await this.pollGroup(next[0], next[1]);
		}
	}

	private async pollGroup(assistantId: number, group: Group): Promise<void> {
		const members = this.waiting().filter((waiter) => waiter.assistantId === assistantId);
		const phones = [...new Set(members.map((waiter) => waiter.phone))];
		const dateFrom = members.map((waiter) => waiter.dateFrom).sort()[0];
		try {
			// One waiting call whose id is known: GET /user/calls/{id} costs the same one request as the
			// list and cannot miss it on a busy assistant. Several: the list serves them all at once.
			const [lone] = members;
			if (members.length === 1 && lone.callId !== undefined && this.byId) {
				const record = await this.fetchOne(lone, lone.callId);
				if (record) {
					this.apply(assistantId, lone.phone, [record]);
					group.failures = 0;
					this.spaceNext(group);
					return;
				}
			}
			const shared = await this.fetch(members, { assistant_id: assistantId, date_from: dateFrom, ...(phones.length === 1 ? { phone_number: phones[0] } : {}) });
			for (const phone of phones) {
				let records = shared.records.filter((record) => samePhone(record.client_phone_number, phone));
				const onPhone = members.filter((waiter) => waiter.phone === phone);
				if (shared.more && phones.length > 1 && !this.allListed(onPhone, records)) {
					// Its calls may be on a later page of a busy assistant: ask for this number alone.
					records = (await this.fetch(onPhone, { assistant_id: assistantId, date_from: dateFrom, phone_number: phone })).records;
				}
				this.apply(assistantId, phone, records);
			}
			group.failures = 0;
		} catch (error) {
			// A poll made in the name of an execution that was stopped meanwhile was cut short, not refused.
			const stopped = this.lastAsked?.getExecutionCancelSignal?.()?.aborted === true;
			if (!stopped && ++group.failures >= MAX_FAILURES) {
				for (const waiter of members) this.finish(waiter, undefined, error);
			}
		}
		this.spaceNext(group);
	}

	/** Longer calls are asked about less often; a new call joining resets this (wait()). */
	private spaceNext(group: Group): void {
		group.intervalMs = Math.min(group.intervalMs * GROWTH, this.budget.spacingMs() * MAX_INTERVAL_FACTOR);
		group.dueAt = Date.now() + group.intervalMs;
	}

	/**
	 * GET /user/calls/{id} (the platform's wider API, not the reference). A 404 or 405 means this
	 * deployment does not serve it (make_call has just answered the id, so the call exists): the
	 * poller goes back to the list for good, and the item waits on as before.
	 */
	private async fetchOne(waiter: Waiter, callId: number): Promise<IDataObject | undefined> {
		const ctx = await this.turn([waiter]);
		// Any other failure goes on to pollGroup, which counts it like a failed list poll.
		const answer = (await apiRequest.call(ctx, 'GET', `/user/calls/${callId}`, { itemIndex: waiter.itemIndex }).then(
			(body) => body,
			(error: unknown) => (['404', '405'].includes(String((error as { httpCode?: unknown }).httpCode)) ? ROUTE_MISSING : Promise.reject(error)),
		)) as IDataObject | typeof ROUTE_MISSING | undefined;
		if (answer === ROUTE_MISSING) {
			this.byId = false;
			return undefined;
		}
		return oneCall(answer, callId);
	}

	/** Waits for the poll budget and picks the execution in whose name the next poll is made. */
	private async turn(members: Waiter[]): Promise<IExecuteFunctions> {
		const live = members.find((waiter) => waiter.ctx?.getExecutionCancelSignal?.()?.aborted !== true) ?? members[0];
		this.lastAsked = live.ctx;
		for (let wait = this.budget.waitMs(Date.now()); wait > 0; wait = this.budget.waitMs(Date.now())) await sleep(wait);
		this.budget.take(Date.now());
		return live.ctx as IExecuteFunctions;
	}

	/** One poll request, within the budget, made in the name of a waiting item whose execution still runs. */
	private async fetch(members: Waiter[], qs: IDataObject): Promise<{ records: IDataObject[]; more: boolean }> {
		const ctx = await this.turn(members);
		const asking = members.find((waiter) => waiter.ctx === ctx) ?? members[0];
		const answer = (await apiRequest.call(ctx, 'GET', '/user/calls', {
			qs: { ...qs, per_page: PAGE, page: 1 },
			itemIndex: asking.itemIndex,
		})) as IDataObject | IDataObject[] | undefined;
		return firstPage(answer);
	}

	private allListed(waiters: Waiter[], records: IDataObject[]): boolean {
		return waiters.every((waiter) => waiter.callId !== undefined && records.some((record) => record.id === waiter.callId));
	}

	/** Recognises new calls, notes statuses, settles the items whose call has ended. */
	private apply(assistantId: number, phone: string, records: IDataObject[]): void {
		const now = Date.now();
		const onPhone = [...this.waiters.values()].filter(
			(waiter) => waiter.assistantId === assistantId && waiter.phone === phone && (waiter.settle || waiter.takenAt + PENDING_TTL_MS > now),
		);
		if (onPhone.length === 0) return;
		const claims = this.claimsOf(onPhone[0]);
		const entries: MatchEntry[] = onPhone.map((waiter) => ({
			seq: waiter.seq,
			knownIds: waiter.known,
			callId: waiter.callId,
			pending: waiter.settle === undefined,
		}));
		for (const [seq, id] of assignCalls(entries, records, new Set(claims.keys()))) {
			const waiter = this.waiters.get(seq) as Waiter;
			waiter.callId = id;
			claims.set(id, seq);
		}
		for (const waiter of onPhone) {
			if (!waiter.settle || waiter.callId === undefined) continue;
			const record = records.find((candidate) => candidate.id === waiter.callId);
			if (!record) continue;
			waiter.lastStatus = typeof record.status === 'string' ? record.status : undefined;
			if (isFinalState(waiter.lastStatus)) this.finish(waiter, record);
		}
	}

	private finish(waiter: Waiter, record?: IDataObject, error?: unknown): void {
		const settle = waiter.settle;
		if (!settle) return;
		waiter.settle = undefined;
		this.leave(waiter.seq);
		if (record) settle.resolve(record);
		else settle.reject(error);
	}

	private claimsOf(waiter: Waiter): Map<number, number> {
		const key = phoneKey(waiter);
		let claims = this.claims.get(key);
		if (!claims) {
			claims = new Map();
			this.claims.set(key, claims);
		}
		return claims;
	}
}


const pollers = new Map<string, CallPoller>();

/** The poller of one credential (base URL + token hash, the pacer's key). */
export function pollerFor(credential: string): CallPoller {
	let poller = pollers.get(credential);
	if (!poller) {
		poller = new CallPoller(credential);
		pollers.set(credential, poller);
	}
	return poller;
}
