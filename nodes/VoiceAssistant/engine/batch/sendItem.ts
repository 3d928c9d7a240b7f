import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { mayHaveHappened } from '../../transport/errors';
import type { AnyOperation, Api, Prepared } from '../operation';
import { idempotencyKeyOf, withIdempotencyKey } from './idempotency';
import { asItemError } from './report';
import { fingerprint, type RunMemory } from './retryMemory';

export interface ItemResult {
	records: IDataObject[];
	/** answered from an earlier try of this run instead of being sent again */
	replayed: boolean;
}

/**
 * Sends one checked item and shapes its answer. For a write under Retry On Fail, the run's memory
 * decides: done before → the earlier answer, nothing sent; may have happened before → the same
 * "check before retrying" error, nothing sent, unless the write carries an idempotency key (the same
 * one as before: the platform recognises the repeat), then sent again; refused or never tried → sent.
 */
export async function sendItem(op: AnyOperation, checked: Prepared, api: Api, memory: RunMemory | undefined): Promise<ItemResult> {
	const prepared = withIdempotencyKey(checked, api.itemIndex, memory);
	const send = async () => (op.send ? await op.send(prepared, api) : await api.request(prepared.request));
	if (!op.write || !memory) return { records: await op.output(await send(), prepared, api), replayed: false };

	const print = fingerprint(prepared.request, op.contentDigest ? await op.contentDigest(prepared, api) : undefined);
	const earlier = memory.recall(api.itemIndex);
	if (earlier !== undefined) {
		if (earlier.fingerprint !== print) throw changedSinceEarlierTry(api);
		if (earlier.kind === 'uncertain' && idempotencyKeyOf(prepared.request) === undefined) throw earlier.error;
		if (earlier.kind === 'done' && !('answer' in earlier)) return { records: [answerNotKept(op, earlier.droppedAnswerBytes)], replayed: true };
		if (earlier.kind === 'done') return { records: await op.output(earlier.answer, prepared, api), replayed: true };
	}
	let answer: unknown;
	try {
		answer = await send();
	} catch (error) {
		if (mayHaveHappened(error)) memory.remember(api.itemIndex, { kind: 'uncertain', fingerprint: print, error });
		throw asItemError(api.ctx.getNode(), error, api.itemIndex);
	}
	memory.remember(api.itemIndex, { kind: 'done', fingerprint: print, answer });
	return { records: await op.output(answer, prepared, api), replayed: false };
}

/** The replay of a write whose answer was too large to keep (retryMemory.ts): done, not sent again. */
export function answerNotKept(op: AnyOperation, bytes: number): IDataObject {
	const done = op.write?.done[0] ?? 'done';
	return {
		replayed: true,
		message: `Carried out in an earlier try of this run (${done}), so not sent again; its answer${Number.isFinite(bytes) ? ` (${bytes} bytes)` : ''} was too large to keep. Check the result on the platform.`,
	};
}

export function changedSinceEarlierTry(api: Api): NodeOperationError {
	return new NodeOperationError(
		api.ctx.getNode(),
		`This item was sent in an earlier try of this run, but its request is different now, so it is not sent again [item ${api.itemIndex}]`,
		{
			itemIndex: api.itemIndex,
			description:
				'Retry On Fail ran the node again and this item built another request than before, usually because an expression gives a new value on every run (such as $now). The first request was carried out; check it on the platform.',
		},
	);
}
