/**
 * PUT /user/phone-numbers/{id} {nickname} and DELETE /user/phone-numbers/{id} (release), 2026 docs.
 * Errors are {error} bodies. A dedicated number is only scheduled for release (it stays listed until
 * the end of its billing period; a second release is a 400); SIP and caller-ID numbers go at once,
 * taking a SIP number's trunk with them. Inbound assistants lose the number, campaigns drop it.
 */
import { ok, validationError, type ApiResult, type RouteContext } from '../http';
import type { PhoneNumber } from '../records';
import type { SandboxStore } from '../store';
import { hasErrors, validate } from '../validation';

const NUMBER_TYPES: Record<PhoneNumber['type_label'], string> = { Normal: 'normal', SIP: 'sip', 'Caller ID': 'caller_id' };

export const refused = (status: number, error: string): ApiResult => ok({ error }, status);
const NOT_FOUND = 'Phone number not found.';

export function updatePhoneNumber(ctx: RouteContext): ApiResult {
	const number = ctx.app.store.phoneNumberOf(ctx.user.id, ctx.params.id);
	if (!number) return refused(404, NOT_FOUND);
	const { errors, values } = validate(ctx.body, { nickname: { type: 'string', max: 50, nullable: true } });
	if (hasErrors(errors)) return validationError(errors, 'The given data was invalid.');
	if ('nickname' in values) number.nickname = values.nickname as string | null;
	const { id, phone_number, country_code } = number;
	return ok({
		message: 'Phone number updated successfully.',
		data: { id, phone_number, nickname: number.nickname ?? null, country_code, type: NUMBER_TYPES[number.type_label] },
	});
}

export function releasePhoneNumber(ctx: RouteContext): ApiResult {
	const { store } = ctx.app;
	const number = store.phoneNumberOf(ctx.user.id, ctx.params.id);
	if (!number) return refused(404, NOT_FOUND);
	if (number.type_label === 'Normal') {
		if (number.release_requested_at !== undefined) return refused(400, 'Phone number is already scheduled for release.');
		number.release_requested_at = Date.now();
		return ok({ message: 'Phone number released successfully. It will be removed at the end of the billing period.' });
	}
	removeNumber(store, number);
	return ok({ message: 'Phone number deleted successfully.' });
}

/** Gone at once: the number, its trunk, and every place that used it (call history stays). */
function removeNumber(store: SandboxStore, number: PhoneNumber): void {
	store.phoneNumbers.splice(store.phoneNumbers.indexOf(number), 1);
	store.sip.remove(number.id);
	for (const assistant of store.assistants) if (assistant.phone_number_id === number.id) assistant.phone_number_id = null;
	for (const campaign of store.campaigns) {
		if (campaign.phone_number_ids) campaign.phone_number_ids = campaign.phone_number_ids.filter((id) => id !== number.id);
	}
}
