/**
 * A bounded memory in one n8n process: values kept for at most a window and for the newest `limit`
 * keys only, each key a fixed-size hash of its parts (parts come from deliveries and may be megabytes
 * long). What must outlive the process or reach every process lives in a DeliveryMemory
 * (deliveryMemory.ts), which keeps one of these beside n8n's database.
 */
import { createHash } from 'node:crypto';

export const MEMORY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MEMORY_ENTRIES = 1000;

/** A 22-character key (132 bits of SHA-256): the same for the same parts, in any process. */
export function memoryKey(parts: unknown[]): string {
	return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/** What a fresh process would not remember (cleared by tests through forgetProcessMemories). */
const processMemories: Array<{ clear(): void }> = [];

/** Registers a memory kept in this process only, so tests can start from a fresh process. */
export function keptInProcess(memory: { clear(): void }): void {
	processMemories.push(memory);
}

/** A Map keeps insertion order, so the oldest entries come first. */
export class RecentMemory<V> {
	private readonly entries = new Map<string, { value: V; at: number }>();

	/** `registered`: false for a memory that lives inside another one (which registers itself). */
	constructor(
		private readonly limit = MEMORY_ENTRIES,
		private readonly windowMs = MEMORY_WINDOW_MS,
		registered = true,
	) {
		if (registered) keptInProcess(this);
	}

	get(parts: unknown[], now = Date.now()): V | undefined {
		return this.getKey(memoryKey(parts), now);
	}

	set(parts: unknown[], value: V, now = Date.now()): void {
		this.setKey(memoryKey(parts), value, now);
	}

	getKey(key: string, now = Date.now()): V | undefined {
		const entry = this.entries.get(key);
		return entry !== undefined && now - entry.at < this.windowMs ? entry.value : undefined;
	}

	/** Keeps the value as the newest entry, then forgets what is too old or beyond the limit. */
	setKey(key: string, value: V, now = Date.now()): void {
		this.entries.delete(key);
		this.entries.set(key, { value, at: now });
		for (const [oldKey, entry] of this.entries) {
			if (this.entries.size <= this.limit && now - entry.at < this.windowMs) break;
			this.entries.delete(oldKey);
		}
	}

	delete(key: string): void {
		this.entries.delete(key);
	}

	/** The entries still in the window, oldest first. */
	*recent(now = Date.now()): Generator<[string, V, number]> {
		for (const [key, entry] of this.entries) if (now - entry.at < this.windowMs) yield [key, entry.value, entry.at];
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

/** Tests start from a fresh process's memory (every RecentMemory, every DeliveryMemory's own part). */
export function forgetProcessMemories(): void {
	for (const memory of processMemories) memory.clear();
}
