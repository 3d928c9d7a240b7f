/** One running sandbox: HTTP server, store, simulator, faults, limits and the request log. */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallSimulator } from './calls';
import type { SandboxHost } from './contracts';
import { customerWrites, endConversation, type ConversationEndResult } from './conversationEnded';
import { sendReceipt, type ReadReceiptResult, type ReceiptStatus } from './readReceipts';
import { Faults } from './faults';
import { RequestGate } from './gate';
import { parsePhone } from './phone';
import { Platform2 } from './platform2/engine';
import { createRng, type Rng } from './prng';
import type { Call } from './records';
import { RateLimiter } from './rateLimit';
import { RecordingHost, type RecordingRequest } from './recordings';
import { apiRouter } from './routes/api';
import { controlRouter } from './routes/control';
import { buildSeed, TOKENS, USER_IDS } from './seed';
import { RequestPipeline } from './server';
import { round } from './sms';
import { SandboxStore } from './store';
import type {
	FaultSpec,
	InboundCallOptions,
	InboundCallResult,
	MakeCallAnswer,
	CallByIdRoute,
	CatalogWritePaths,
	Generation,
	RequestLogEntry,
	SandboxOptions,
	TranscriptFormat,
} from './types';

/** Number used by simulated inbound calls when none is given (ends in 0: the call completes). */
export const DEFAULT_INBOUND_CALLER = '+4917012345670';

export class SandboxApp implements SandboxHost {
	baseUrl = '';
	origin = '';
	readonly tokens = { ...TOKENS };
	readonly users = { ...USER_IDS };
	readonly requests: RequestLogEntry[] = [];
	readonly store = new SandboxStore();
	readonly limiter = new RateLimiter();
	readonly faults: Faults;
	/** requests held until the test lets them go (gate.ts) */
	readonly gate = new RequestGate();
	readonly sim: CallSimulator;
	/** The Platform 2.0 API under /api/v1 (platform2/). */
	readonly platform2: Platform2;
	/** The second server that serves recordings (not the API host: see recordings.ts). */
	readonly recordings: RecordingHost;
	rng: Rng;
	latencyMs: number;
	private server: Server;
	private held = new Set<ServerResponse>();
	private timers = new Set<NodeJS.Timeout>();
	private maxLog: number;

	constructor(private opts: SandboxOptions = {}) {
		const seed = opts.seed ?? 1;
		this.rng = createRng(seed);
		this.faults = new Faults(seed);
		this.faults.set(opts.faults ?? []);
		this.limiter.configure(opts.rateLimit ?? false);
		this.latencyMs = opts.latencyMs ?? 0;
		this.maxLog = opts.maxRequestLog ?? 100_000;
		this.applySettings();
		this.sim = new CallSimulator(this.store, {
			stepMs: opts.callTiming?.stepMs ?? 1000,
			origin: '',
			webhookTimeoutMs: opts.webhookTimeoutMs ?? 10_000,
			inboundAnswerTimeoutMs: opts.inboundAnswerTimeoutMs,
			seed,
			log: (m) => this.log(m),
		});
		this.recordings = new RecordingHost(this.store);
		this.platform2 = new Platform2(seed);
		this.platform2.sim.stepMs = opts.callTiming?.stepMs ?? 1000;
		if (opts.platform2ListOrder) this.platform2.setListOrder(opts.platform2ListOrder, true);
		this.recordings.alsoServes = (name) => this.platform2.sim.recordings.has(name);
		const pipeline = new RequestPipeline(this, apiRouter(), controlRouter());
		this.server = createServer(pipeline.handle);
		this.server.keepAliveTimeout = 5_000;
	}

	async listen(): Promise<void> {
		const host = this.opts.host ?? '127.0.0.1';
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.opts.port ?? 0, host, () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		const { port } = this.server.address() as AddressInfo;
		const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
		this.origin = `http://${shownHost}:${port}`;
		this.baseUrl = `${this.origin}/api`;
		await this.recordings.listen(host);
		this.sim.opts.origin = this.recordings.origin;
		this.platform2.sim.recordingOrigin = this.recordings.origin;
		this.store.load(buildSeed(this.opts.seed ?? 1, this.recordings.origin));
		this.applySettings();
	}

	/** The option-given settings (the store keeps them so /sandbox/state shows them; reset restores them). */
	private applySettings(): void {
		this.store.settings.webhookTranscript = this.opts.webhookTranscript ?? 'string';
		this.store.settings.makeCallAnswer = this.opts.makeCallAnswer ?? 'with-call-id';
		this.store.settings.callByIdRoute = this.opts.callByIdRoute ?? 'served';
		this.store.settings.catalogWritePaths = this.opts.catalogWritePaths ?? 'singular';
		this.store.settings.clockOffsetMs = this.opts.clockOffsetMs ?? 0;
		for (const user of this.store.users) {
			user.generation = this.opts.generation ?? 'reference';
			user.timeZone = this.opts.timeZone ?? null;
		}
	}

	get recordingsOrigin(): string {
		return this.recordings.origin;
	}

	/** What the recording host received, with the Authorization header each request carried. */
	get recordingRequests(): RecordingRequest[] {
		return this.recordings.requests;
	}

	expireRecording(callId: number): void {
		const url = this.store.calls.find((c) => c.id === callId)?.recording_url;
		if (!url) throw new Error(`Call ${callId} has no recording`);
		this.recordings.expire(url);
	}

	log(text: string): void {
		if (!this.opts.quiet) console.log(`[sandbox] ${text}`);
	}

	logRequest(entry: RequestLogEntry): void {
		this.requests.push(entry);
		if (this.requests.length > this.maxLog) this.requests.splice(0, this.requests.length - this.maxLog);
	}

	delay(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	/** A 'timeout' fault: the response is never sent; stop() destroys the socket. */
	holdOpen(res: ServerResponse): void {
		this.held.add(res);
		res.on('close', () => this.held.delete(res));
	}

	clearRequests(): void {
		this.requests.length = 0;
	}

	setFaults(faults: FaultSpec[]): void {
		this.faults.set(faults);
	}

	setRateLimit(rl: SandboxOptions['rateLimit']): void {
		this.limiter.configure(rl ?? false);
	}

	setRateLimitClock(now?: () => number): void {
		this.limiter.clock = now ?? (() => Date.now());
	}

	setLatency(ms: number): void {
		this.latencyMs = Math.max(0, ms);
	}

	setBalance(userId: number, balance: number): void {
		const user = this.store.user(userId);
		if (!user) throw new Error(`No user ${userId}`);
		user.balance = round(balance);
	}

	setWebhookTranscript(format: TranscriptFormat, assistantId?: number): void {
		if (assistantId === undefined) this.store.settings.webhookTranscript = format;
		else this.store.settings.transcriptByAssistant[assistantId] = format;
	}

	setMakeCallAnswer(shape: MakeCallAnswer): void {
		this.store.settings.makeCallAnswer = shape;
	}

	setCallByIdRoute(route: CallByIdRoute): void {
		this.store.settings.callByIdRoute = route;
	}

	setCatalogWritePaths(paths: CatalogWritePaths): void {
		this.store.settings.catalogWritePaths = paths;
	}

	setGeneration(generation: Generation, userId?: number): void {
		const users = userId === undefined ? this.store.users : [this.store.user(userId)];
		for (const user of users) {
			if (!user) throw new Error(`No user ${userId}`);
			user.generation = generation;
		}
	}

	/** The account's time zone (every account without a user id); null: none, times in UTC. */
	setTimeZone(zone: string | null, userId?: number): void {
		if (zone !== null) new Intl.DateTimeFormat('en-US', { timeZone: zone }); // throws for a name that is no zone
		const users = userId === undefined ? this.store.users : [this.store.user(userId)];
		for (const user of users) {
			if (!user) throw new Error(`No user ${userId}`);
			user.timeZone = zone;
		}
	}

	setClockOffset(ms: number): void {
		this.store.settings.clockOffsetMs = ms;
	}

	/** Starts an inbound call; `done` resolves when it has ended and its webhooks were delivered. */
	async startInboundCall(opts: InboundCallOptions): Promise<{ call: Call; done: Promise<InboundCallResult> }> {
		const assistant = this.store.assistants.find((a) => a.id === opts.assistantId && a.deleted_at === null);
		const owner = opts.userToken === undefined ? null : this.store.userByToken(opts.userToken);
		if (!assistant || (opts.userToken !== undefined && owner?.user.id !== assistant.user_id)) {
			throw new Error('Assistant not found');
		}
		const phone = parsePhone(opts.customerPhone ?? DEFAULT_INBOUND_CALLER);
		if (!phone) throw new Error('Invalid customer phone number');
		return this.sim.placeInbound(assistant, phone.e164, opts.askForVariables === true);
	}

	async simulateInboundCall(opts: InboundCallOptions): Promise<InboundCallResult> {
		const { done } = await this.startInboundCall(opts);
		return done;
	}

	/** Ends a chat conversation and posts it to the assistant's conversation-ended URL. */
	async simulateConversationEnd(opts: { conversationId: string; userToken?: string }): Promise<ConversationEndResult> {
		return await endConversation(this, opts.conversationId, opts.userToken).done;
	}

	/** A customer writes to a WhatsApp sender (opens its 24-hour session); returns the conversation's UUID. */
	simulateWhatsAppMessage(opts: { senderId: number; from: string; message?: string; name?: string }): string {
		return customerWrites(this, opts.senderId, opts.from, opts.message ?? 'Hallo', opts.name).uuid;
	}

	/** A sender's read-receipts webhook, as set in the dashboard; returns its signing secret (null when removed). */
	configureReadReceipts(opts: { senderId: number; url: string | null; secret?: string; retryDelaysMs?: number[]; statuses?: ReceiptStatus[] }): string | null {
		if (!this.store.chat.senders.some((s) => s.id === opts.senderId)) throw new Error('Sender not found');
		return this.store.readReceipts.configure(opts.senderId, opts.url, opts)?.secret ?? null;
	}

	/** One signed read receipt (test: the dashboard's test button); resolves after its last attempt. */
	async sendReadReceipt(opts: { senderId: number; status?: string; whatsappMessageId?: number; to?: string; test?: boolean }): Promise<ReadReceiptResult | undefined> {
		return await sendReceipt(this, opts);
	}

	/** Classic calls, campaigns and deliveries, and 2.0 calls' tool requests. */
	async waitForIdle(): Promise<void> {
		while ((this.sim.tasks.busy && !this.sim.tasks.stopped) || this.platform2.busy) await Promise.all([this.sim.tasks.waitForIdle(), this.platform2.waitForIdle()]);
	}

	reset(): void {
		this.sim.reset();
		this.store.load(buildSeed(this.opts.seed ?? 1, this.recordings.origin));
		this.applySettings();
		this.recordings.reset();
		this.platform2.reset();
		this.rng = createRng(this.opts.seed ?? 1);
		this.clearRequests();
		this.faults.set([]);
		this.limiter.configure(this.limiter.config ?? false);
		this.latencyMs = 0;
		this.gate.open();
		this.setRateLimitClock();
	}

	async stop(): Promise<void> {
		this.gate.open();
		this.sim.stop();
		this.platform2.stop();
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const res of this.held) res.socket?.destroy();
		this.held.clear();
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
		await this.recordings.stop();
	}
}
