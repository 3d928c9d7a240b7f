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
 * not caught. RecentMemory is the same bounded memory for other per-delivery facts (the WhatsApp
 * read receipts keep each message's furthest status in one, trigger/readReceipts/progress.ts).
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../shared/objects';

export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const REPLAY_MEMORY = 1000;

/** A fixed-size key: the parts come from deliveries and may be megabytes long. */
function memoryKey(parts: unknown[]): string {
	return createHash('sha256').update(JSON.stringify(parts)).digest('base64');
}

/**
 * Values kept for at most REPLAY_WINDOW_MS and for the newest REPLAY_MEMORY keys only, each key a
 * 44-character hash of its parts. A Map keeps insertion order, so the oldest come first.
 */
export class RecentMemory<V> {
	private readonly entries = new Map<string, { value: V; at: number }>();

	constructor(
		private readonly limit = REPLAY_MEMORY,
		private readonly windowMs = REPLAY_WINDOW_MS,
	) {
		memories.push(this);
	}

	get(parts: unknown[], now = Date.now()): V | undefined {
		const entry = this.entries.get(memoryKey(parts));
		return entry !== undefined && now - entry.at < this.windowMs ? entry.value : undefined;
	}

	/** Keeps the value as the newest entry, then forgets what is too old or beyond the limit. */
	set(parts: unknown[], value: V, now = Date.now()): void {
		const key = memoryKey(parts);
		this.entries.delete(key);
		this.entries.set(key, { value, at: now });
		for (const [oldKey, entry] of this.entries) {
			if (this.entries.size <= this.limit && now - entry.at < this.windowMs) break;
			this.entries.delete(oldKey);
		}
	}

	get size(): number {
		return this.entries.size;
	}

	/** The characters all kept keys hold. */
	keyChars(): number {
		let chars = 0;
		for (const key of this.entries.keys()) chars += key.length;
		return chars;
	}

	clear(): void {
		this.entries.clear();
	}
}

const memories: Array<RecentMemory<unknown>> = [];

const accepted = new RecentMemory<true>();

/** The call id a delivery is about: `id` (post-call), `call_id` (inbound) or `call.id`. */
export function callIdOf(body: IDataObject): string | undefined {
	const candidates = [body.call_id, isObject(body.call) ? body.call.id : undefined, body.id];
	const found = candidates.find((value) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== ''));
	return found === undefined ? undefined : String(found).trim();
}

/**
 * Records the delivery and says whether it was already accepted. `scope` tells registrations apart
 * (the stored secret hash). Without a call id it is never a replay.
 */
export function isReplay(scope: string, body: IDataObject, now = Date.now()): boolean {
	const callId = callIdOf(body);
	if (callId === undefined) return false;
	const parts = [scope, callId, String(body.status ?? '')];
	if (accepted.get(parts, now) !== undefined) return true;
	accepted.set(parts, true, now);
	return false;
}

/** For tests: the characters all kept keys hold. */
export function replayKeyChars(): number {
	return accepted.keyChars();
}

/** Tests start from a fresh process's memory (every RecentMemory). */
export function resetReplays(): void {
	for (const memory of memories) memory.clear();
}
