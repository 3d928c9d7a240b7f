/** Public types of the sandbox (documented in docs/sandbox.md). */
import type { RequestGate } from './gate';
import type { SandboxStore } from './store';
import type { Call, WebhookResponse } from './records';
import type { RecordingRequest } from './recordings';
import type { Platform2 } from './platform2/engine';
import type { CallByIdRoute, CatalogWritePaths, Generation, MakeCallAnswer, TranscriptFormat } from './variants';

export interface RateLimitOptions {
	perMinute?: number;
	burst?: number;
	burstWindowSeconds?: number;
	/** 10 = windows 10x shorter (1 min -> 6 s, 10 s -> 1 s). */
	timeScale?: number;
	/**
	 * X-RateLimit-Reset as epoch seconds with 3 decimals instead of rounded up to whole seconds. A
	 * time-scaled sandbox shrinks the windows but not the header's 1 s rounding; with this its Reset is
	 * as informative about the scaled windows as the platform's is about the real ones.
	 */
	preciseReset?: boolean;
}

export interface SandboxOptions {
	port?: number;
	host?: string;
	seed?: number;
	callTiming?: { stepMs: number };
	rateLimit?: false | RateLimitOptions;
	latencyMs?: number;
	faults?: FaultSpec[];
	quiet?: boolean;
	/** Shape of `transcript` in post-call webhooks (default 'string'); per assistant via setWebhookTranscript. */
	webhookTranscript?: TranscriptFormat;
	/** Keep at most this many request-log entries (oldest dropped first). Default 100000. */
	maxRequestLog?: number;
	/** Timeout of outgoing webhook deliveries. Default 10000 ms. */
	webhookTimeoutMs?: number;
	/** How long a ringing inbound call (askForVariables) waits for its webhook's answer. Default 3000 ms. */
	inboundAnswerTimeoutMs?: number;
	/** make_call's answer shape (default 'with-call-id'); switch later with setMakeCallAnswer. */
	makeCallAnswer?: MakeCallAnswer;
	/** Whether GET /user/calls/{id} exists (default 'served'); switch later with setCallByIdRoute. */
	callByIdRoute?: CallByIdRoute;
	/** The paths folder and label writes take (default 'singular'); switch later with setCatalogWritePaths. */
	catalogWritePaths?: CatalogWritePaths;
	/**
	 * How far the server's clock (and time zone) is from UTC, in ms: shifts call timestamps and the
	 * call list's date filters, like a platform in another zone or with a wrong clock. Default 0.
	 */
	clockOffsetMs?: number;
	/**
	 * The time zone every account's zone-less times (call times, read receipts' timestamp) are written
	 * in, e.g. 'America/Bogota' (default none: UTC); per account with setTimeZone.
	 */
	timeZone?: string;
	/** The API generation every account speaks (default 'reference'); per account with setGeneration. */
	generation?: Generation;
	/**
	 * The order the Platform 2.0 mode answers its paged lists in (default 'newest' first; 'oldest' first: the
	 * same rows the other way round). reset() keeps it; sb.platform2.setListOrder changes it until reset.
	 */
	platform2ListOrder?: 'newest' | 'oldest';
}

export interface RequestLogEntry {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	userId: number | null;
	/** Platform 2.0 requests (/api/v1): the workspace of the key, once known */
	workspace?: string;
	/** Platform 2.0 requests: the id of the key (never its secret), once known: which credential asked */
	key?: string;
	/** Platform 2.0 requests: the headers the catalogue documents (idempotency-key, if-match), by lower-case name */
	headers?: Record<string, string>;
	status: number;
	at: number;
}

export type FaultKind = 'status' | 'html' | 'malformed-json' | 'timeout' | 'reset' | 'rate-limit' | 'redirect' | 'huge-body' | 'echo-headers';

export interface FaultSpec {
	kind: FaultKind;
	/** 'status': 500/502/503 (default 500) or a refusal 400/409/422 (before processing by default); for 'redirect' 301/302/303/307/308; for 'huge-body' and 'echo-headers' any 4xx/5xx */
	status?: number;
	/** 'rate-limit': the retry_after (seconds) in the body and Retry-After header (default 1) */
	retryAfter?: number;
	/** 'redirect': the Location header */
	location?: string;
	/** 'huge-body': size of the JSON error body in bytes (default 2 MiB) */
	bytes?: number;
	count?: number;
	share?: number;
	/** `body`: only requests whose JSON body has these top-level values (e.g. one item's phone number) */
	match?: { method?: string; path?: string; body?: Record<string, unknown> };
	phase?: 'before' | 'after';
}

export interface InboundCallOptions {
	assistantId: number;
	customerPhone?: string;
	/** When given, the assistant must belong to this token's user. */
	userToken?: string;
	/** Also call the inbound URL while the call rings, and take `variables` from its answer (inboundAnswer.ts). */
	askForVariables?: boolean;
}

export interface InboundCallResult {
	call_id: number;
	status: string;
	/** What the inbound_webhook_url answered (null when none is set). */
	inbound_webhook_response: WebhookResponse | null;
	/** What the post-call webhook answered (null when not sent). */
	webhook_response: WebhookResponse | null;
}

export interface Sandbox {
	baseUrl: string;
	origin: string;
	/** The recording host's origin (another port): recording_url points there. */
	recordingsOrigin: string;
	/** Requests the recording host received, each with the Authorization header it carried (null if none). */
	recordingRequests: RecordingRequest[];
	/** The recording host loses the file of this call's recording (the call record keeps its URL): 404. */
	expireRecording(callId: number): void;
	tokens: { alice: string; bob: string; carol: string; aliceReadOnly: string };
	users: { alice: number; bob: number; carol: number };
	requests: RequestLogEntry[];
	/** The Platform 2.0 mode under /api/v1: seeded keys, mintKey, records (docs/sandbox.md). */
	platform2: Platform2;
	clearRequests(): void;
	setFaults(faults: FaultSpec[]): void;
	setRateLimit(rl: SandboxOptions['rateLimit']): void;
	/** The rate limiter's clock (Date.now when not given): a test holds it still to check the windows at exact instants. */
	setRateLimitClock(now?: () => number): void;
	setLatency(ms: number): void;
	/** Holds matching requests until the test releases them (gate.ts): a count of what runs at once. */
	gate: RequestGate;
	setBalance(userId: number, balance: number): void;
	setWebhookTranscript(format: TranscriptFormat, assistantId?: number): void;
	setMakeCallAnswer(shape: MakeCallAnswer): void;
	setCallByIdRoute(route: CallByIdRoute): void;
	setCatalogWritePaths(paths: CatalogWritePaths): void;
	setClockOffset(ms: number): void;
	/** The API generation of one account (userId), or of every account when userId is left out. */
	setGeneration(generation: Generation, userId?: number): void;
	/** The time zone one account's zone-less times are written in (every account without userId); null: UTC. */
	setTimeZone(zone: string | null, userId?: number): void;
	store: SandboxStore;
	simulateInboundCall(opts: InboundCallOptions): Promise<InboundCallResult>;
	/** Ends a chat conversation; resolves after the conversation-ended delivery (webhook_response null when no URL is set). */
	simulateConversationEnd(opts: { conversationId: string; userToken?: string }): Promise<{ conversation_id: string; webhook_response: WebhookResponse | null }>;
	/** A customer writes to a WhatsApp sender, opening its 24-hour session; returns the conversation UUID. */
	simulateWhatsAppMessage(opts: { senderId: number; from: string; message?: string; name?: string }): string;
	/**
	 * Sets a WhatsApp sender's read-receipts webhook as the dashboard does (url null removes it) and
	 * returns its signing secret (a new one unless given). Retries wait `retryDelaysMs` (default
	 * 30 s, 60 s, 120 s); a send through the sender fires `statuses` (default sent, delivered, read).
	 */
	configureReadReceipts(opts: {
		senderId: number;
		url: string | null;
		secret?: string;
		retryDelaysMs?: number[];
		statuses?: Array<'sent' | 'delivered' | 'read' | 'failed' | 'undelivered'>;
	}): string | null;
	/** One signed read receipt to the sender's webhook (test: the dashboard's test button); resolves after the last attempt, undefined without a webhook. */
	sendReadReceipt(opts: { senderId: number; status?: string; whatsappMessageId?: number; to?: string; test?: boolean }): Promise<{ status: string; attempts: Array<number | null> } | undefined>;
	waitForIdle(): Promise<void>;
	/** Re-seed the data and clear log, faults, latency, the gate and the rate limiter's clock (rate limit kept as configured). */
	reset(): void;
	stop(): Promise<void>;
}

// Re-exported so that users of the sandbox find every public type here (docs/sandbox.md).
export type { Call, CallByIdRoute, CatalogWritePaths, Generation, MakeCallAnswer, RecordingRequest, TranscriptFormat, WebhookResponse };
