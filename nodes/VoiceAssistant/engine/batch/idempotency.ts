import { randomUUID } from 'node:crypto';

import type { ApiCall, Prepared } from '../operation';
import type { RunMemory } from './retryMemory';

/**
 * Idempotency keys made per item (issue #36). Some writes carry a key the client makes up, so the
 * platform can tell a repeat from a new request (ApiCall.idempotencyKey says where). A key the user
 * gives is sent as it is; otherwise the item gets a UUID here, after the batch check and before the
 * first send, and keeps it:
 * - the transport's own retries (a 429, a connection never made) send the same request, so the same key;
 * - n8n's Retry On Fail runs the node again: the run's memory (retryMemory.ts) hands the item the key
 *   its first try made, so the fingerprint is the same and, where the first answer was unknown (a 5xx,
 *   a timeout), the item may be sent again with that key instead of failing with "check before retrying".
 */

/** The key the request holds (given by the user, or made here), if any. */
export function idempotencyKeyOf(call: ApiCall): string | undefined {
	const slot = call.idempotencyKey;
	if (slot === undefined) return undefined;
	const value = slot.in === 'header' ? call.platform2?.headers?.[slot.name] : call.body?.[slot.name];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The item's request with its key: the one it holds, the one an earlier try of this run made, or a new UUID. */
export function withIdempotencyKey<P extends Prepared>(prepared: P, itemIndex: number, memory: RunMemory | undefined): P {
	const call = prepared.request;
	const slot = call.idempotencyKey;
	if (slot === undefined || idempotencyKeyOf(call) !== undefined) return prepared;
	const key = memory ? memory.keyFor(itemIndex, randomUUID) : randomUUID();
	const request: ApiCall =
		slot.in === 'header'
			? { ...call, platform2: { ...(call.platform2 ?? { operation: call.path }), headers: { ...call.platform2?.headers, [slot.name]: key } } }
			: { ...call, body: { ...call.body, [slot.name]: key } };
	return { ...prepared, request };
}
