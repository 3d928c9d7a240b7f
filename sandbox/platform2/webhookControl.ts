/**
 * Control routes of the 2.0 webhooks (webhooks.ts), loopback only like every /sandbox route:
 * POST /sandbox/platform2/webhooks, POST /sandbox/platform2/deliver, POST /sandbox/platform2/ringing-call,
 * GET /sandbox/platform2/deliveries. Answers never carry what a receiver answered, only its status.
 */
import type { ApiResult, ControlContext } from '../contracts';
import { message, ok } from '../http';
import { configureWorkspaceWebhook, deliverPlatform2Event, platform2Deliveries, ringPlatform2Call, WORKSPACE_WEBHOOK_EVENTS } from './webhooks';

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** {workspace?, url (null removes), secret?, events?} → {url, secret, events} */
export function workspaceWebhookRoute(ctx: ControlContext): ApiResult {
	const b = ctx.body;
	if (b.url !== null && typeof b.url !== 'string') return message(422, 'Send {"url": "<https URL>" or null, "secret"?, "events"?, "workspace"?}');
	const events = Array.isArray(b.events) ? b.events.map(String) : undefined;
	if (events?.some((e) => !WORKSPACE_WEBHOOK_EVENTS.includes(e))) return message(422, `events must be among ${WORKSPACE_WEBHOOK_EVENTS.join(', ')}`);
	try {
		return ok(configureWorkspaceWebhook(ctx.app.platform2, { workspace: str(b.workspace), url: b.url as string | null, secret: str(b.secret), events }) ?? { url: null });
	} catch (err) {
		return message(422, err instanceof Error ? err.message : String(err));
	}
}

/** {event, to?: workspace|assistant|connector, workspace?, assistant_id?, connector_id?, subject_id?} → {to, url, event, signed, status, ms}; 409 when nothing is set up. */
export async function deliverRoute(ctx: ControlContext): Promise<ApiResult> {
	const b = ctx.body;
	const event = str(b.event);
	if (!event || !WORKSPACE_WEBHOOK_EVENTS.includes(event)) return message(422, `event must be one of ${WORKSPACE_WEBHOOK_EVENTS.join(', ')}`);
	const to = b.to === 'assistant' || b.to === 'connector' ? b.to : 'workspace';
	try {
		const sent = await deliverPlatform2Event(ctx.app.platform2, {
			workspace: str(b.workspace),
			event,
			to,
			assistantId: str(b.assistant_id),
			connectorId: str(b.connector_id),
			subjectId: str(b.subject_id),
		});
		if (!sent) return message(409, `No ${to} webhook is set up for ${event}`);
		const { to: where, url, signed, status, ms } = sent;
		return ok({ to: where, url, event, signed, status, ms });
	} catch (err) {
		return message(422, err instanceof Error ? err.message : String(err));
	}
}

/** {assistant_id, workspace?, customer_phone?, timeout_ms?} → {call_id, status, variables, ms} */
export async function ringingCallRoute(ctx: ControlContext): Promise<ApiResult> {
	const b = ctx.body;
	const assistantId = str(b.assistant_id);
	if (!assistantId) return message(422, 'Send {"assistant_id": "<uuid>"}');
	try {
		const timeoutMs = typeof b.timeout_ms === 'number' ? b.timeout_ms : undefined;
		return ok(await ringPlatform2Call(ctx.app.platform2, { workspace: str(b.workspace), assistantId, customerPhone: str(b.customer_phone), timeoutMs }));
	} catch (err) {
		return message(404, err instanceof Error ? err.message : String(err));
	}
}

/** Every delivery; of a tool call's answer only its status or error (this route must not relay what a URL it was pointed at answered). */
export function deliveriesRoute(ctx: ControlContext): ApiResult {
	return ok(platform2Deliveries(ctx.app.platform2).map(({ response, ...d }) => (response ? { ...d, response: { status: response.status, ...(response.error ? { error: response.error } : {}) } } : d)));
}
