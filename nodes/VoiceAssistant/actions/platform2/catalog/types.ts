/**
 * The shape of the generated Platform 2.0 catalogue (catalog.generated.ts, written by
 * scripts/generate-platform2.mjs from operations.json): what the node needs of each API operation.
 */

/** JSON types of the API's schema. */
export type CatalogType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'json';

export interface CatalogField {
	/** the API's name, e.g. `to_number` */
	key: string;
	/** the n8n parameter's name, e.g. `toNumber` (unique within the operation) */
	param: string;
	/** what the editor shows, e.g. 'To Number'; for a record's ID the family's name, e.g. 'Assistant' */
	label: string;
	in: 'path' | 'query' | 'header' | 'body';
	type: CatalogType;
	required?: true;
	/** uuid, email, date-time, date, uri, password, byte */
	format?: string;
	options?: Array<string | number | boolean>;
	/** how each of `options` reads in the dropdown (same order), e.g. 'AI: Classify' for `ai.classify` */
	optionNames?: string[];
	items?: { type: CatalogType; format?: string; options?: Array<string | number | boolean>; optionNames?: string[] };
	min?: number;
	max?: number;
	minLength?: number;
	maxLength?: number;
	default?: unknown;
	/** a list sent as one comma-separated query value, not the repeated name */
	commaSeparated?: true;
	/** a phone number (checked, and sent in E.164) */
	phone?: true;
	/** the record family a UUID belongs to (picked from a searchable list), e.g. 'assistant' */
	family?: string;
	/** what the editor says under the field, in words (scripts/lib/platform2Words/): the runtime adds the API name; fields made by hand may leave it to the rule in actions/platform2/words.ts */
	help?: string;
	/** the values of this option that cost credits, where only some do (e.g. Run Call Actions' retranscribe) */
	costs?: Array<string | number | boolean>;
	/**
	 * the key a client makes up so the platform recognises a retry (Idempotency-Key, client_request_id…):
	 * optional in the editor, the node makes one per item when none is given (engine/batch/idempotency.ts)
	 */
	idempotencyKey?: true;
}

/**
 * Why an AI agent may not run an operation on its own word, beyond paid / irreversible / confirm: decided
 * by rule from the catalogue (scripts/lib/agent-guard.mjs), said in words by actions/platform2/agentGuard.ts.
 */
export type GuardKind = 'deletes' | 'releases' | 'revokes' | 'archives' | 'cancels' | 'transfers' | 'access' | 'credentials';

/** How a list operation is walked for Return All / Limit. */
export interface CatalogPaging {
	/** offset: limit/offset with meta.pagination; cursor: cursor → meta.next_cursor; after: after → next; limitOnly: one request */
	style: 'offset' | 'cursor' | 'after' | 'limitOnly';
	/** the largest page (limit) the operation allows; 0: it takes no limit */
	max: number;
}

/** What is known of a body the catalogue does not break into fields. */
export interface FreeBody {
	required: boolean;
	/** exactly one of these keys must be given */
	exactlyOne?: string[];
	/** at least one of these keys must be given */
	atLeastOne?: string[];
	/** the body may be one object or a list of at most `max` of them */
	list?: { max: number };
	/** keys whose value must be one of these */
	oneOf?: Record<string, string[]>;
}

export interface CatalogOperation {
	/** the API's operation ID, also the Operation dropdown's value, e.g. `createCall` */
	id: string;
	resource: string;
	/** the Operation dropdown's entry, e.g. 'Create Call' */
	name: string;
	/** what it does, in a sentence, e.g. 'Place an outbound call with an assistant (returns queued call)' */
	action: string;
	/** what it costs or cannot undo, e.g. ['Costs credits.'] */
	cautions?: string[];
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** with `{name}` for path parameters */
	path: string;
	fields: CatalogField[];
	paging?: CatalogPaging;
	freeBody?: FreeBody;
	/** every requirement needed, each a list of alternatives; undefined: the catalogue names none */
	scopes?: string[][];
	paid?: true;
	irreversible?: true;
	flags?: Array<'confirm' | 'noRetry' | 'userKey' | 'whitelabel' | 'admin' | 'secretOnce'>;
	/** the plan add-on the workspace needs, e.g. 'calendar' (the catalogue's `plan:calendar`) */
	addOn?: string;
	/** what it does that an AI agent needs the user's switch for (deletes, revokes, creates credentials…) */
	guard?: GuardKind[];
	/** answers a file, not JSON */
	binary?: true;
}

export interface CatalogResource {
	value: string;
	name: string;
}

/** A family of records that can be picked from a searchable list. */
export interface CatalogFamily {
	family: string;
	label: string;
	/** the list operation that lists them */
	list: string;
	/** whether that list takes limit/offset */
	paged: boolean;
	/**
	 * a list under a parent record (an assistant's versions): the parent's family and the list's path
	 * parameter; `across`: read under every parent record (widgets kept on any dashboard), not the one picked
	 */
	parent?: { family: string; key: string; across?: true };
	/** the key of each listed record that holds the ID asked for (default `id`): a team member's `user_id` */
	value?: string;
	/** the list is paged by `cursor` → meta.next_cursor */
	cursor?: true;
	/** the kind of record another field names (its API key): the list of the family its value maps to ('' list) */
	chosenBy?: { key: string; families: Record<string, string> };
}
