/**
 * The shapes the server, the routes and the control routes share with the app, in a module that
 * imports none of them (app.ts, http.ts, server.ts, routes/): SandboxHost is what a handler may use
 * of the running sandbox (SandboxApp implements it), and the route context and answer types.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallSimulator } from './calls';
import type { Faults } from './faults';
import type { UploadedFile } from './multipart';
import type { Rng } from './prng';
import type { RateLimiter } from './rateLimit';
import type { RecordingHost } from './recordings';
import type { Call, User } from './records';
import type { InboundCallOptions, InboundCallResult, RequestLogEntry, Sandbox } from './types';

/** The running sandbox as its server and handlers see it: the public Sandbox and its parts. */
export interface SandboxHost extends Sandbox {
	readonly faults: Faults;
	readonly limiter: RateLimiter;
	readonly sim: CallSimulator;
	/** The second server that serves recordings (not the API host: see recordings.ts). */
	readonly recordings: RecordingHost;
	rng: Rng;
	latencyMs: number;
	log(text: string): void;
	logRequest(entry: RequestLogEntry): void;
	delay(ms: number): Promise<void>;
	/** A 'timeout' fault: the response is never sent; stop() destroys the socket. */
	holdOpen(res: ServerResponse): void;
	/** Starts an inbound call; `done` resolves when it has ended and its webhooks were delivered. */
	startInboundCall(opts: InboundCallOptions): Promise<{ call: Call; done: Promise<InboundCallResult> }>;
}

export interface ApiResult {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
	/** Non-JSON answers (recordings): sent as-is with this content type. */
	raw?: { contentType: string; data: Buffer | string };
}

export interface RouteContext {
	app: SandboxHost;
	/** Set on /api routes after authentication. */
	user: User;
	body: Record<string, unknown>;
	/** The parsed JSON body as sent (may be an array, false, ...). */
	rawBody: unknown;
	/** The files of a multipart/form-data body, by form field (none for JSON). */
	files?: Record<string, UploadedFile>;
	query: Record<string, string>;
	params: Record<string, string>;
	req: IncomingMessage;
}

export type Handler = (ctx: RouteContext) => ApiResult | Promise<ApiResult>;

/** Control routes (/sandbox/...) are not authenticated. */
export type ControlContext = Omit<RouteContext, 'user'>;
export type ControlHandler = (ctx: ControlContext) => ApiResult | Promise<ApiResult>;
