/** POST /user/make_call, GET /user/calls, GET and DELETE /user/calls/{id}. */
import { MIN_CALL_BALANCE } from '../calls';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { paginate } from '../pagination';
import { parsePhone } from '../phone';
import { callRecord } from '../serialize';
import { datePart } from '../time';
import type { CallByIdRoute } from '../types';
import { hasErrors, validate, type Errors } from '../validation';
import { perPageRules, readPage } from './paging';

export const CALL_STATES = [
	'initiated',
	'ringing',
	'busy',
	'in-progress',
	'ended',
	'completed',
	'ended_by_customer',
	'ended_by_assistant',
	'no-answer',
	'failed',
];

export function makeCall(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		phone_number: { type: 'string', required: true },
		assistant_id: { type: 'integer', required: true },
		variables: { type: 'object' },
	});
	if (hasErrors(errors)) return validationError(errors);
	const phone = parsePhone(values.phone_number);
	if (!phone) return message(400, 'Invalid phone number');
	const assistant = ctx.app.store.assistantOf(ctx.user.id, values.assistant_id);
	if (!assistant) return message(404, 'Assistant not found');
	if (assistant.type !== 'outbound') return message(400, 'Assistant is not configured for outbound calls');
	if (assistant.status !== 'active') return message(400, 'Assistant is not active');
	if (ctx.user.balance < MIN_CALL_BALANCE) return message(422, 'Insufficient balance');
	const call = ctx.app.sim.placeOutbound(ctx.user, assistant, phone.e164, (values.variables as Record<string, unknown>) ?? {});
	// Some deployments return call_id beside data (platform facts); clients must accept both.
	if (ctx.app.store.settings.makeCallAnswer === 'data-only') return ok({ message: 'Call initiated successfully', data: {} });
	return ok({ message: 'Call initiated successfully', data: {}, call_id: call.id });
}

function isDate(value: string): boolean {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
	const d = new Date(`${value}T00:00:00Z`);
	return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

export function listCalls(ctx: RouteContext): ApiResult {
	const q = ctx.query;
	const { errors, values } = validate(q, {
		...perPageRules,
		status: { type: 'string', in: CALL_STATES },
		type: { type: 'string', in: ['inbound', 'outbound', 'web'] },
		phone_number: { type: 'string' },
		assistant_id: { type: 'integer' },
		campaign_id: { type: 'integer' },
		date_from: { type: 'string' },
		date_to: { type: 'string' },
	});
	const dateErrors: Errors = {};
	for (const key of ['date_from', 'date_to']) {
		if (typeof values[key] === 'string' && !isDate(values[key] as string))
			dateErrors[key] = [`The ${key.replace('_', ' ')} field must match the format Y-m-d.`];
	}
	Object.assign(errors, dateErrors);
	if (hasErrors(errors)) return validationError(errors);
	// The server's own clock: a zone or skew moves both its timestamps and what its date filters select.
	const offset = ctx.app.store.settings.clockOffsetMs;
	const zone = ctx.user.timeZone;
	const phone = typeof values.phone_number === 'string' ? (parsePhone(values.phone_number)?.e164 ?? values.phone_number) : undefined;
	const items = ctx.app.store.calls
		.filter(
			(c) =>
				c.user_id === ctx.user.id &&
				(values.status === undefined || c.status === values.status) &&
				(values.type === undefined || c.type === values.type) &&
				(phone === undefined || c.client_phone_number === phone) &&
				(values.assistant_id === undefined || c.assistant_id === values.assistant_id) &&
				(values.campaign_id === undefined || c.campaign_id === values.campaign_id) &&
				(values.date_from === undefined || datePart(c.created_at + offset, zone) >= (values.date_from as string)) &&
				(values.date_to === undefined || datePart(c.created_at + offset, zone) <= (values.date_to as string)),
		)
		.sort((a, b) => b.created_at - a.created_at || b.id - a.id);
	const perPage = (values.per_page as number | undefined) ?? 15;
	return ok(paginate(items, readPage(q), perPage, `${ctx.app.baseUrl}/user/calls`, (c) => callRecord(c, offset, ctx.user.generation === '2026', zone)));
}

/**
 * GET /user/calls/{id}: one call record, the list's fields. The transcript comes in the shape the
 * deployment is set to (setWebhookTranscript): a string, or the entries plus formatted_transcript.
 */
export function getCall(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const call = store.callOf(ctx.user.id, ctx.params.id);
	if (!call) return message(404, 'Call not found');
	const record = callRecord(call, store.settings.clockOffsetMs, ctx.user.generation === '2026', ctx.user.timeZone);
	if (store.transcriptFormatFor(call.assistant_id) === 'array') {
		return ok({ ...record, transcript: call.transcript_items, formatted_transcript: call.transcript });
	}
	return ok(record);
}

/**
 * A deployment without GET /user/calls/{id} (settings.callByIdRoute): what its router answers there
 * instead, before any authentication, as for any unknown route; undefined when the route is served.
 */
export function missingCallRoute(route: CallByIdRoute, method: string, path: string): ApiResult | undefined {
	if (route === 'served' || !/^\/api\/user\/calls\/[^/]+$/.test(path)) return undefined;
	if (route === 'get-missing') {
		if (method === 'DELETE') return undefined;
		return message(405, `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: DELETE.`);
	}
	return message(404, `The route ${path.slice(1)} could not be found.`);
}

/** DELETE /user/calls/{id}: the record and its recording are gone (the recording host answers 404). */
export function deleteCall(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const call = store.callOf(ctx.user.id, ctx.params.id);
	if (!call) return message(404, 'Call not found');
	store.removeCall(call);
	return ok({ message: 'Call deleted successfully' });
}
