/**
 * The Platform 2.0 mode: every operation of the catalogue served under /api/v1, table-driven. One
 * request goes route → key (401) → rate limit (429) → scopes, user key, white-label plan (403) →
 * parameters and body (400) → every id in the path found in the caller's workspace (404) → the
 * operation's own behaviour where the README names one, else the generic answer of its shape.
 * The sandbox's request log, latency and faults wrap this as they wrap the classic API (server.ts).
 */
import { createRng } from '../prng';
import { Tasks } from '../tasks';
import { checkAccess } from './access';
import { invalid, METHOD_NOT_ALLOWED, NOT_FOUND, UNAUTHENTICATED, type P2Answer } from './answers';
import { BEHAVIOURS } from './behaviours';
import { campaignAnswer } from './behaviours/campaignEntryTimes';
import { advanceCampaignRuns } from './behaviours/campaignRuns';
import { loadCatalog, RouteTable, type P2Operation } from './catalog';
import type { P2Call, P2CallSim, P2State } from './context';
import { genericAnswer } from './crud';
import { IdempotencyMemory } from './idempotency';
import { KeyRing, PLATFORM2_KEYS, PLATFORM2_WORKSPACES, publicKey, type MintOptions, type P2Key } from './keys';
import { isListOrder, type SandboxListOrder } from './listOrder';
import { RecordStore, type P2Record } from './records';
import { seedPlatform2 } from './seed';
import { Shapes } from './shapes';
import { checkBody, checkHeaders, checkPath, checkQuery } from './validate';

export const PLATFORM2_PREFIX = '/api/v1';

/** Operations that need an explicit `true` (flags: confirm) and the field that carries it. */
const CONFIRMATIONS: Record<string, string> = { askMilian: 'confirmed', createMilianVoiceSession: 'approve_credit_usage', confirmSubscriptionPaymentChange: 'confirm' };

export function isPlatform2Path(path: string): boolean {
	return path === PLATFORM2_PREFIX || path.startsWith(`${PLATFORM2_PREFIX}/`);
}

export interface P2Request {
	method: string;
	/** the full path, /api/v1/… */
	path: string;
	search: URLSearchParams;
	headers: Record<string, string | string[] | undefined>;
	/** parsed JSON (undefined when empty) */
	body: unknown;
	bodyError: string | null;
}

/** The sandbox's rate limiter, per bearer secret: null when off. */
export type RateCheck = (secret: string) => { allowed: boolean; headers: Record<string, string>; retryAfter?: number } | null;

export interface P2Outcome {
	answer: P2Answer;
	/** the caller's workspace once the key was known (for the request log) */
	workspaceId: string | null;
	/** the id of the caller's key once known (for the request log; never its secret) */
	keyId?: string;
}

export class Platform2 {
	/** the seeded keys' bearer secrets */
	readonly keys = PLATFORM2_KEYS;
	readonly workspaces = { A: PLATFORM2_WORKSPACES.A.id, B: PLATFORM2_WORKSPACES.B.id };
	readonly operations: P2Operation[] = loadCatalog();
	private routes = new RouteTable(this.operations);
	private shapes = new Shapes(this.operations);
	private state!: P2State;
	/** 2.0 calls' timing and recording host (app.ts sets them from the sandbox's options) */
	readonly sim: P2CallSim = { stepMs: 1000, recordingOrigin: '', recordings: new Set(), tasks: new Tasks(), abort: new AbortController() };
	/** answers by idempotency key: a repeat does nothing more (idempotency.ts) */
	private readonly idempotency = new IdempotencyMemory();
	/** someone else's changes that land just before the next requests of an operation (beforeNext) */
	private interleaved = new Map<string, { left: number; change: (workspaceId: string) => void }>();
	/** the list order reset() goes back to (the platform2ListOrder option; listOrder.ts) */
	private defaultListOrder: SandboxListOrder = 'newest';

	constructor(private seed = 1) {
		this.reset();
	}

	/** Re-seeds the records, forgets minted keys, tool limits and a list order set since (back to the default), and cancels running calls' tool requests. */
	reset(): void {
		this.stop();
		this.sim.tasks = new Tasks();
		this.sim.abort = new AbortController();
		const rng = createRng((this.seed * 104_729 + 20) >>> 0);
		const keyRing = new KeyRing(rng, new Date(Date.parse('2025-05-01T08:00:00Z')).toISOString());
		const records = new RecordStore();
		seedPlatform2(records, keyRing, this.shapes, this.seed);
		this.sim.recordings.clear();
		this.idempotency.clear();
		this.interleaved.clear();
		this.state = { ops: this.operations, sim: this.sim, shapes: this.shapes, keys: keyRing, records, rng, toolLimits: new Map(), mcpHosts: new Map(), campaignEntryTimes: true };
		if (this.defaultListOrder !== 'newest') this.state.listOrder = this.defaultListOrder;
	}

	/** Cancels the background work of running calls (their mid-call tool requests). */
	stop(): void {
		this.sim.tasks.stop();
		this.sim.abort.abort();
	}

	/** Whether a running call's tool requests are still under way. */
	get busy(): boolean {
		return this.sim.tasks.busy && !this.sim.tasks.stopped;
	}

	waitForIdle(): Promise<void> {
		return this.sim.tasks.waitForIdle();
	}

	/**
	 * How many tools a workspace ('A', 'B' or an id) may have: createTool beyond it answers 403
	 * plan_limit_reached (the sandbox's code). null: unlimited (the default; reset() restores it).
	 */
	setToolLimit(limit: number | null, workspace = 'A'): void {
		const ws = this.state.keys.workspace(workspace);
		if (!ws) throw new Error(`No workspace ${workspace}`);
		if (limit === null) this.state.toolLimits.delete(ws.id);
		else if (Number.isInteger(limit) && limit >= 0) this.state.toolLimits.set(ws.id, limit);
		else throw new Error('limit must be a whole number of at least 0, or null');
	}

	/**
	 * Someone else's change (a dashboard edit) that lands just before each of the next `count` requests of
	 * the operation `operationId` is answered, after its checks: e.g. a tool set changed between a client's
	 * getAssistantTools and its setAssistantTools, so the write meets a newer revision. reset() forgets it.
	 */
	beforeNext(operationId: string, count: number, change: (workspaceId: string) => void): void {
		this.interleaved.set(operationId, { left: count, change });
	}

	/**
	 * Where discoverTool reaches MCP servers named `host` (a name, or name:port): at `origin` (e.g. a test's
	 * local server, http://127.0.0.1:4711), with the URL's path and query, as DNS would send the platform to
	 * a public host. null forgets it; reset() forgets all. Hosts not mapped are called as the URL says.
	 */
	setMcpHost(host: string, origin: string | null): void {
		if (origin === null) this.state.mcpHosts.delete(host.toLowerCase());
		else this.state.mcpHosts.set(host.toLowerCase(), new URL(origin).origin);
	}

	/**
	 * The order every paged list (limit/offset) is answered in: 'newest' first (each list's own order, the
	 * default) or 'oldest' first (listOrder.ts). `lasting`: reset() keeps it (the platform2ListOrder option);
	 * otherwise reset() goes back to the sandbox's default.
	 */
	setListOrder(order: SandboxListOrder, lasting = false): void {
		if (!isListOrder(order)) throw new Error(`The list order is 'newest' or 'oldest', not ${String(order)}`);
		if (lasting) this.defaultListOrder = order;
		this.state.listOrder = order;
	}

	get listOrder(): SandboxListOrder {
		return this.state.listOrder ?? 'newest';
	}

	/**
	 * Whether campaigns are answered with the times they entered a status (`started_at`, `paused_at`,
	 * `completed_at`: the sandbox's fields) or, false, without them as the catalogue has them. reset() turns them on.
	 */
	setCampaignEntryTimes(enabled: boolean): void {
		this.state.campaignEntryTimes = enabled;
	}

	get records(): RecordStore {
		return this.state.records;
	}

	get keyRing(): KeyRing {
		return this.state.keys;
	}

	/** A new key (default: workspace A, user-owned, full access); answers its bearer secret. */
	mintKey(opts: MintOptions = {}): string {
		return this.state.keys.mint(opts).secret;
	}

	/** The records of a collection (`/assistants`, `/campaigns/{}/leads` with the campaign id as parent) of a workspace ('A', 'B' or an id). */
	list(workspace: string, collection: string, parents: Array<string | number> = []): P2Record[] {
		const ws = this.state.keys.workspace(workspace);
		return ws ? this.state.records.list(ws.id, collection, parents) : [];
	}

	/** Answers one request; asynchronous only where the behaviour waits for someone else (discoverTool). */
	async handle(req: P2Request, rate: RateCheck): Promise<P2Outcome> {
		const path = req.path.slice(PLATFORM2_PREFIX.length) || '/';
		const route = this.routes.match(req.method, path);
		if (route.kind === 'not-found') return { answer: NOT_FOUND, workspaceId: null };
		if (route.kind === 'method-not-allowed') return { answer: METHOD_NOT_ALLOWED, workspaceId: null };
		const header = req.headers.authorization;
		const secret = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
		const key = secret ? this.state.keys.bySecret(secret) : undefined;
		const workspace = key && this.state.keys.workspace(key.workspaceId);
		if (!secret || !key || !workspace) return { answer: UNAUTHENTICATED, workspaceId: null };
		const limit = rate(secret);
		if (limit && !limit.allowed) {
			return { answer: { status: 429, body: { error: 'rate_limited', retry_after: limit.retryAfter }, headers: limit.headers }, workspaceId: workspace.id, keyId: key.id };
		}
		const answer = await this.answer(route.op, route.params, path, req, key);
		return { answer: limit ? { ...answer, headers: { ...limit.headers, ...answer.headers } } : answer, workspaceId: workspace.id, keyId: key.id };
	}

	private answer(op: P2Operation, params: Record<string, string>, path: string, req: P2Request, key: P2Key): P2Answer | Promise<P2Answer> {
		const state = this.state;
		const workspace = state.keys.workspace(key.workspaceId)!;
		const refused = checkAccess(op, key, workspace);
		if (refused) return refused;
		if (req.bodyError) return invalid('body', 'is not valid JSON');
		const query = checkQuery(op, req.search);
		if ('problem' in query) return query.problem;
		const problem = checkPath(op, params) ?? checkHeaders(op, req.headers) ?? checkBody(op, state.ops, req.body);
		if (problem) return problem;
		const confirmField = CONFIRMATIONS[op.id];
		if (confirmField && (req.body as Record<string, unknown>)[confirmField] !== true) return invalid(confirmField, 'must be true to confirm');
		advanceCampaignRuns(state, workspace.id);
		const shape = state.shapes.of(op);
		const found: P2Record[] = [];
		const ids: Array<string | number> = [];
		for (const ref of shape.ids) {
			const record = this.lookup(workspace.id, ref.collection, ids, params[ref.param]);
			if (!record) return NOT_FOUND;
			found.push(record);
			ids.push(record.id);
		}
		// a collection's parents are all the ids; an item's are the ids before its own
		const parents = ['create', 'list', 'singleton', 'action'].includes(shape.kind) ? ids : ids.slice(0, -1);
		const call: P2Call = { op, shape, key, workspace, path, params, query: query.values, body: req.body, headers: req.headers, found, parents, state };
		const repeat = this.idempotency.keyOf(op, workspace.id, req.headers, req.body);
		const earlier = repeat === undefined ? undefined : this.idempotency.recall(repeat);
		if (earlier) return earlier;
		const finish = (behaved: P2Answer | undefined) => {
			const answer = campaignAnswer(op.id, state.campaignEntryTimes, behaved ?? genericAnswer(call));
			if (repeat !== undefined) this.idempotency.remember(repeat, answer);
			return answer;
		};
		const other = this.interleaved.get(op.id);
		if (other && other.left > 0) {
			other.left--;
			other.change(workspace.id);
		}
		// a synchronous behaviour is answered at once, as before: nothing else runs between its reads and writes
		const behaved = BEHAVIOURS[op.id]?.(call);
		return behaved instanceof Promise ? behaved.then(finish) : finish(behaved);
	}

	private lookup(workspaceId: string, collection: string, parents: Array<string | number>, id: string): P2Record | undefined {
		if (collection === '/api-keys') {
			const key = this.state.keys.byId(workspaceId, id);
			return key ? (publicKey(key) as P2Record) : undefined;
		}
		return this.state.records.find(workspaceId, collection, parents, id);
	}
}
