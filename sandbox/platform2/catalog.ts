/**
 * The Platform 2.0 operation catalogue (nodes/VoiceAssistant/actions/platform2/catalog/operations.json, the
 * same file the node is generated from) and the route table built from it. Read from disk rather than
 * imported so the type checker does not infer a type for 19 000 lines of JSON.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface P2Field {
	name: string;
	required: boolean;
	type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'json';
	format?: string;
	enum?: unknown[];
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	items?: { type?: string; format?: string; enum?: unknown[] };
	default?: unknown;
}

export type P2Paging = 'none' | 'limit/offset' | 'cursor' | 'limit-only';

export interface P2Operation {
	id: string;
	tag: string;
	method: string;
	path: string;
	summary: string;
	pathParams: P2Field[];
	queryParams: P2Field[];
	headerParams?: P2Field[];
	body: { required: boolean; fields: P2Field[] | null; sameAs?: string } | null;
	paging: P2Paging;
	pagingDetails?: { limitMax?: number; limitDefault?: number; cursorParam?: string; nextField?: string };
	/** requirements (all needed), each a list of alternatives; [] none; null: any authenticated key */
	scopes: string[][] | null;
	paid: boolean;
	irreversible: boolean;
	flags: string[];
	binaryResponse?: boolean;
	notes?: string;
}

export const CATALOG_FILE = join(__dirname, '..', '..', 'nodes', 'VoiceAssistant', 'actions', 'platform2', 'catalog', 'operations.json');

let cached: P2Operation[] | undefined;

/** Every operation, read once. */
export function loadCatalog(): P2Operation[] {
	cached ??= (JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as { operations: P2Operation[] }).operations;
	return cached;
}

let headerNames: Set<string> | undefined;

/**
 * The request headers the catalogue documents (Idempotency-Key, If-Match), as they arrived: what the
 * request log keeps of a 2.0 request's headers, so a test can see the key each try carried. Never the
 * Authorization header.
 */
export function documentedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> | undefined {
	headerNames ??= new Set(loadCatalog().flatMap((op) => (op.headerParams ?? []).map((field) => field.name.toLowerCase())));
	const kept: Record<string, string> = {};
	for (const name of headerNames) {
		const value = headers[name];
		if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
	}
	return Object.keys(kept).length > 0 ? kept : undefined;
}

/** The body fields an operation checks: its own, or those of the operation it names in `sameAs`. */
export function bodyFields(op: P2Operation, all: P2Operation[]): P2Field[] | null {
	if (!op.body) return null;
	if (op.body.sameAs) {
		const other = all.find((o) => o.id === op.body!.sameAs);
		const fields = other?.body?.fields ?? null;
		// a partial update (PATCH) borrowing a create's schema does not need the create's required fields
		return fields && op.method === 'PATCH' ? fields.map((f) => ({ ...f, required: false })) : fields;
	}
	return op.body.fields;
}

export type RouteMatch =
	| { kind: 'found'; op: P2Operation; params: Record<string, string> }
	| { kind: 'method-not-allowed' }
	| { kind: 'not-found' };

interface Route {
	op: P2Operation;
	segments: string[];
}

/**
 * Method + path → operation. Where a literal segment and a parameter could both match
 * (`/automations/connections` and `/automations/{id}`), the literal wins at the first place they differ.
 */
export class RouteTable {
	private routes: Route[];

	constructor(ops: P2Operation[]) {
		this.routes = ops.map((op) => ({ op, segments: op.path.split('/').slice(1) }));
	}

	match(method: string, path: string): RouteMatch {
		const parts = path.split('/').slice(1);
		const fits = this.routes.filter((r) => r.segments.length === parts.length && r.segments.every((s, i) => isParam(s) || s === parts[i]));
		if (!fits.length) return { kind: 'not-found' };
		const best = fits.filter((r) => r.op.method === method).sort((a, b) => specificity(a, b))[0];
		if (!best) return { kind: 'method-not-allowed' };
		const params: Record<string, string> = {};
		best.segments.forEach((s, i) => {
			if (isParam(s)) params[s.slice(1, -1)] = safeDecode(parts[i]);
		});
		return { kind: 'found', op: best.op, params };
	}
}

export function isParam(segment: string): boolean {
	return segment.startsWith('{') && segment.endsWith('}');
}

function specificity(a: Route, b: Route): number {
	for (let i = 0; i < a.segments.length; i++) {
		const pa = isParam(a.segments[i]);
		const pb = isParam(b.segments[i]);
		if (pa !== pb) return pa ? 1 : -1;
	}
	return 0;
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}
