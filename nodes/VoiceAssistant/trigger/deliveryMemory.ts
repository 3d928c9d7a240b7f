/**
 * What a trigger remembers about the deliveries it accepted (was this one run already? how far has
 * this message got?), kept where every n8n process of the instance sees it and a restart keeps it: the
 * trigger node's static data. n8n reads it from its database for each delivery and writes it back once
 * the trigger has answered (LiveWebhooks, n8n 1.x and 2.x), on the main instance and on every
 * `n8n webhook` process of queue mode alike, so nothing is added to install or configure.
 *
 * That store has two limits, both measured (docs/deliveries.md):
 * - two processes that take the same delivery at the same instant both see it as new: the window runs
 *   from n8n's read of the workflow to its write after the answer;
 * - n8n writes the whole static data, so of two deliveries answered at once, the later write drops the
 *   other's entry. Each process also keeps what it accepted in its own memory (checked first, so a
 *   replay that reaches the same process is always caught) and writes it back with every later
 *   delivery to the same trigger, so a dropped entry returns with that process's next write.
 *
 * A delivery counts as accepted once n8n has started its execution. On n8n 2.x, "Respond: Immediately"
 * answers only after that start, and a start that fails (its database busy) answers 500 and writes
 * nothing, so the platform sends the delivery again. Until n8n reads the answer, this process holds the
 * delivery as in flight: a copy arriving meanwhile is a duplicate, a retry after IN_FLIGHT_MS runs.
 *
 * Bounded like every memory here: per trigger node and memory the newest 1,000 entries of the last
 * 24 hours, each a 22-character hash, a time and a small number (about 40 bytes: ≤ 40 KB of static data).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { MEMORY_ENTRIES, MEMORY_WINDOW_MS, RecentMemory, keptInProcess, memoryKey } from './recentMemory';

/** As the static data holds it: [key, accepted at (ms since 1970), value], newest first (an array: cheap to read and write). */
type Entry = [key: string, at: number, value: number];
/** key → [at, value], while a delivery is handled */
type Stored = Map<string, [number, number]>;

const isEntry = (entry: unknown): entry is Entry =>
	Array.isArray(entry) && entry.length === 3 && typeof entry[0] === 'string' && Number.isFinite(entry[1]) && Number.isFinite(entry[2]);

/** Most trigger nodes one process keeps its own memory for; the least recently used goes first. */
const OWNERS = 100;

/**
 * How long a delivery whose execution n8n has not started yet holds off a copy in this process. The
 * platform sends a delivery again 30 s after an answer that was not a 200; n8n gives up waiting for its
 * database after 20 s (its default connection timeout).
 */
export const IN_FLIGHT_MS = 30_000;

export class DeliveryMemory {
	/** this process's entries whose executions n8n started, per trigger node (workflow, node, mode) */
	private readonly local = new Map<string, RecentMemory<number>>();
	/** this process's entries whose executions n8n has not started yet, per trigger node */
	private readonly inFlight = new Map<string, RecentMemory<number>>();

	/** `field`: where in the node's static data the entries live (one field per kind of fact). */
	constructor(
		private readonly field: string,
		private readonly limit = MEMORY_ENTRIES,
		private readonly windowMs = MEMORY_WINDOW_MS,
	) {
		keptInProcess(this.local);
		keptInProcess(this.inFlight);
	}

	/** The value kept for these parts: this process's, one in flight here, or the one every process shares. */
	get(ctx: IWebhookFunctions, parts: unknown[], now = Date.now()): number | undefined {
		const key = memoryKey(parts);
		const owner = ownerOf(ctx);
		const mine = this.local.get(owner)?.getKey(key, now) ?? this.inFlight.get(owner)?.getKey(key, now);
		if (mine !== undefined) return mine;
		const entry = this.stored(ctx).get(key);
		return entry !== undefined && now - entry[0] < this.windowMs ? entry[1] : undefined;
	}

	/**
	 * Keeps the values (one write for several), with everything else this process has seen started for
	 * the same trigger (never another delivery still in flight: its start may yet fail). They count as
	 * accepted once keptByN8n says n8n started the execution.
	 */
	set(ctx: IWebhookFunctions, values: Array<[parts: unknown[], value: number]>, now = Date.now()): void {
		const owner = ownerOf(ctx);
		const keyed = values.map(([parts, value]) => [memoryKey(parts), value] as const);
		const waiting = this.ownerMemory(this.inFlight, owner, IN_FLIGHT_MS);
		for (const [key, value] of keyed) waiting.setKey(key, value, now);
		const stored = this.stored(ctx);
		for (const [key, value, at] of this.ownerMemory(this.local, owner).recent(now)) {
			if ((stored.get(key)?.[0] ?? -Infinity) < at) stored.set(key, [at, value]);
		}
		for (const [key, value] of keyed) stored.set(key, [now, value]);
		const entries = this.trimmed(stored, now);
		ctx.getWorkflowStaticData('node')[this.field] = entries as unknown as IDataObject;
		const pending = pendingOf(ctx);
		pending.writes.set(this.field, entries);
		pending.started.push(() => {
			const accepted = this.ownerMemory(this.local, owner);
			for (const [key, value] of keyed) {
				waiting.delete(key);
				accepted.setKey(key, value, now);
			}
		});
	}

	private ownerMemory(memories: Map<string, RecentMemory<number>>, owner: string, windowMs = this.windowMs): RecentMemory<number> {
		const memory = memories.get(owner) ?? new RecentMemory<number>(this.limit, windowMs, false);
		memories.delete(owner);
		memories.set(owner, memory);
		if (memories.size > OWNERS) memories.delete(memories.keys().next().value as string);
		return memory;
	}

	/** A copy of the shared entries: anything n8n's database holds that is not an entry is dropped. */
	private stored(ctx: IWebhookFunctions): Stored {
		const raw = ctx.getWorkflowStaticData('node')[this.field];
		const stored: Stored = new Map();
		if (!Array.isArray(raw)) return stored;
		for (const entry of raw as unknown[]) if (isEntry(entry)) stored.set(entry[0], [entry[1], entry[2]]);
		return stored;
	}

	/** The newest `limit` entries still in the window, newest first. */
	private trimmed(stored: Stored, now: number): Entry[] {
		const kept: Entry[] = [];
		for (const [key, [at, value]] of stored) if (now - at < this.windowMs) kept.push([key, at, value]);
		return kept.sort((a, b) => b[1] - a[1]).slice(0, this.limit);
	}
}

/** What one delivery wrote, per static data field, and what to do once n8n has started its execution. */
interface Pending {
	writes: Map<string, Entry[]>;
	started: Array<() => void>;
}
const pendingWrites = new WeakMap<IWebhookFunctions, Pending>();

function pendingOf(ctx: IWebhookFunctions): Pending {
	const pending = pendingWrites.get(ctx) ?? { writes: new Map(), started: [] };
	pendingWrites.set(ctx, pending);
	return pending;
}

function markStarted(pending: Pending): void {
	for (const started of pending.started.splice(0)) started();
}

/**
 * The answer of webhook(), made so n8n saves what the delivery memory wrote, and so the delivery counts
 * as accepted once n8n has started its execution.
 *
 * n8n 2.x (WorkflowRunner.establishContextForPersistence, 2.41) builds a second Workflow over the very
 * static data object the webhook's Workflow holds before it starts the execution; that clears the
 * object's "changed" mark, so LiveWebhooks no longer writes it to the database (when the workflow held
 * static data before the delivery). So the entries are written again whenever n8n reads what the
 * trigger handed back after that point:
 * - "Respond: Immediately" (`answerReadAfterStart`): n8n 2.x reads the answer (`webhookResponse`) once
 *   the execution has started and before it saves; that read also counts the delivery as accepted.
 *   n8n 1.x reads it before it starts the execution and saves before that too, so there an answered
 *   delivery is accepted, as n8n itself holds it.
 * - "When Last Node Finishes": n8n answers and saves after the execution and reads the first item's
 *   `json` on the way (storing the execution, running the next node, taking the answer from it), so a
 *   read of it writes the entries again (in queue mode on 2.41, before this: not one of 32 deliveries
 *   reached the database). These deliveries count as accepted at once.
 */
export function keptByN8n(ctx: IWebhookFunctions, result: IWebhookResponseData, answerReadAfterStart: boolean): IWebhookResponseData {
	const pending = pendingWrites.get(ctx);
	if (!pending) return result;
	const writeAgain = () => {
		const node = ctx.getWorkflowStaticData('node');
		for (const [field, entries] of pending.writes) node[field] = entries as unknown as IDataObject;
	};
	if (result.workflowData === undefined) {
		markStarted(pending);
		return result;
	}
	if (!answerReadAfterStart) {
		markStarted(pending);
		const first = result.workflowData[0]?.[0];
		if (first) writtenAgainOnRead(first, 'json', writeAgain);
		return result;
	}
	const kept = { ...result };
	writtenAgainOnRead(kept, 'webhookResponse', () => {
		writeAgain();
		markStarted(pending);
	});
	return kept;
}

/** Makes `target[field]` a property that calls `onRead` on every read (and may still be replaced). */
function writtenAgainOnRead<T extends object>(target: T, field: keyof T & string, onRead: () => void): void {
	let value = target[field];
	Object.defineProperty(target, field, {
		enumerable: true,
		configurable: true,
		get() {
			onRead();
			return value;
		},
		set(replaced: T[keyof T & string]) {
			value = replaced;
		},
	});
}

/** The trigger node whose static data holds the entries (a test URL keeps apart from production). */
function ownerOf(ctx: IWebhookFunctions): string {
	return `${ctx.getWorkflow().id ?? ''}|${ctx.getNode().id}|${ctx.getMode()}`;
}
