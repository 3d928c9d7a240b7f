/** POST /user/sms: the six rules of the reference, errors as HTTP 400, provider failure as 500. */
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { parsePhone } from '../phone';
import { hex } from '../prng';
import type { SmsRecord } from '../records';
import { smsRecord } from '../serialize';
import { round, segmentInfo, segmentPrice } from '../sms';
import { hasErrors, validate } from '../validation';
import { SIMULATE_FAILURE } from './assistants';

export function sendSms(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, {
		from: { type: 'integer', required: true },
		to: { type: 'string', required: true },
		body: { type: 'string', required: true, max: 300 },
	});
	if (hasErrors(errors)) return validationError(errors);
	const { store } = ctx.app;
	const from = store.phoneNumberOf(ctx.user.id, values.from);
	if (!from) return message(400, 'From number not found');
	const now = Date.now();
	const expired = from.subscription_expires_at !== null && from.subscription_expires_at <= now;
	// An expired subscription is reported like a number without SMS: the reference groups both in rule 2.
	if (!from.sms_capable || expired) return message(400, 'From number is not SMS capable');
	const to = parsePhone(values.to);
	if (!to) return message(400, 'Invalid to phone number');
	const body = values.body as string;
	const { segments } = segmentInfo(body);
	const price = segmentPrice(to.country);
	const cost = round(price * segments);
	if (ctx.user.balance < cost) return message(400, 'Insufficient balance');
	if (body.includes(SIMULATE_FAILURE)) {
		return message(500, 'Failed to send SMS', { error: 'Simulated provider failure: the carrier rejected the message' });
	}
	const record: SmsRecord = {
		id: store.nextId('sms'),
		phone_number_id: from.id,
		to: to.e164,
		body,
		user_id: ctx.user.id,
		segments,
		segment_price: price,
		total_cost: cost,
		status: 'sent',
		sms_sid: `SM${hex(ctx.app.rng, 32)}`,
		created_at: now,
		updated_at: now,
	};
	store.sms.push(record);
	ctx.user.balance = round(ctx.user.balance - cost);
	if (ctx.user.generation === '2026') {
		// The 2026 docs' answer: not the stored record but a receipt (sms_id, the sender as a number, cost).
		const receipt = { sms_id: record.id, from: from.phone_number, to: record.to, body, segments, cost, currency: 'EUR', status: record.status };
		return ok({ message: 'SMS sent successfully', data: receipt });
	}
	return ok({ message: 'SMS sent successfully', data: smsRecord(record) });
}
