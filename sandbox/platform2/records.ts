/**
 * The Platform 2.0 records, per workspace: collections (newest first) keyed by collection template
 * and parent ids, and singleton documents keyed by their concrete path. Nothing here knows HTTP.
 */

export type P2Record = Record<string, unknown> & { id: string | number };

/** Fields a record may also be found by: a suppression entry is removed by its id, number or e-mail. */
const ALTERNATE_KEYS: Record<string, string[]> = { '/suppression-list': ['phone_number', 'email', 'value'] };

interface WorkspaceRecords {
	collections: Map<string, P2Record[]>;
	singletons: Map<string, Record<string, unknown>>;
}

const keyOf = (collection: string, parents: Array<string | number>): string => `${collection}#${parents.join('/')}`;

export class RecordStore {
	private spaces = new Map<string, WorkspaceRecords>();

	private space(workspaceId: string): WorkspaceRecords {
		let space = this.spaces.get(workspaceId);
		if (!space) this.spaces.set(workspaceId, (space = { collections: new Map(), singletons: new Map() }));
		return space;
	}

	/** The live list (newest first); created empty on first use. */
	list(workspaceId: string, collection: string, parents: Array<string | number> = []): P2Record[] {
		const { collections } = this.space(workspaceId);
		const key = keyOf(collection, parents);
		let rows = collections.get(key);
		if (!rows) collections.set(key, (rows = []));
		return rows;
	}

	find(workspaceId: string, collection: string, parents: Array<string | number>, id: string): P2Record | undefined {
		const rows = this.list(workspaceId, collection, parents);
		const alternates = ALTERNATE_KEYS[collection] ?? [];
		return rows.find((r) => String(r.id) === id || alternates.some((k) => r[k] === id));
	}

	/** Adds as the newest record. */
	insert(workspaceId: string, collection: string, parents: Array<string | number>, record: P2Record): P2Record {
		this.list(workspaceId, collection, parents).unshift(record);
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
		const out: P2Record[] = [];
		for (const [key, rows] of this.space(workspaceId).collections) if (key.startsWith(`${collection}#`)) out.push(...rows);
		return out;
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
