/** What a Platform 2.0 operation handler is given: the resolved request and the mode's state. */
import { uuid, type Rng } from '../prng';
import type { Tasks } from '../tasks';
import type { P2Operation } from './catalog';
import type { KeyRing, P2Key, P2Workspace } from './keys';
import type { SandboxListOrder } from './listOrder';
import type { P2Record, RecordStore } from './records';
import type { IdKind, Shape, Shapes } from './shapes';

/** How 2.0 calls run (behaviours/calls.ts, and a running campaign's calls in campaignRuns.ts): the classic simulator's step and the recording host. */
export interface P2CallSim {
	stepMs: number;
	/** the recording host's origin (recordings.ts), set once it listens */
	recordingOrigin: string;
	/** recording file names (hex) a 2.0 call holds: the recording host serves these */
	recordings: Set<string>;
	/** background work of running calls (their mid-call tool requests: behaviours/toolRuns.ts); reset and stop end it */
	tasks: Tasks;
	/** aborts the requests of that work (reset, stop) */
	abort: AbortController;
}

export interface P2State {
	ops: P2Operation[];
	sim: P2CallSim;
	shapes: Shapes;
	keys: KeyRing;
	records: RecordStore;
	rng: Rng;
	/** tools a workspace may have (the sandbox's plan limit, set by a test; none: unlimited), by workspace id */
	toolLimits: Map<string, number>;
	/** where discoverTool reaches an MCP server's host (host or host:port → an origin; set by a test: Platform2.setMcpHost) */
	mcpHosts: Map<string, string>;
	/** the order paged lists are answered in (listOrder.ts); undefined: newest first */
	listOrder?: SandboxListOrder;
	/** whether campaigns are answered with started_at / paused_at / completed_at (behaviours/campaignEntryTimes.ts; default true) */
	campaignEntryTimes: boolean;
}

export interface P2Call {
	op: P2Operation;
	shape: Shape;
	key: P2Key;
	workspace: P2Workspace;
	/** the path below /api/v1, as sent */
	path: string;
	params: Record<string, string>;
	/** query values, typed by the catalogue, defaults filled in */
	query: Record<string, unknown>;
	/** the parsed JSON body (undefined when empty) */
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
	/** the record each id parameter named (outermost first), found in the caller's workspace */
	found: P2Record[];
	/** ids of the parents of the listed/created collection or of the item */
	parents: Array<string | number>;
	state: P2State;
}

/** A new record's id; `existing` (the collection) is read only for integer ids, the next after the largest. */
export function newId(state: P2State, kind: IdKind | undefined, existing: () => P2Record[]): string | number {
	if (kind === 'integer') return existing().reduce((max, r) => Math.max(max, Number(r.id) || 0), 0) + 1;
	const id = uuid(state.rng);
	return kind === 'voice' ? `voice:${id}` : id;
}

/** The `<parent>_id` field a nested record carries: `/knowledge-bases/{}/documents` → knowledge_base_id. */
export function parentField(collection: string): string | null {
	const segments = collection.split('/').slice(1);
	const at = segments.lastIndexOf('{}');
	if (at < 1) return null;
	return `${segments[at - 1].replace(/-/g, '_').replace(/ies$/, 'y').replace(/s$/, '')}_id`;
}

export const nowIso = (): string => new Date().toISOString();
