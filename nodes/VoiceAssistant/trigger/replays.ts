/**
 * Replay guard. A delivery URL cannot be kept secret from everyone on the way (proxies, logs), and
 * anyone who saw one delivery could post it again. So a delivery for a call id and status this
 * registration already accepted within 24 hours starts no second execution.
 *
 * Deliveries without a call id (an inbound notification sent before the call has one, or a shape
 * we do not know) are not deduplicated: nothing tells two of them apart, and dropping a genuine
 * second one would lose a call. The secret still authenticates them.
 *
 * Memory is per n8n process and bounded: the last 1,000 accepted deliveries, each kept as the
 * SHA-256 of scope, call id and status (a fixed 44 characters, however long the call id a delivery
 * carried). In queue mode with several webhook processes a replay that lands on another process is
 * not caught.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../shared/objects';

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const REPLAY_MEMORY = 1000;

/** key (a hash) → when it was accepted; a Map keeps insertion order, so the oldest come first. */
const accepted = new Map<string, number>();

/** A fixed-size key: the call id comes from the delivery and may be megabytes long. */
function replayKey(scope: string, callId: string, status: string): string {
	return createHash('sha256').update(JSON.stringify([scope, callId, status])).digest('base64');
}


/** The call id a delivery is about: `id` (post-call), `call_id` (inbound) or `call.id`. */
export function callIdOf(body: IDataObject): string | undefined {
	const candidates = [body.call_id, isObject(body.call) ? body.call.id : undefined, body.id];
	const found = candidates.find((value) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== ''));
	return found === undefined ? undefined : String(found).trim();
}

function forget(now: number): void {
	for (const [key, at] of accepted) {
		if (accepted.size <= REPLAY_MEMORY && now - at < REPLAY_WINDOW_MS) break;
		accepted.delete(key);
	}
}

/**
 * Records the delivery and says whether it was already accepted. `scope` tells registrations apart
 * (the stored secret hash). Without a call id it is never a replay.
 */
export function isReplay(scope: string, body: IDataObject, now = Date.now()): boolean {
	const callId = callIdOf(body);
	if (callId === undefined) return false;
	const key = replayKey(scope, callId, String(body.status ?? ''));
	const at = accepted.get(key);
	if (at !== undefined && now - at < REPLAY_WINDOW_MS) return true;
	accepted.delete(key);
	accepted.set(key, now);
	forget(now);
	return false;
}

/** For tests: the characters all kept keys hold. */
export function replayKeyChars(): number {
	let chars = 0;
	for (const key of accepted.keys()) chars += key.length;
	return chars;
}

/** Tests start from a fresh process's memory. */
export function resetReplays(): void {
	accepted.clear();
}
