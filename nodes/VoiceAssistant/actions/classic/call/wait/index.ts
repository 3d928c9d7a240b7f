/**
 * Call → Make, "Wait for Call to End": recognising the placed call in GET /user/calls and waiting
 * until it reaches a final state. The rule and its limits: docs/wait-for-call.md.
 *
 * Order of use, per item:
 *   1. snapshotBeforeCall(...)   before POST /user/make_call (a read; safe to repeat)
 *   2. POST /user/make_call      the side effect; on failure call abandonSnapshot(snapshot)
 *   3. waitForCallEnd(...)       may be run again (Retry On Fail) with the same snapshot and call id
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { raceDeadline, waitFailure } from '../../../../engine/wait/deadline';
import { PAGE_SIZE } from '../../../../shared/limits';
import { apiRequestAllPages } from '../../../../transport/paginate';
import { requestTarget } from '../../../../transport/target';
import { CallPoller } from './poller';
import { finishedCallRecord } from '../../../../shared/finishedCall';

/** What snapshotBeforeCall hands to waitForCallEnd: plain data, safe to keep between the two steps. */
export interface CallSnapshot extends IDataObject {
	/** pacer/poller key: base URL + a hash of the token (never the token itself) */
	credential: string;
	/** order of the snapshots in this process: two calls to one number are told apart by it */
	seq: number;
	assistantId: number;
	phoneNumber: string;
	/** the date_from filter used (UTC date of one day before: any server time zone or a skewed clock) */
	dateFrom: string;
	/** ids of that number's calls with this assistant that already existed; null: not taken (see below) */
	knownIds: number[] | null;
	takenAt: number;
}

/** Largest number of earlier calls of one number read into a snapshot. */
const SNAPSHOT_LIMIT = 500;
const DAY_MS = 86_400_000;

const pollers = new Map<string, CallPoller>();

/** The poller of one credential (base URL + token hash, the pacer's key). */
function pollerFor(credential: string): CallPoller {
	let poller = pollers.get(credential);
	if (!poller) {
		poller = new CallPoller(credential);
		pollers.set(credential, poller);
	}
	return poller;
}

const PLACED_ONCE =
	'The call was placed once and is not placed again. Find its outcome later with Call → Get Many or the Voice Assistant Trigger.';

let seq = 0;
/** Per credential: has make_call answered with a call_id? Then a snapshot is not needed. */
const answersWithCallId = new Map<string, boolean>();
const inFlight = new Map<string, Promise<number[]>>();

/**
 * Before placing a call: the ids of the calls that number already has with this assistant, so the
 * new one can be recognised later. Concurrent snapshots of one number share one request. Skipped
 * (knownIds null) once this credential's make_call has been seen answering a call_id.
 */
export async function snapshotBeforeCall(
	ctx: IExecuteFunctions,
	args: { assistantId: number; phoneNumber: string; itemIndex: number },
): Promise<CallSnapshot> {
	// the same key as the transport's pacer, from the credential read once per execution
	const credential = (await requestTarget(ctx)).key;
	const dateFrom = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
	let knownIds: number[] | null = null;
	if (answersWithCallId.get(credential) !== true) {
		const key = `${credential}|${args.assistantId}|${args.phoneNumber}|${dateFrom}`;
		let pending = inFlight.get(key);
		if (!pending) {
			pending = apiRequestAllPages
				.call(ctx, '/user/calls', { assistant_id: args.assistantId, phone_number: args.phoneNumber, date_from: dateFrom }, {
					returnAll: false,
					limit: SNAPSHOT_LIMIT,
					maxPerPage: PAGE_SIZE.calls.max,
					itemIndex: args.itemIndex,
				})
				.then((records) => records.map((record) => Number(record.id)).filter(Number.isFinite))
				.finally(() => inFlight.delete(key));
			inFlight.set(key, pending);
		}
		knownIds = await pending;
	}
	const snapshot: CallSnapshot = {
		credential,
		seq: ++seq,
		assistantId: args.assistantId,
		phoneNumber: args.phoneNumber,
		dateFrom,
		knownIds,
		takenAt: Date.now(),
	};
	pollerFor(credential).reserve(toInit(snapshot));
	return snapshot;
}

/** The call was not placed after all: stop holding a call back for it. */
export function abandonSnapshot(snapshot: CallSnapshot): void {
	pollerFor(snapshot.credential).leave(snapshot.seq);
}

/**
 * After make_call answered: waits until the call is in a final state and returns its output record
 * (record.ts). Fails the item with a NodeOperationError naming the call id (if known) and its last
 * status when Max Wait passes, and at once when the execution is stopped. Polling: poller.ts.
 */
export async function waitForCallEnd(
	ctx: IExecuteFunctions,
	args: {
		assistantId: number;
		phoneNumber: string;
		callId?: number;
		snapshot: CallSnapshot;
		maxWaitMs: number;
		itemIndex: number;
		/** the variables the call was placed with (the call list does not return them) */
		inputVariables?: IDataObject;
	},
): Promise<IDataObject> {
	const { snapshot, itemIndex } = args;
	answersWithCallId.set(snapshot.credential, args.callId !== undefined);
	const poller = pollerFor(snapshot.credential);
	const ended = poller.wait(ctx, toInit(snapshot), args.callId, itemIndex);

	try {
		const outcome = await raceDeadline(ctx, ended, args.maxWaitMs);
		if (typeof outcome === 'object' && 'ended' in outcome) {
			return finishedCallRecord(outcome.ended, { assistantId: args.assistantId, inputVariables: args.inputVariables });
		}
		const { callId, lastStatus } = poller.progress(snapshot.seq);
		const known = callId ?? args.callId;
		const call = known === undefined ? 'the call (not yet found in the call list)' : `call ${known}`;
		const status = lastStatus ? `last status "${lastStatus}"` : 'no status seen yet';
		throw waitFailure(ctx, outcome, { call, status, maxWaitMs: args.maxWaitMs, itemIndex, placedOnce: PLACED_ONCE });
	} finally {
		poller.leave(snapshot.seq);
	}
}

function toInit(snapshot: CallSnapshot) {
	return {
		seq: snapshot.seq,
		assistantId: snapshot.assistantId,
		phone: snapshot.phoneNumber,
		dateFrom: snapshot.dateFrom,
		knownIds: snapshot.knownIds,
		takenAt: snapshot.takenAt,
	};
}
