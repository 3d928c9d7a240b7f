import { sleep } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../../transport/request';
import { waitBudget, type PollBudget } from '../../../../engine/wait/budget';
import { callRecordIn, callUnknownReason, classifyByIdFailure, listPage, type CallRoute } from './reads';
import { assignCalls, samePhone } from './match';
import type { MatchEntry } from './match';
import { isFinalState } from '../../../../shared/callStates';

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

export interface WaiterInit {
	seq: number;
	assistantId: number;
	phone: string;
	dateFrom: string;
	knownIds: number[] | null;
	takenAt: number;
}

interface Waiter extends WaiterInit {
	known: ReadonlySet<number> | null;
	callId?: number;
	lastStatus?: string;
	/** set once make_call has answered: the item is waiting */
	ctx?: IExecuteFunctions;
	itemIndex: number;
	settle?: { resolve(record: IDataObject): void; reject(error: unknown): void };
}

interface Group {
	intervalMs: number;
	dueAt: number;
	failures: number;
}

/**
 * One poller per credential, shared by every waiting item of every execution in this process.
 * Waiting items are grouped by assistant; a round of a group costs one request:
 * - a group of one call whose id is known reads it with GET /user/calls/{id} (exact: no date filter,
 *   no page), unless the deployment lacks that route (then, and for good, the list);
 * - otherwise one GET /user/calls (filtered by the assistant, by the number too when the group has one
 *   number only, and by date_from) serves every item of the group. A call not on the first page of a
 *   busy assistant is read by id when it is the only one missing on its number, else its number gets
 *   a list request of its own.
 * Rounds are spaced by the group's interval (starting at the budget's spacing and growing while
 * nothing new joins) and never exceed the poll budget (budget.ts).
 */
export class CallPoller {
	private readonly waiters = new Map<number, Waiter>();
	/** per assistant|number: call id → the seq that owns it */
	private readonly claims = new Map<string, Map<number, number>>();
	private readonly groups = new Map<number, Group>();
	private readonly budget: PollBudget;
	private running = false;
	private wake = new AbortController();
	/** the execution in whose name the latest poll was made */
	private lastAsked?: IExecuteFunctions;
	/** whether this deployment has GET /user/calls/{id} */
	private callRoute: CallRoute = 'unknown';

	constructor(credential: string) {
		this.budget = waitBudget(credential);
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
		try {
			// One call by its id costs what the list costs, and finds it on any page and any server clock.
			const followed = members.length === 1 && (await this.followById(members[0]));
			if (!followed) await this.pollList(assistantId, members);
			group.failures = 0;
		} catch (error) {
			// A poll made in the name of an execution that was stopped meanwhile was cut short, not refused.
			const stopped = this.lastAsked?.getExecutionCancelSignal?.()?.aborted === true;
			if (!stopped && ++group.failures >= MAX_FAILURES) {
				for (const waiter of members) this.finish(waiter, undefined, error);
			}
		}
		// Longer calls are asked about less often; a new call joining resets this (wait()).
		group.intervalMs = Math.min(group.intervalMs * GROWTH, this.budget.spacingMs() * MAX_INTERVAL_FACTOR);
		group.dueAt = Date.now() + group.intervalMs;
	}

	/** One round of the call list for a group; every item reads its call from the answer. */
	private async pollList(assistantId: number, members: Waiter[]): Promise<void> {
		const phones = [...new Set(members.map((waiter) => waiter.phone))];
		const dateFrom = members.map((waiter) => waiter.dateFrom).sort()[0];
		const shared = await this.fetchList(members, { assistant_id: assistantId, date_from: dateFrom, ...(phones.length === 1 ? { phone_number: phones[0] } : {}) });
		for (const phone of phones) {
			let records = shared.records.filter((record) => samePhone(record.client_phone_number, phone));
			const onPhone = members.filter((waiter) => waiter.phone === phone);
			const unlisted = onPhone.filter((waiter) => waiter.callId === undefined || !records.some((record) => record.id === waiter.callId));
			if (shared.more && unlisted.length > 0) {
				// Its calls may be on a later page of a busy assistant: read the one call by id, or ask for this number alone.
				const followed = unlisted.length === 1 && (await this.followById(unlisted[0]));
				if (!followed && phones.length > 1) {
					records = (await this.fetchList(onPhone, { assistant_id: assistantId, date_from: dateFrom, phone_number: phone })).records;
				}
			}
			this.apply(assistantId, phone, records);
		}
	}

	/**
	 * GET /user/calls/{id} for one item whose call id is known. False when that cannot be done (no id,
	 * or the deployment has no such route: then the list serves it); an unknown call fails the item.
	 */
	private async followById(waiter: Waiter): Promise<boolean> {
		const callId = waiter.callId;
		if (callId === undefined || this.callRoute === 'missing') return false;
		const read = await this.ask([waiter], `/user/calls/${callId}`, {}).then(
			(answer) => ({ answer }),
			(error: unknown) => ({ error }),
		);
		if ('error' in read) {
			const failure = classifyByIdFailure(read.error, this.callRoute);
			if (failure === 'other') throw read.error; // a NodeApiError from the transport: counted like a failed list poll
			if (failure === 'route-missing') {
				this.callRoute = 'missing';
				return false;
			}
			this.finish(waiter, undefined, new Error(callUnknownReason(read.error)));
			return true;
		}
		this.callRoute = 'served';
		const record = callRecordIn(read.answer, callId);
		if (!record) return false; // not the record asked for: the list decides this round
		this.apply(waiter.assistantId, waiter.phone, [record]);
		return true;
	}

	/** One page of the call list, read in the name of the group. */
	private async fetchList(members: Waiter[], qs: IDataObject): Promise<{ records: IDataObject[]; more: boolean }> {
		return listPage(await this.ask(members, '/user/calls', { ...qs, per_page: PAGE, page: 1 }));
	}

	/** One poll request, within the budget, made in the name of a waiting item whose execution still runs. */
	private async ask(members: Waiter[], endpoint: string, qs: IDataObject): Promise<unknown> {
		const live = members.find((waiter) => waiter.ctx?.getExecutionCancelSignal?.()?.aborted !== true) ?? members[0];
		this.lastAsked = live.ctx;
		for (let wait = this.budget.waitMs(Date.now()); wait > 0; wait = this.budget.waitMs(Date.now())) await sleep(wait);
		this.budget.take(Date.now());
		return await apiRequest.call(live.ctx as IExecuteFunctions, 'GET', endpoint, { qs, itemIndex: live.itemIndex });
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

function phoneKey(waiter: WaiterInit): string {
	return `${waiter.assistantId}|${waiter.phone}`;
}
