/**
 * Platform 2.0 webhook deliveries (facts README, "Webhooks"; CONFLICT 2):
 * - the workspace webhook (Settings → Webhooks in the dashboard; here `configureWorkspaceWebhook` or
 *   POST /sandbox/platform2/webhooks): `call.completed`, `conversation.ended`, `booking.created|
 *   cancelled|rescheduled`, signed `X-Famulor-Signature: sha256=<hex HMAC-SHA256 of the raw body>`;
 * - an assistant's own `webhook_url` when its `webhook_delivery_mode` is `custom`, and a messaging
 *   connector's `conversation_ended_webhook_url`: unsigned, as CONFLICT 2 says some sources have it;
 * - the variable webhook (`variable_webhook_url` + `variable_webhook_secret`, set by
 *   updateAssistantVariables or updateAssistant): asked, signed, while a simulated inbound call rings;
 *   the answer's `variables` become the call's, after at most INBOUND_ANSWER_MS the call connects without.
 * The settings are the records the API changed (the generic engine keeps them), so what a trigger set
 * and restored can be read back. State lives beside the workspace's records and goes with reset().
 */
import axios from 'axios';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/** As the classic inbound answer (sandbox/inboundAnswer.ts): how long a ringing call waits for its variables. */
export const INBOUND_ANSWER_MS = 3000;
import { data, type P2Answer } from './answers';
import type { P2Call } from './context';
import type { KeyRing } from './keys';
import type { RecordStore } from './records';

/** What this needs of the 2.0 mode (engine.ts's Platform2; not imported: the engine imports the behaviours). */
export interface Platform2 {
	readonly records: RecordStore;
	readonly keyRing: KeyRing;
}

export const WORKSPACE_WEBHOOK_EVENTS = ['call.completed', 'conversation.ended', 'booking.created', 'booking.cancelled', 'booking.rescheduled'];

export interface WorkspaceWebhook {
	url: string;
	secret: string;
	/** empty: every event */
	events: string[];
}

export interface P2Delivery {
	/** 'tool': a running call's mid-call tool request (event 'tool-call', behaviours/toolRuns.ts) */
	to: 'workspace' | 'assistant' | 'connector' | 'variables' | 'tool';
	/** the URL without its query (a URL secret is never shown) */
	url: string;
	event: string;
	signed: boolean;
	/** the receiver's HTTP status, null when it did not answer */
	status: number | null;
	ms: number;
	/** 'tool-call' only: the call, its assistant, the tool, the values sent, the answer ({status, body} or {status: null, error}) and when */
	call_id?: string;
	assistant_id?: string;
	tool_id?: string;
	payload?: Record<string, unknown>;
	response?: { status: number | null; body?: unknown; error?: string };
	at?: number;
}

interface State {
	webhooks: Map<string, WorkspaceWebhook>;
	deliveries: P2Delivery[];
}

// Keyed by the record store: reset() makes a new one, so this state goes with it.
const states = new WeakMap<RecordStore, State>();

function stateOf(p2: Pick<Platform2, 'records'>): State {
	let state = states.get(p2.records);
	if (!state) states.set(p2.records, (state = { webhooks: new Map(), deliveries: [] }));
	return state;
}

export function signFamulor(raw: string | Buffer, secret: string): string {
	return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

function workspaceId(p2: Platform2, workspace = 'A'): string {
	const id = p2.keyRing.workspace(workspace)?.id;
	if (!id) throw new Error(`No workspace ${workspace}`);
	return id;
}

/** The workspace webhook as saved in the dashboard (url null removes it); answers it with its secret. */
export function configureWorkspaceWebhook(p2: Platform2, opts: { workspace?: string; url: string | null; secret?: string; events?: string[] }): WorkspaceWebhook | null {
	const ws = workspaceId(p2, opts.workspace);
	const { webhooks } = stateOf(p2);
	if (opts.url === null) {
		webhooks.delete(ws);
		return null;
	}
	const hook = { url: opts.url, secret: opts.secret ?? `whsec_${randomBytes(24).toString('hex')}`, events: opts.events ?? [] };
	webhooks.set(ws, hook);
	return hook;
}

export function platform2Deliveries(p2: Platform2): P2Delivery[] {
	return stateOf(p2).deliveries;
}

/** Records a delivery made by a behaviour (it knows the records, not the Platform2). */
export function recordDelivery(records: RecordStore, delivery: P2Delivery): void {
	stateOf({ records }).deliveries.push(delivery);
}

interface Posted {
	status: number | null;
	body: unknown;
	ms: number;
}

/** POSTs exactly these bytes (signed when a secret is given). */
export async function postRaw(url: string, raw: string, secret: string | undefined, timeoutMs = 10_000, signature?: string | null): Promise<Posted> {
	const started = Date.now();
	const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'famulor-webhooks/2.0 (sandbox)' };
	const sig = signature === undefined ? (secret !== undefined ? signFamulor(raw, secret) : undefined) : signature;
	if (sig) headers['X-Famulor-Signature'] = sig;
	try {
		const res = await axios.post(url, raw, { timeout: timeoutMs, proxy: false, validateStatus: () => true, transformRequest: [(d: unknown) => d], responseType: 'text', headers });
		let body: unknown = res.data;
		try {
			body = typeof res.data === 'string' && res.data !== '' ? JSON.parse(res.data) : res.data;
		} catch {
			/* not JSON: kept as text */
		}
		return { status: res.status, body, ms: Date.now() - started };
	} catch {
		return { status: null, body: null, ms: Date.now() - started };
	}
}

export const withoutQuery = (url: string) => url.split(/[?#]/)[0];
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The body of an event, from the workspace's records where there are some. */
export function eventPayload(p2: Platform2, ws: string, event: string, opts: { assistantId?: string; subjectId?: string }): Record<string, unknown> {
	const assistants = p2.records.list(ws, '/assistants');
	const assistantId = opts.assistantId ?? String(assistants[0]?.id ?? randomUUID());
	if (event === 'call.completed') {
		const call = p2.records.list(ws, '/calls').find((c) => (opts.subjectId ? String(c.id) === opts.subjectId : c.assistant_id === assistantId));
		return {
			event,
			data: {
				id: opts.subjectId ?? String(call?.id ?? randomUUID()),
				assistant_id: assistantId,
				status: 'completed',
				direction: str(call?.direction) ?? 'outbound',
				from_number: str(call?.from_number) ?? '+4940555020202',
				to_number: str(call?.to_number) ?? '+4915112345670',
				duration_sec: typeof call?.duration_sec === 'number' ? call.duration_sec : 94,
				transcript: [{ role: 'assistant', text: 'Hallo!' }, { role: 'user', text: 'Guten Tag.' }],
				summary: 'The customer asked for a callback.',
				variables: { customer_name: 'Erika Mustermann' },
				ended_at: new Date().toISOString(),
			},
		};
	}
	if (event === 'conversation.ended') {
		return {
			event,
			data: {
				conversation: { id: opts.subjectId ?? randomUUID(), channel: 'whatsapp' },
				assistant: { id: assistantId },
				transcript: [{ role: 'user', text: 'Hallo' }, { role: 'assistant', text: 'Wie kann ich helfen?' }],
				analysis: { summary: 'Greeting only.' },
				ended_at: new Date().toISOString(),
			},
		};
	}
	return {
		event,
		data: { id: opts.subjectId ?? randomUUID(), assistant_id: assistantId, event_type_id: randomUUID(), start_at: '2026-07-01T09:00:00Z', attendee: { name: 'Erika Mustermann', email: 'erika@example.com' } },
	};
}

export interface DeliverOptions {
	workspace?: string;
	event: string;
	/** where to: the workspace webhook (default), the assistant's webhook_url, or the connector's URL */
	to?: 'workspace' | 'assistant' | 'connector';
	assistantId?: string;
	connectorId?: string;
	subjectId?: string;
}

/** One delivery of an event; answers what the receiver said (409-style `null` when nothing is configured). */
export async function deliverPlatform2Event(p2: Platform2, opts: DeliverOptions): Promise<(P2Delivery & { body: unknown; raw: string; signature?: string }) | null> {
	const ws = workspaceId(p2, opts.workspace);
	const to = opts.to ?? 'workspace';
	let url: string | undefined;
	let secret: string | undefined;
	let assistantId = opts.assistantId;
	if (to === 'workspace') {
		const hook = stateOf(p2).webhooks.get(ws);
		if (!hook || (hook.events.length > 0 && !hook.events.includes(opts.event))) return null;
		({ url, secret } = hook);
	} else if (to === 'assistant') {
		const assistant = p2.records.find(ws, '/assistants', [], opts.assistantId ?? '');
		if (!assistant || assistant.webhook_delivery_mode !== 'custom') return null;
		url = str(assistant.webhook_url);
	} else {
		const connector = p2.records.find(ws, '/messaging-connectors', [], opts.connectorId ?? '');
		url = str(connector?.conversation_ended_webhook_url);
		assistantId ??= str(connector?.assistant_id);
	}
	if (!url) return null;
	const raw = JSON.stringify(eventPayload(p2, ws, opts.event, { assistantId, subjectId: opts.subjectId }));
	const signature = secret === undefined ? undefined : signFamulor(raw, secret);
	const posted = await postRaw(url, raw, secret);
	const delivery: P2Delivery = { to, url: withoutQuery(url), event: opts.event, signed: secret !== undefined, status: posted.status, ms: posted.ms };
	stateOf(p2).deliveries.push(delivery);
	return { ...delivery, body: posted.body, raw, signature };
}

export interface RingingResult {
	call_id: string;
	/** the variable webhook's HTTP status, null without an answer or without a webhook */
	status: number | null;
	/** what the call connected with */
	variables: Record<string, unknown>;
	/** the variable webhook's answer as it came (JSON parsed), null without one: for a test's messages */
	answer: unknown;
	ms: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An inbound call rings: the variable webhook is asked (signed); its `variables` go to the call. */
export async function ringPlatform2Call(p2: Platform2, opts: { workspace?: string; assistantId: string; customerPhone?: string; timeoutMs?: number }): Promise<RingingResult> {
	const ws = workspaceId(p2, opts.workspace);
	const assistant = p2.records.find(ws, '/assistants', [], opts.assistantId);
	if (!assistant) throw new Error('Assistant not found');
	const doc = p2.records.singleton(ws, `/assistants/${assistant.id}/variables`) ?? {};
	const url = str(doc.variable_webhook_url) ?? str(assistant.variable_webhook_url);
	const secret = str(doc.variable_webhook_secret) ?? str(assistant.variable_webhook_secret);
	const callId = randomUUID();
	const call = { id: callId, assistant_id: assistant.id, direction: 'inbound', status: 'ringing', from_number: opts.customerPhone ?? '+4917612345678', to_number: '+4930555010101', variables: {} as Record<string, unknown> };
	p2.records.insert(ws, '/calls', [], call);
	if (!url) return { call_id: callId, status: null, variables: call.variables, answer: null, ms: 0 };
	const raw = JSON.stringify({ event: 'call.ringing', call_id: callId, assistant_id: assistant.id, customer_phone: call.from_number, assistant_phone: call.to_number, direction: 'inbound' });
	const posted = await postRaw(url, raw, secret, opts.timeoutMs ?? INBOUND_ANSWER_MS);
	stateOf(p2).deliveries.push({ to: 'variables', url: withoutQuery(url), event: 'call.ringing', signed: secret !== undefined, status: posted.status, ms: posted.ms });
	if (posted.status !== null && posted.status < 300 && isObject(posted.body) && isObject(posted.body.variables)) Object.assign(call.variables, posted.body.variables);
	call.status = 'in_progress';
	return { call_id: callId, status: posted.status, variables: call.variables, answer: posted.body, ms: posted.ms };
}

/** getAssistantVariables: the document without its write-only secret. */
export function getAssistantVariables(call: P2Call): P2Answer {
	const doc = call.state.records.singleton(call.workspace.id, call.path) ?? {};
	const rest = Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'variable_webhook_secret'));
	return data({ variables: {}, variable_webhook_url: null, ...rest });
}
