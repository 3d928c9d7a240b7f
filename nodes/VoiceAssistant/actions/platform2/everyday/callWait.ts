import { sleep } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import type { Api } from '../../../engine/operation';
import { waitBudget } from '../../../engine/wait/budget';
import { raceDeadline, waitFailure } from '../../../engine/wait/deadline';
import { finishedCallRecord } from '../../../shared/finishedCall';
import { requestTarget } from '../../../transport/target';
import { dataOf, platform2Read } from './callReads';
import { platform2CallFacts } from './callShape';

/** Platform 2.0's call states after which nothing changes (listCalls' status enum: queued, ringing, in_progress are not). */
export const FINAL_CALL_STATES_2 = ['completed', 'failed', 'no_answer', 'busy', 'canceled', 'cancelled', 'ended'] as const;
const FINAL = new Set<string>(FINAL_CALL_STATES_2);

/** As classic: the interval grows ×1.5 per round up to 5× the budget's spacing; 3 failed rounds in a row fail the item. */
const GROWTH = 1.5;
const MAX_INTERVAL_FACTOR = 5;
const MAX_FAILURES = 3;

const PLACED_ONCE = 'The call was placed once and is not placed again. Find its outcome later with Calls → Get Call or List Calls.';

/**
 * Wait for Call to End on 2.0: createCall answers the call's id, so the call is read by id
 * (`getCall`) until a final state, within the same poll budget as classic waits (a fifth of the
 * credential's rate limit, shared with every other wait of the process: engine/wait/budget.ts), the
 * same Max Wait and stop handling (engine/wait/deadline.ts) and the same output record as classic.
 */
export async function waitForPlatform2Call(api: Api, args: { callId: string; assistantId: string; maxWaitMs: number; inputVariables?: IDataObject }): Promise<IDataObject> {
	const { ctx, itemIndex } = api;
	const budget = waitBudget((await requestTarget(ctx, 'platform2')).key);
	const stop = new AbortController();
	let lastStatus: string | undefined;
	const poll = async (): Promise<IDataObject> => {
		let interval = budget.spacingMs();
		let failures = 0;
		for (;;) {
			await sleep(interval, stop.signal);
			for (let wait = budget.waitMs(Date.now()); wait > 0; wait = budget.waitMs(Date.now())) await sleep(wait, stop.signal);
			budget.take(Date.now());
			const read = await api.request({ ...platform2Read('getCall', `/calls/${encodeURIComponent(args.callId)}`), notFound: `Call ${args.callId}` }).then(
				(answer) => ({ answer }),
				(error: unknown) => ({ error }),
			);
			if ('answer' in read) {
				const call = dataOf(read.answer);
				failures = 0;
				lastStatus = typeof call.status === 'string' ? call.status : lastStatus;
				if (lastStatus !== undefined && FINAL.has(lastStatus.toLowerCase())) return call;
			} else {
				const code = String((read.error as { httpCode?: unknown }).httpCode ?? '');
				// a 404: the call is unknown; else the transport already retried this read
				if (code === '404' || ++failures >= MAX_FAILURES || stop.signal.aborted) throw read.error;
			}
			interval = Math.min(interval * GROWTH, budget.spacingMs() * MAX_INTERVAL_FACTOR);
		}
	};
	const polling = poll();
	polling.catch(() => undefined);
	try {
		const outcome = await raceDeadline(ctx, polling, args.maxWaitMs);
		if (typeof outcome === 'object' && 'ended' in outcome) return finishedPlatform2Call(outcome.ended, args);
		const status = lastStatus ? `last status "${lastStatus}"` : 'no status seen yet';
		throw waitFailure(ctx, outcome, { call: `call ${args.callId}`, status, maxWaitMs: args.maxWaitMs, itemIndex, placedOnce: PLACED_ONCE });
	} finally {
		stop.abort();
	}
}

/**
 * The finished call in classic's output keys (shared/finishedCall.ts: a workflow can switch between
 * classic and 2.0), its values read by platform2CallFacts, the reading Get Call's Simplify uses too: the two
 * outputs of one call agree on its status, duration, summary, transcript and extracted variables.
 */
function finishedPlatform2Call(call: IDataObject, placed: { assistantId: string; inputVariables?: IDataObject }): IDataObject {
	const facts = platform2CallFacts(call);
	const record = finishedCallRecord(
		{
			...call,
			id: facts.id,
			status: facts.status,
			duration: facts.duration_sec,
			client_phone_number: facts.to_number,
			assistant_phone_number: facts.from_number,
			extracted_variables: facts.extracted_variables,
			finished_at: call.ended_at ?? call.updated_at ?? null,
			assistant_id: call.assistant_id,
		},
		placed,
	);
	return { ...record, summary: facts.summary, transcript: facts.transcript };
}
