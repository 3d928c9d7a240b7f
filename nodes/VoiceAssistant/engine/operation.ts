import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeProperties, NodeOperationError } from 'n8n-workflow';

import type { Platform2Request } from '../transport/platform2Request';
import type { FileUpload } from '../transport/upload';
import type { ItemParams } from './itemParams';

/**
 * What every operation file exports: a description of itself. The node's properties, the router's
 * item loop and the error wording are all built from these, so an operation is one file plus one
 * line in its resource.
 *
 * The router runs every item through `prepare` first (the whole batch is checked before anything is
 * sent), then `resolve` (reads the batch needs, e.g. a sender looked up by number), then `send` and
 * `output` item by item. `A` is what `send` hands to `output` (the platform's answer, or what a
 * custom send made of it).
 */
export interface Operation<P extends Prepared = Prepared, A = unknown> {
	/** The operation's value in the editor, e.g. 'make'. */
	value: string;
	/** The entry of the Operation dropdown. */
	name: string;
	/** What the operation does; also what an AI agent reads when the node is a tool. */
	description: string;
	/** The action label, e.g. 'Make a call'. */
	action: string;
	/** The fields of this operation; displayOptions for resource/operation are added for it. */
	fields: INodeProperties[];
	/** Whether phone numbers typed without a country code may use the node's Default Country. */
	defaultCountry?: boolean;
	/** Set for operations with a side effect: their sends are remembered and never repeated. */
	write?: WriteEffect<P>;
	/** Reads the item's parameters and builds its request; every check, no I/O. Throws an item error. */
	prepare(item: ItemParams): P;
	/**
	 * Set when items may share one request (leads added to a campaign in bulk): `send` is then not used;
	 * the items are sent in groups (batch/sendGroups.ts) and each still gets its own output and pairedItem.
	 */
	group?: Grouping<P>;
	/**
	 * The most items like this one in progress at once while Requests in Parallel is automatic, for
	 * items that hold their slot long (Make with Wait keeps a call open for minutes). Undefined: the
	 * automatic ceiling. A value the user sets for Requests in Parallel overrides it.
	 */
	automaticLimit?(prepared: P): number | undefined;
	/** Lookups the prepared request still needs (reads, shared across the batch), before any write. */
	resolve?(prepared: P, lookup: Lookup<P>): Promise<P>;
	/**
	 * The side effect (or the read) itself. Default: the prepared request. For a write this is the
	 * step that is remembered, so n8n's Retry On Fail replays its result instead of repeating it.
	 */
	send?(prepared: P, api: Api): Promise<A>;
	/**
	 * What a write sends besides its request, as a digest (an uploaded file's SHA-256). Retry On
	 * Fail's memory fingerprints the request together with it, so another file under the same fields
	 * is another write. Asked only while Retry On Fail is on.
	 */
	contentDigest?(prepared: P, api: Api): Promise<string | undefined>;
	/**
	 * The answer as output records (one output item each). May read further (never write). A record
	 * that carries a file (e.g. a call recording) registers it with withBinary() (binary.ts).
	 */
	output(answer: A, prepared: P, api: Api): IDataObject[] | Promise<IDataObject[]>;
}

/**
 * Operations with any prepared and answer shape, as the router and the node description hold them
 * (method parameters are bivariant, so every Operation<P, A> fits).
 */
export type AnyOperation = Operation<Prepared, unknown>;

/**
 * Items that share requests: the checked items with the same key are gathered, in input order, into
 * requests of at most `max` items; the requests leave in the order of their first item. An item's own
 * `prepared.request` is what it adds to the group (Retry On Fail's memory fingerprints it, per item).
 */
export interface Grouping<P extends Prepared = Prepared> {
	/** the most items in one request */
	max: number;
	/** items with the same key may share a request, e.g. the campaign's ID */
	key(prepared: P): string;
	/** the one request for these items (same key, at most `max`, in input order) */
	request(members: P[]): ApiCall;
	/**
	 * The answer split into each member's share, in the members' order: what `output` receives for that
	 * item (and what Retry On Fail replays). Must hold exactly one share per member.
	 */
	split(answer: unknown, members: P[]): unknown[];
}

/** What a write does, in the words its errors and batch reports use. */
export interface WriteEffect<P extends Prepared = Prepared> {
	/** after a timeout or a 5xx, e.g. 'the call may have been placed' */
	mayHaveHappened: string;
	/** counting what was done before a stop, e.g. ['call placed', 'calls placed'] */
	done: [singular: string, plural: string];
	/** What an AI agent may do with it when the node runs as a tool (engine/agent/). */
	agent?: AgentUse<P>;
}

/**
 * How a write is limited when an AI agent calls the node as a tool: the agent acts on what it reads,
 * and callers' transcripts and chat messages reach it, so a prompt injection can ask for anything.
 */
export interface AgentUse<P extends Prepared = Prepared> {
	/**
	 * Set for writes that spend money beyond one message or cannot be undone, saying why in the words
	 * the agent reads, e.g. 'it costs money'. Tool calls are refused unless the user switched on
	 * "Allow When Called by an AI Agent" on the node.
	 */
	needsOptIn?: string;
	/**
	 * Set for writes that reach a phone number (a call, an SMS, a WhatsApp message): the number. Tool
	 * calls are counted per execution and checked against the node's allowed number prefixes.
	 */
	reaches?(prepared: P): string;
}

/** One request to the platform. */
export interface ApiCall {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	/** a file: sent as multipart/form-data with `body`'s fields as text parts (built in `send`, never in `prepare`) */
	upload?: FileUpload;
	qs?: IDataObject;
	/** what a 404 means here, e.g. 'Assistant 12' */
	notFound?: string;
	/**
	 * walk the list (Return All / Limit) instead of one request. Classic: `page` (page + per_page
	 * envelope, the default) or `cursor` (per_page + next_cursor). Platform 2.0 (with `platform2`):
	 * `offset` (limit/offset), `cursor` (cursor → meta.next_cursor) or `after`.
	 */
	paging?: { returnAll: boolean; limit: number; maxPerPage: number; style?: 'page' | 'cursor' | 'offset' | 'after' };
	/** a Platform 2.0 request (its credential, envelope and refusals): actions/platform2/ */
	platform2?: Platform2Request;
	/**
	 * Where this write carries a key by which the platform recognises a repeat (Platform 2.0's
	 * Idempotency-Key header, a body's client_request_id…). Unless the request already holds one (given
	 * by the user), the engine makes one per item, sends the same one on every retry of that item, and a
	 * write whose answer was unknown may then be sent again (batch/idempotency.ts).
	 */
	idempotencyKey?: { in: 'header' | 'body'; name: string };
	/**
	 * The same write as hosts of the other API generation spell it (docs/platform-facts.md, "Writes spelled differently"): sent once
	 * when the host proves it did not process this form, and remembered per host (transport/forms.ts).
	 */
	otherForm?: OtherForm;
}

/** The 2026 docs' form of a request whose method, path or body differ from the reference's. */
export interface OtherForm {
	/** what differs, e.g. 'lead update path' (the key under which the host's form is remembered) */
	dialect: string;
	method?: IHttpRequestMethods;
	path?: string;
	body?: IDataObject;
	/**
	 * Builds the other form's body when it is first needed, for bodies that take reads to write
	 * (e.g. names looked up as IDs): hosts that accept the first form never pay for them.
	 */
	completeBody?: () => Promise<IDataObject>;
	/** the keys the completed body will carry (what a 422 must name to prove the host wants this form) */
	completeBodyKeys?: string[];
}

export interface Prepared {
	request: ApiCall;
}

/** The transport as an operation sees it: requests for this item, with its timeout and wording. */
export interface Api {
	readonly ctx: IExecuteFunctions;
	readonly itemIndex: number;
	request(call: ApiCall): Promise<unknown>;
	/**
	 * Runs `wait` (the item held until later, sending nothing meanwhile) without holding one of
	 * Requests in Parallel's slots, then takes a slot again: the other items go on at full speed.
	 */
	setAside<T>(wait: () => Promise<T>): Promise<T>;
}

/** Reads shared by every item of one run (e.g. the account's phone numbers, fetched once). */
export interface Lookup<P = unknown> {
	readonly itemIndex: number;
	/**
	 * Every item of the batch as its prepare built it (undefined: the item is invalid), for rules that
	 * look across the batch (the same number twice, one history read for all numbers): they read what
	 * was prepared, never the parameters again.
	 */
	readonly batch: ReadonlyArray<P | undefined>;
	once<T>(key: string, read: (api: Api) => Promise<T>): Promise<T>;
	/** an item error naming the field, for what the lookup found wrong */
	fail(field: string, problem: string): NodeOperationError;
}

/** A resource: its entry in the Resource dropdown and its operations (listed alphabetically in the editor). */
export interface Resource {
	value: string;
	name: string;
	operations: AnyOperation[];
	/** the operation selected when the resource is picked */
	defaultOperation: string;
}

/** The operation a node parameter pair names, among the resources the node hands in. */
export function findOperation(resources: Resource[], resource: string, operation: string): AnyOperation | undefined {
	return resources.find((r) => r.value === resource)?.operations.find((op) => op.value === operation);
}
