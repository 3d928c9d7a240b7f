/**
 * What an operation does to the records, read from its method and path alone. Records live in
 * collections named by the path up to an id parameter with the parameter names dropped
 * (`/knowledge-bases/{}/documents`), one set per parent id: the "family" of `/knowledge-bases/{id}/documents/{docId}`
 * is its parent knowledge base. A path ending in an id is an item (GET read, PATCH update, PUT replace,
 * DELETE delete, POST an action on it); a path ending in a collection lists (GET) and creates (POST);
 * any other path is a singleton document of the workspace (settings, `/assistants/{id}/tools`) that
 * GET reads, PATCH merges, PUT replaces, DELETE clears and POST merges into.
 */
import { isParam, type P2Operation } from './catalog';

/** Collections that are one family under two paths: a customer's memory hangs off the audience contact. */
const ALIASES: Record<string, string> = { '/contacts': '/leads' };

export type IdKind = 'uuid' | 'integer' | 'voice';

/** One id parameter of a path: the collection its value must be found in, under the ids before it. */
export interface IdRef {
	param: string;
	collection: string;
	/** names of the id parameters before this one (the parents) */
	parents: string[];
}

export type ShapeKind = 'create' | 'list' | 'read' | 'update' | 'replace' | 'delete' | 'item-action' | 'singleton' | 'action';

export interface Shape {
	kind: ShapeKind;
	/** every id parameter of the path, outermost first (each must exist) */
	ids: IdRef[];
	/** the collection listed or created in (create, list), or of the item */
	collection?: string;
}

export function templateOf(segments: string[]): string {
	const t = '/' + segments.map((s) => (isParam(s) ? '{}' : s)).join('/');
	return ALIASES[t] ?? t;
}

/** The id references of a path: `/a/{x}/b/{y}` → [{x in /a}, {y in /a/{}/b under x}]. */
export function idRefs(path: string): IdRef[] {
	const segments = path.split('/').slice(1);
	const refs: IdRef[] = [];
	segments.forEach((s, i) => {
		if (!isParam(s)) return;
		refs.push({ param: s.slice(1, -1), collection: templateOf(segments.slice(0, i)), parents: refs.map((r) => r.param) });
	});
	return refs;
}

export class Shapes {
	/** collections some operation addresses an item of */
	readonly recordCollections = new Set<string>();
	readonly idKinds = new Map<string, IdKind>();
	private listed = new Set<string>();
	private singletonReads = new Set<string>();
	private shapes = new Map<string, Shape>();

	constructor(ops: P2Operation[]) {
		for (const op of ops) {
			for (const ref of idRefs(op.path)) {
				this.recordCollections.add(ref.collection);
				const field = op.pathParams.find((p) => p.name === ref.param);
				if (!this.idKinds.has(ref.collection)) this.idKinds.set(ref.collection, ref.collection === '/voices' ? 'voice' : field?.type === 'integer' ? 'integer' : 'uuid');
			}
			const template = templateOf(op.path.split('/').slice(1));
			if (op.method === 'GET' && (op.id.startsWith('list') || op.paging !== 'none')) this.listed.add(template);
			if (op.method === 'GET') this.singletonReads.add(template);
		}
		for (const op of ops) this.shapes.set(op.id, this.classify(op));
	}

	of(op: P2Operation): Shape {
		return this.shapes.get(op.id)!;
	}

	private classify(op: P2Operation): Shape {
		const segments = op.path.split('/').slice(1);
		const ids = idRefs(op.path);
		if (isParam(segments[segments.length - 1])) {
			const item = ids[ids.length - 1];
			const byMethod: Record<string, ShapeKind> = { GET: 'read', PATCH: 'update', PUT: 'replace', DELETE: 'delete', POST: 'item-action' };
			return { kind: byMethod[op.method] ?? 'item-action', ids, collection: item.collection };
		}
		const template = templateOf(segments);
		const isCollection = this.recordCollections.has(template) || this.listed.has(template);
		if (isCollection) {
			if (op.method === 'GET') return { kind: 'list', ids, collection: template };
			if (op.method === 'POST' && (this.recordCollections.has(template) || op.id.startsWith('create'))) return { kind: 'create', ids, collection: template };
			return { kind: 'action', ids };
		}
		if (op.method !== 'POST' || this.singletonReads.has(template)) return { kind: 'singleton', ids };
		return { kind: 'action', ids };
	}
}
