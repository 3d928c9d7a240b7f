/**
 * The Platform 2.0 records, per workspace: collections (newest first) keyed by collection template
 * and parent ids, and singleton documents keyed by their concrete path. Nothing here knows HTTP.
 */

export type P2Record = Record<string, unknown> & { id: string | number };

/** Fields a record may also be found by: a suppression entry is removed by its id, number or e-mail. */
const ALTERNATE_KEYS: Record<string, string[]> = { '/suppression-list': ['phone_number', 'email', 'value'] };

interface WorkspaceRecords {
	collections: Map<string, P2Record[]>;
	/** records inserted since the collection was last read, oldest first (insert is O(1); see list) */
	inserted: Map<string, P2Record[]>;
	singletons: Map<string, Record<string, unknown>>;
}

/** Puts `newer` (oldest first) in front of `rows` (newest first), in place: one pass, whatever their sizes. */
function prependNewest(rows: P2Record[], newer: P2Record[]): void {
	const n = rows.length;
	const k = newer.length;
	rows.length = n + k;
	for (let i = n - 1; i >= 0; i--) rows[i + k] = rows[i];
	for (let i = 0; i < k; i++) rows[i] = newer[k - 1 - i];
}

const keyOf = (collection: string, parents: Array<string | number>): string => `${collection}#${parents.join('/')}`;

export class RecordStore {
	private spaces = new Map<string, WorkspaceRecords>();

	private space(workspaceId: string): WorkspaceRecords {
		let space = this.spaces.get(workspaceId);
		if (!space) this.spaces.set(workspaceId, (space = { collections: new Map(), inserted: new Map(), singletons: new Map() }));
		return space;
	}

	/**
	 * The live list (newest first); created empty on first use. Records inserted since the last read join
	 * it here, all at once: a request that adds 1,000 leads to a list of 100,000 moves the list once, not
	 * 1,000 times.
	 */
	list(workspaceId: string, collection: string, parents: Array<string | number> = []): P2Record[] {
		return this.rowsOf(this.space(workspaceId), keyOf(collection, parents));
	}

	private rowsOf(space: WorkspaceRecords, key: string): P2Record[] {
		let rows = space.collections.get(key);
		if (!rows) space.collections.set(key, (rows = []));
		const newer = space.inserted.get(key);
		if (newer) {
			space.inserted.delete(key);
			prependNewest(rows, newer);
		}
		return rows;
	}

	find(workspaceId: string, collection: string, parents: Array<string | number>, id: string): P2Record | undefined {
		const rows = this.list(workspaceId, collection, parents);
		const alternates = ALTERNATE_KEYS[collection] ?? [];
		return rows.find((r) => String(r.id) === id || alternates.some((k) => r[k] === id));
	}

	/** Adds as the newest record (it joins the list when the list is next read). */
	insert(workspaceId: string, collection: string, parents: Array<string | number>, record: P2Record): P2Record {
		const { inserted } = this.space(workspaceId);
		const key = keyOf(collection, parents);
		const newer = inserted.get(key);
		if (newer) newer.push(record);
		else inserted.set(key, [record]);
		return record;
	}

	/** Adds as the oldest record (seeding in newest-first order). */
	append(workspaceId: string, collection: string, parents: Array<string | number>, record: P2Record): P2Record {
		this.list(workspaceId, collection, parents).push(record);
		return record;
	}

	remove(workspaceId: string, collection: string, parents: Array<string | number>, record: P2Record): void {
		const rows = this.list(workspaceId, collection, parents);
		const at = rows.indexOf(record);
		if (at >= 0) rows.splice(at, 1);
	}

	/** Every record of a collection template across parents (e.g. every assistant's tool assignment). */
	allOf(workspaceId: string, collection: string): P2Record[] {
		const space = this.space(workspaceId);
		const keys = new Set([...space.collections.keys(), ...space.inserted.keys()].filter((key) => key.startsWith(`${collection}#`)));
		return [...keys].flatMap((key) => this.rowsOf(space, key));
	}

	singleton(workspaceId: string, path: string): Record<string, unknown> | undefined {
		return this.space(workspaceId).singletons.get(path);
	}

	setSingleton(workspaceId: string, path: string, doc: Record<string, unknown> | undefined): void {
		const { singletons } = this.space(workspaceId);
		if (doc === undefined) singletons.delete(path);
		else singletons.set(path, doc);
	}

	singletonsOf(workspaceId: string): Map<string, Record<string, unknown>> {
		return this.space(workspaceId).singletons;
	}

	clear(): void {
		this.spaces.clear();
	}
}
