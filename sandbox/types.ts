/** Public types of the sandbox (documented in docs/sandbox.md). */
import type { SandboxStore } from './store';
import type { Call } from './records';

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

export type TranscriptFormat = 'string' | 'array';

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
}

export interface RequestLogEntry {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	userId: number | null;
	status: number;
	at: number;
}

export type FaultKind = 'status' | 'html' | 'malformed-json' | 'timeout' | 'reset' | 'rate-limit';

export interface FaultSpec {
	kind: FaultKind;
	status?: 500 | 502 | 503;
	count?: number;
	share?: number;
	match?: { method?: string; path?: string };
	phase?: 'before' | 'after';
}

export interface InboundCallOptions {
	assistantId: number;
	customerPhone?: string;
	/** When given, the assistant must belong to this token's user. */
	userToken?: string;
}

export interface InboundCallResult {
	call_id: number;
	status: string;
	/** What the inbound_webhook_url answered (null when none is set). */
	inbound_webhook_response: WebhookResponse | null;
	/** What the post-call webhook answered (null when not sent). */
	webhook_response: WebhookResponse | null;
}

export interface WebhookResponse {
	status: number | null;
	body?: unknown;
	error?: string;
}

export interface Sandbox {
	baseUrl: string;
	origin: string;
	tokens: { alice: string; bob: string; carol: string; aliceReadOnly: string };
	users: { alice: number; bob: number; carol: number };
	requests: RequestLogEntry[];
	clearRequests(): void;
	setFaults(faults: FaultSpec[]): void;
	setRateLimit(rl: SandboxOptions['rateLimit']): void;
	setLatency(ms: number): void;
	setBalance(userId: number, balance: number): void;
	setWebhookTranscript(format: TranscriptFormat, assistantId?: number): void;
	store: SandboxStore;
	simulateInboundCall(opts: InboundCallOptions): Promise<InboundCallResult>;
	waitForIdle(): Promise<void>;
	/** Re-seed the data and clear log, faults, latency (rate limit kept as configured). */
	reset(): void;
	stop(): Promise<void>;
}

export type { Call };
