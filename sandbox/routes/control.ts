/**
 * Control routes under /sandbox (no auth): observation, faults, limits, latency, simulated inbound calls,
 * state for tests running in another process.
 */
import type { ApiResult, ControlContext, ControlHandler } from '../http';
import { message, ok } from '../http';
import { formatTranscript } from '../conversation';
import { conversationEndRoute, whatsappMessageRoute } from '../conversationEnded';
import { configureRoute as readReceiptsRoute, sendRoute as readReceiptRoute } from '../readReceipts';
import { FaultError } from '../faults';
import { campaignEntryTimesRoute, mcpHostRoute, mintKeyRoute, seededKeysRoute, toolLimitRoute } from '../platform2/control';
import { mcpSampleRoute } from '../mcpSample';
import { deliverRoute, deliveriesRoute, ringingCallRoute, workspaceWebhookRoute } from '../platform2/webhookControl';
import { recordAtRoute } from '../platform2/behaviours/pollingTimeline';
import { listOrderRoute } from '../platform2/listOrder';
import { Router } from '../router';
import { assistantRecord, callRecord, campaignRecord, leadRecord, phoneNumberRecord, smsRecord } from '../serialize';
import type { Call, WebhookResponse } from '../types';
import { isPlainObject } from '../validation';

function setFaults(ctx: ControlContext): ApiResult {
	const list = Array.isArray(ctx.rawBody) ? ctx.rawBody : isPlainObject(ctx.rawBody) ? ctx.rawBody.faults : undefined;
	if (!Array.isArray(list)) return message(422, 'Send a JSON array of faults or {"faults": [...]}');
	try {
		ctx.app.setFaults(list);
	} catch (err) {
		if (err instanceof FaultError) return message(422, `Invalid fault: ${err.message}`);
		throw err;
	}
	return ok({ message: 'Faults set', faults: ctx.app.faults.list() });
}

function setRateLimit(ctx: ControlContext): ApiResult {
	let value: unknown = ctx.rawBody;
	if (isPlainObject(value) && 'rateLimit' in value) value = value.rateLimit;
	if (isPlainObject(value) && value.enabled === false) value = false;
	if (isPlainObject(value) && 'enabled' in value) {
		value = { ...value };
		delete (value as Record<string, unknown>).enabled;
	}
	if (value !== false && value !== null && value !== undefined && !isPlainObject(value)) {
		return message(422, 'Send false, or an object {perMinute, burst, burstWindowSeconds, timeScale}');
	}
	try {
		ctx.app.setRateLimit(value ? value : false);
	} catch (err) {
		return message(422, String(err instanceof Error ? err.message : err));
	}
	return ok({ message: 'Rate limit set', rateLimit: ctx.app.limiter.config ?? false });
}

function setLatency(ctx: ControlContext): ApiResult {
	const ms = Number(isPlainObject(ctx.rawBody) ? (ctx.rawBody.ms ?? ctx.rawBody.latencyMs) : ctx.rawBody);
	if (!Number.isFinite(ms) || ms < 0) return message(422, 'Send {"ms": <non-negative number>}');
	ctx.app.setLatency(ms);
	return ok({ message: 'Latency set', latencyMs: ms });
}

async function inboundCall(ctx: ControlContext): Promise<ApiResult> {
	const b = ctx.body;
	const assistantId = Number(b.assistant_id ?? b.assistantId);
	if (!Number.isInteger(assistantId)) return message(422, 'assistant_id is required');
	const customerPhone = (b.customer_phone ?? b.customerPhone) as string | undefined;
	const userToken = (b.token ?? b.userToken) as string | undefined;
	let started;
	try {
		started = await ctx.app.startInboundCall({ assistantId, customerPhone, userToken, askForVariables: b.ask_variables === true });
	} catch (err) {
		return message(404, err instanceof Error ? err.message : String(err));
	}
	// Only the status of what the webhook answered: the sandbox must not relay the body of a URL it
	// was pointed at (it would read any local service for whoever can reach this route).
	if (b.wait === true) {
		const done = await started.done;
		return ok({ ...done, inbound_webhook_response: statusOnly(done.inbound_webhook_response), webhook_response: statusOnly(done.webhook_response) });
	}
	return ok({ call_id: started.call.id, status: started.call.status }, 202);
}

function statusOnly(response: WebhookResponse | null): Omit<WebhookResponse, 'body'> | null {
	if (!response) return null;
	const { body: _body, ...rest } = response;
	return rest;
}

/** The call's transcript with what its mid-call tools answered left out (as statusOnly does for webhooks). */
function withoutToolAnswers(call: Call): string {
	if (!call.transcript_items.some((item) => item.type === 'tool_result')) return call.transcript;
	return formatTranscript(call.transcript_items.map((item) => (item.type === 'tool_result' ? { ...item, text: '[answer not shown here]' } : item)));
}

function state(ctx: ControlContext): ApiResult {
	const { store } = ctx.app;
	return ok({
		users: store.users.map(({ id, name, email, balance }) => ({ id, name, email, balance })),
		assistants: store.assistants.map(assistantRecord),
		campaigns: store.campaigns.map((c) => ({ ...campaignRecord(c), user_id: c.user_id, assistant_id: c.assistant_id })),
		leads: store.leads.map((l) => ({ ...leadRecord(l, store), user_id: l.user_id })),
		calls: store.calls.map((c) => ({
			...callRecord(c),
			transcript: withoutToolAnswers(c),
			webhook_response: statusOnly(c.webhook_response),
			user_id: c.user_id,
			assistant_id: c.assistant_id,
			campaign_id: c.campaign_id,
			lead_id: c.lead_id,
			input_variables: c.input_variables,
			inbound_webhook_response: statusOnly(c.inbound_webhook_response),
		})),
		sms: store.sms.map(smsRecord),
		phone_numbers: store.phoneNumbers.map((p) => ({
			...phoneNumberRecord(p, store),
			user_id: p.user_id,
			sms_capable: p.sms_capable,
			subscription_expires_at: p.subscription_expires_at === null ? null : new Date(p.subscription_expires_at).toISOString(),
		})),
		webhook_deliveries: store.webhookDeliveries.map((d) => ({ ...d, response: statusOnly(d.response as WebhookResponse | null) })),
		settings: store.settings,
		faults: ctx.app.faults.list(),
		rate_limit: ctx.app.limiter.config ?? false,
		latency_ms: ctx.app.latencyMs,
		busy: ctx.app.sim.tasks.busy,
	});
}

function setBalance(ctx: ControlContext): ApiResult {
	const b = ctx.body;
	const key = b.user ?? b.user_id;
	const user = ctx.app.store.users.find((u) => u.id === Number(key) || u.name.split(' ')[0].toLowerCase() === String(key).toLowerCase());
	const balance = Number(b.balance);
	if (!user) return message(404, 'User not found');
	if (!Number.isFinite(balance) || balance < 0) return message(422, 'balance must be a non-negative number');
	ctx.app.setBalance(user.id, balance);
	return ok({ message: 'Balance set', user_id: user.id, balance });
}

function setTranscript(ctx: ControlContext): ApiResult {
	const format = ctx.body.format;
	if (format !== 'string' && format !== 'array') return message(422, "format must be 'string' or 'array'");
	const assistantId = ctx.body.assistant_id === undefined ? undefined : Number(ctx.body.assistant_id);
	ctx.app.setWebhookTranscript(format, assistantId);
	return ok({ message: 'Webhook transcript format set', settings: ctx.app.store.settings });
}

function setMakeCallAnswer(ctx: ControlContext): ApiResult {
	const shape = ctx.body.shape;
	if (shape !== 'with-call-id' && shape !== 'data-only') return message(422, "shape must be 'with-call-id' or 'data-only'");
	ctx.app.setMakeCallAnswer(shape);
	return ok({ message: 'make_call answer set', settings: ctx.app.store.settings });
}

function setCallByIdRoute(ctx: ControlContext): ApiResult {
	const route = ctx.body.route;
	if (route !== 'served' && route !== 'route-missing' && route !== 'get-missing') {
		return message(422, "route must be 'served', 'route-missing' or 'get-missing'");
	}
	ctx.app.setCallByIdRoute(route);
	return ok({ message: 'GET /user/calls/{id} route set', settings: ctx.app.store.settings });
}

/** {paths: 'singular' | 'plural'}: which spelling of the folder and label write paths the host serves. */
function setCatalogWritePaths(ctx: ControlContext): ApiResult {
	const paths = ctx.body.paths;
	if (paths !== 'singular' && paths !== 'plural') return message(422, "paths must be 'singular' or 'plural'");
	ctx.app.setCatalogWritePaths(paths);
	return ok({ message: 'Folder and label write paths set', settings: ctx.app.store.settings });
}

function setClock(ctx: ControlContext): ApiResult {
	const ms = Number(ctx.body.offset_ms ?? ctx.body.offsetMs);
	if (!Number.isFinite(ms)) return message(422, 'Send {"offset_ms": <number>}');
	ctx.app.setClockOffset(ms);
	return ok({ message: 'Server clock offset set', settings: ctx.app.store.settings });
}

/** The account a control request's optional `token` names: undefined without one (all accounts), null when it names none. */
function accountOf(ctx: ControlContext): number | undefined | null {
	const token = ctx.body.token;
	if (token === undefined) return undefined;
	const auth = typeof token === 'string' ? ctx.app.store.userByToken(token) : null;
	return auth ? auth.user.id : null;
}

/** {generation, token?}: the API generation one account speaks (all accounts without a token). */
function setGeneration(ctx: ControlContext): ApiResult {
	const generation = ctx.body.generation;
	if (generation !== 'reference' && generation !== '2026') return message(422, "generation must be 'reference' or '2026'");
	const userId = accountOf(ctx);
	if (userId === null) return message(422, 'token names no account');
	ctx.app.setGeneration(generation, userId);
	return ok({ message: 'API generation set', generations: ctx.app.store.users.map((u) => ({ user_id: u.id, generation: u.generation })) });
}

/** {zone, token?}: the time zone one account's zone-less times are written in (all accounts without a token); zone null: UTC. */
function setTimeZone(ctx: ControlContext): ApiResult {
	const zone = ctx.body.zone;
	if (zone !== null && typeof zone !== 'string') return message(422, 'Send {"zone": "<IANA time zone>" or null, "token"?: "<account token>"}');
	const userId = accountOf(ctx);
	if (userId === null) return message(422, 'token names no account');
	try {
		ctx.app.setTimeZone(zone === '' ? null : zone, userId);
	} catch {
		return message(422, `zone is not a time zone name: ${String(zone)}`);
	}
	return ok({ message: 'Time zone set', time_zones: ctx.app.store.users.map((u) => ({ user_id: u.id, time_zone: u.timeZone ?? null })) });
}

export function controlRouter(): Router<ControlHandler> {
	return new Router<ControlHandler>()
		.add('GET', '/sandbox/health', (ctx) => ok({ ok: true, baseUrl: ctx.app.baseUrl }))
		.add('GET', '/sandbox/requests', (ctx) => ok(ctx.app.requests))
		.add('DELETE', '/sandbox/requests', (ctx) => {
			const cleared = ctx.app.requests.length;
			ctx.app.clearRequests();
			return ok({ message: 'Request log cleared', cleared });
		})
		.add('GET', '/sandbox/recording-requests', (ctx) => ok({ origin: ctx.app.recordingsOrigin, requests: ctx.app.recordingRequests }))
		.add('DELETE', '/sandbox/recording-requests', (ctx) => {
			ctx.app.recordings.clear();
			return ok({ message: 'Recording request log cleared' });
		})
		.add('GET', '/sandbox/faults', (ctx) => ok(ctx.app.faults.list()))
		.add('POST', '/sandbox/faults', setFaults)
		.add('DELETE', '/sandbox/faults', (ctx) => {
			ctx.app.setFaults([]);
			return ok({ message: 'Faults cleared' });
		})
		.add('POST', '/sandbox/rate-limit', setRateLimit)
		.add('POST', '/sandbox/latency', setLatency)
		.add('POST', '/sandbox/inbound-call', inboundCall)
		.add('POST', '/sandbox/conversation-end', conversationEndRoute)
		.add('POST', '/sandbox/whatsapp-message', whatsappMessageRoute)
		.add('POST', '/sandbox/read-receipts', readReceiptsRoute)
		.add('POST', '/sandbox/read-receipt', readReceiptRoute)
		.add('GET', '/sandbox/platform2/keys', (ctx) => seededKeysRoute(ctx.app.platform2))
		.add('POST', '/sandbox/platform2/keys', (ctx) => mintKeyRoute(ctx.app.platform2, ctx.rawBody))
		.add('POST', '/sandbox/platform2/tool-limit', (ctx) => toolLimitRoute(ctx.app.platform2, ctx.rawBody))
		.add('POST', '/sandbox/platform2/mcp-host', (ctx) => mcpHostRoute(ctx.app.platform2, ctx.rawBody))
		.add('POST', '/sandbox/mcp', (ctx) => mcpSampleRoute(ctx.rawBody))
		.add('POST', '/sandbox/platform2/campaign-entry-times', (ctx) => campaignEntryTimesRoute(ctx.app.platform2, ctx.rawBody))
		.add('POST', '/sandbox/platform2/webhooks', workspaceWebhookRoute)
		.add('POST', '/sandbox/platform2/deliver', deliverRoute)
		.add('POST', '/sandbox/platform2/ringing-call', ringingCallRoute)
		.add('GET', '/sandbox/platform2/deliveries', deliveriesRoute)
		.add('POST', '/sandbox/platform2/records', (ctx) => recordAtRoute(ctx.app.platform2, ctx.rawBody))
		.add('POST', '/sandbox/platform2/list-order', (ctx) => listOrderRoute(ctx.app.platform2, ctx.rawBody))
		.add('GET', '/sandbox/state', state)
		.add('POST', '/sandbox/balance', setBalance)
		.add('POST', '/sandbox/webhook-transcript', setTranscript)
		.add('POST', '/sandbox/make-call-answer', setMakeCallAnswer)
		.add('POST', '/sandbox/call-by-id-route', setCallByIdRoute)
		.add('POST', '/sandbox/catalog-write-paths', setCatalogWritePaths)
		.add('POST', '/sandbox/clock', setClock)
		.add('POST', '/sandbox/generation', setGeneration)
		.add('POST', '/sandbox/time-zone', setTimeZone)
		.add('GET', '/sandbox/idle', async (ctx) => {
			await ctx.app.waitForIdle();
			return ok({ idle: true });
		})
		.add('POST', '/sandbox/reset', (ctx) => {
			ctx.app.reset();
			return ok({ message: 'Sandbox reset' });
		});
}
