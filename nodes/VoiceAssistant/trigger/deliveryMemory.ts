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

export class DeliveryMemory {
	/** this process's entries, per trigger node (workflow, node, mode) */
	private readonly local = new Map<string, RecentMemory<number>>();

	/** `field`: where in the node's static data the entries live (one field per kind of fact). */
	constructor(
		private readonly field: string,
		private readonly limit = MEMORY_ENTRIES,
		private readonly windowMs = MEMORY_WINDOW_MS,
	) {
		keptInProcess(this.local);
	}

	/** The value kept for these parts, from this process's memory or the one every process shares. */
	get(ctx: IWebhookFunctions, parts: unknown[], now = Date.now()): number | undefined {
		const key = memoryKey(parts);
		const mine = this.local.get(ownerOf(ctx))?.getKey(key, now);
		if (mine !== undefined) return mine;
		const entry = this.stored(ctx).get(key);
		return entry !== undefined && now - entry[0] < this.windowMs ? entry[1] : undefined;
	}

	/** Keeps the values (one write for several), with everything this process kept for the same trigger. */
	set(ctx: IWebhookFunctions, values: Array<[parts: unknown[], value: number]>, now = Date.now()): void {
		const mine = this.ownMemory(ownerOf(ctx));
		for (const [parts, value] of values) mine.setKey(memoryKey(parts), value, now);
		const stored = this.stored(ctx);
		for (const [key, value, at] of mine.recent(now)) if ((stored.get(key)?.[0] ?? -Infinity) < at) stored.set(key, [at, value]);
		const entries = this.trimmed(stored, now);
		ctx.getWorkflowStaticData('node')[this.field] = entries as unknown as IDataObject;
		const writes = pendingWrites.get(ctx) ?? new Map<string, Entry[]>();
		writes.set(this.field, entries);
		pendingWrites.set(ctx, writes);
	}

	private ownMemory(owner: string): RecentMemory<number> {
		const memory = this.local.get(owner) ?? new RecentMemory<number>(this.limit, this.windowMs, false);
		this.local.delete(owner);
		this.local.set(owner, memory);
		if (this.local.size > OWNERS) this.local.delete(this.local.keys().next().value as string);
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

/** What this delivery wrote, per static data field (for keptByN8n below). */
const pendingWrites = new WeakMap<IWebhookFunctions, Map<string, Entry[]>>();

/**
 * The answer of webhook(), made so n8n 2.x saves what the delivery memory wrote.
 *
 * n8n 2.x (WorkflowRunner.establishContextForPersistence, 2.41) builds a second Workflow over the
 * very static data object the webhook's Workflow holds before it runs the execution; that clears the
 * object's "changed" mark, so LiveWebhooks no longer writes it to the database (when the workflow held
 * static data before the delivery; a first delivery's write is kept). n8n reads the answer
 * (`webhookResponse`) after that and before it saves, so reading it writes the entries again, which
 * marks the static data changed once more. n8n 1.x needs none of this and is not harmed by it.
 */
export function keptByN8n(ctx: IWebhookFunctions, result: IWebhookResponseData): IWebhookResponseData {
	const writes = pendingWrites.get(ctx);
	if (!writes || result.workflowData === undefined) return result;
	const answer = result.webhookResponse as unknown;
	const kept = { ...result };
	Object.defineProperty(kept, 'webhookResponse', {
		enumerable: true,
		get() {
			const node = ctx.getWorkflowStaticData('node');
			for (const [field, entries] of writes) node[field] = entries as unknown as IDataObject;
			return answer;
		},
	});
	return kept;
}

/** The trigger node whose static data holds the entries (a test URL keeps apart from production). */
function ownerOf(ctx: IWebhookFunctions): string {
	return `${ctx.getWorkflow().id ?? ''}|${ctx.getNode().id}|${ctx.getMode()}`;
}
