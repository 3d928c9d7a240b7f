import { NodeOperationError } from 'n8n-workflow';
import type { INodeExecutionData } from 'n8n-workflow';

import { mayHaveHappened } from '../../transport/errors';
import { binaryOf } from '../binary';
import type { AnyOperation, Api, Grouping, Prepared } from '../operation';
import type { Checked } from './checkBatch';
import { planUnits, type Unit } from './groupPlan';
import { asItemError, errorItem, ranges } from './report';
import { fingerprint, type RunMemory } from './retryMemory';
import { runInOrder, wasRefused, type Settled, type StopGate } from './runInOrder';
import { answerNotKept, changedSinceEarlierTry } from './sendItem';

export interface GroupedRun {
	/** per input item, as the item loop reports them (undefined: never started) */
	outcomes: Array<Settled<INodeExecutionData[]>>;
	/** items answered from an earlier try of this run, not sent again */
	replayed: number;
}

interface Sending {
	op: AnyOperation & { group: Grouping };
	checked: Checked[];
	memory: RunMemory | undefined;
	continueOnFail: boolean;
	apiAt(itemIndex: number): Api;
	concurrency(): number;
	gate: StopGate;
}

/**
 * The item loop's send step for an operation whose items share requests (Operation.group): the checked
 * items are planned into units (groupPlan.ts: a request of up to `max` items with the same key, or an
 * item the run's memory answers), the units run in the order of their first item with the batch's
 * concurrency and stop gate, and every item gets its own outcome with its pairedItem.
 *
 * Retry On Fail never adds an item twice: each item of an answered request is remembered with its own
 * share of the answer and replayed on a retry; the items of a request whose answer is unknown (5xx,
 * timeout, cut connection) are remembered as uncertain and fail again with that error, never re-sent.
 */
export async function sendGroups(sending: Sending): Promise<GroupedRun> {
	const { op, checked, memory, continueOnFail } = sending;
	const units = planUnits(op.group, checked, memory);
	let replayed = 0;
	const settled = await runInOrder(
		units.length,
		sending.concurrency,
		async (index): Promise<Array<[number, INodeExecutionData[]]>> => {
			const unit = units[index];
			try {
				if (unit.kind === 'replay' && unit.droppedAnswerBytes !== undefined) {
					replayed++;
					return [[unit.items[0], [{ json: answerNotKept(op, unit.droppedAnswerBytes), pairedItem: { item: unit.items[0] } }]]];
				}
				const shares = await unitShares(unit, sending);
				if (unit.kind === 'replay') replayed++;
				return await Promise.all(
					unit.items.map(async (itemIndex, at): Promise<[number, INodeExecutionData[]]> => {
						const records = await op.output(shares[at], prepared(checked, itemIndex), sending.apiAt(itemIndex));
						return [itemIndex, records.map((json) => ({ json, ...binaryOf(json), pairedItem: { item: itemIndex } }))];
					}),
				);
			} catch (error) {
				// a refusal by the stop gate stays itself (the unit never started), as does every item error
				if (wasRefused(error) || !continueOnFail) throw asItemError(sending.apiAt(unit.items[0]).ctx.getNode(), error, unit.items[0]);
				return unit.items.map((itemIndex) => [itemIndex, [errorItem(error, itemIndex)]]);
			}
		},
		sending.gate,
	);

	const outcomes = new Array<Settled<INodeExecutionData[]>>(checked.length).fill(undefined);
	checked.forEach((entry, itemIndex) => {
		if (!entry.ok) outcomes[itemIndex] = { ok: true, value: [errorItem(entry.error, itemIndex)] };
	});
	settled.forEach((result, index) => {
		if (result === undefined) return;
		if (result.ok) for (const [itemIndex, items] of result.value) outcomes[itemIndex] = { ok: true, value: items };
		else for (const itemIndex of units[index].items) outcomes[itemIndex] = { ok: false, error: result.error };
	});
	return { outcomes, replayed };
}

function prepared(checked: Checked[], itemIndex: number): Prepared {
	const entry = checked[itemIndex];
	if (!entry.ok) throw entry.error;
	return entry.prepared;
}

/** Each item's share of the unit's answer: sent now, or recalled from an earlier try. */
async function unitShares(unit: Unit, sending: Sending): Promise<unknown[]> {
	const api = sending.apiAt(unit.items[0]);
	switch (unit.kind) {
		case 'replay':
			return [unit.share];
		case 'changed':
			throw changedSinceEarlierTry(api);
		case 'uncertain':
			// a copy: the stop report adds to the error it throws, and a later try starts from the original
			throw copyOf(unit.error);
		case 'send':
			return await sendRequest(unit.items, sending, api);
	}
}

async function sendRequest(items: number[], sending: Sending, api: Api): Promise<unknown[]> {
	const { op, checked, memory } = sending;
	const members = items.map((itemIndex) => prepared(checked, itemIndex));
	let answer: unknown;
	try {
		answer = await api.request(op.group.request(members));
	} catch (error) {
		if (wasRefused(error)) throw asItemError(api.ctx.getNode(), error, items[0]);
		const described = sentTogether(asItemError(api.ctx.getNode(), error, items[0]), items);
		if (memory && mayHaveHappened(error)) {
			const kept = copyOf(described);
			items.forEach((itemIndex, at) => memory.remember(itemIndex, { kind: 'uncertain', fingerprint: fingerprint(members[at].request), error: kept }));
		}
		throw described;
	}
	const shares = op.group.split(answer, members);
	if (shares.length !== members.length) {
		throw new NodeOperationError(api.ctx.getNode(), `The answer to a request of ${members.length} items had ${shares.length} shares [item ${items[0]}]`, { itemIndex: items[0] });
	}
	items.forEach((itemIndex, at) => memory?.remember(itemIndex, { kind: 'done', fingerprint: fingerprint(members[at].request), answer: shares[at] }));
	return shares;
}

/** The error of a shared request says which items travelled in it (each of them fails with it). */
function sentTogether(error: Error, items: number[]): Error {
	if (items.length < 2) return error;
	const target = error as Error & { description?: string | null };
	const line = `This request carried ${items.length} items together (items ${ranges(items)}); what it did applies to all of them.`;
	if (!(target.description ?? '').includes(line)) target.description = target.description ? `${target.description}\n\n${line}` : line;
	return error;
}

function copyOf(error: unknown): unknown {
	if (typeof error !== 'object' || error === null) return error;
	// every own property, the non-enumerable message and stack included
	return Object.create(Object.getPrototypeOf(error) as object | null, Object.getOwnPropertyDescriptors(error)) as object;
}
