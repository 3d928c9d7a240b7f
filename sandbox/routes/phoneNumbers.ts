/** GET /user/phone-numbers/all, GET /user/phone-numbers/search, POST /user/phone-numbers/purchase. */
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { numberForSale, numbersForSale, regionOf } from '../numberInventory';
import { parsePhone } from '../phone';
import type { PhoneNumber } from '../records';
import { ownedPhoneNumberRecord } from '../serialize';
import { round } from '../sms';
import { hasErrors, validate } from '../validation';

export function listAllPhoneNumbers(ctx: RouteContext): ApiResult {
	const now = Date.now();
	return ok({ data: ctx.app.store.phoneNumbers.filter((p) => p.user_id === ctx.user.id).map((p) => ownedPhoneNumberRecord(p, now)) });
}

export function searchPhoneNumbers(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, {
		country_code: { type: 'string', required: true, regex: /^[A-Z]{2}$/ },
		contains: { type: 'string', regex: /^\d{1,10}$/ },
	});
	if (hasErrors(errors)) return validationError(errors);
	return ok({ data: numbersForSale(ctx.app.store, values.country_code as string, values.contains as string | undefined) });
}

export function purchasePhoneNumber(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.body, { phone_number: { type: 'string', required: true } });
	if (hasErrors(errors)) return validationError(errors);
	const phone = parsePhone(values.phone_number);
	if (!phone) return validationError({ phone_number: ['The phone number field must be a valid phone number.'] });
	const { store } = ctx.app;
	const offer = numberForSale(store, phone.e164);
	if (!offer) return message(400, 'Phone number is not available for purchase');
	if (ctx.user.balance < offer.price) return message(400, 'Insufficient balance');
	ctx.user.balance = round(ctx.user.balance - offer.price);
	const now = Date.now();
	const number: PhoneNumber = {
		id: store.nextId('phone'),
		user_id: ctx.user.id,
		phone_number: offer.phone_number,
		country_code: offer.country_code,
		type_label: 'Normal',
		sms_capable: offer.sms_capable,
		subscription_expires_at: null,
		region: regionOf(offer.country_code),
		created_at: now,
	};
	store.phoneNumbers.push(number);
	const { id, phone_number, country_code, type, sms_capable } = ownedPhoneNumberRecord(number, now);
	return ok({ message: 'Phone number purchased successfully', data: { id, phone_number, country_code, type, sms_capable } }, 201);
}
