/** Lookup lists: models, voices, languages, phone numbers. */
import { ok, validationError, type ApiResult, type RouteContext } from '../http';
import { phoneNumberRecord } from '../serialize';
import { hasErrors, validate } from '../validation';

export function listModels(ctx: RouteContext): ApiResult {
	return ok(ctx.app.store.models.map(({ id, name }) => ({ id, name })));
}

export function listVoices(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, { mode: { type: 'string', in: ['pipeline', 'multimodal'] } });
	if (hasErrors(errors)) return validationError(errors);
	const voices = ctx.app.store.voices.filter(
		(v) => (v.user_id === null || v.user_id === ctx.user.id) && (values.mode === undefined || v.mode === values.mode),
	);
	return ok(voices.map(({ id, name, mode }) => ({ id, name, mode })));
}

export function listLanguages(ctx: RouteContext): ApiResult {
	return ok(ctx.app.store.languages.map(({ id, name, iso_2 }) => ({ id, name, iso_2 })));
}

/** type=inbound leaves out caller-ID numbers and numbers already assigned to an inbound assistant. */
export function listPhoneNumbers(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, { type: { type: 'string', in: ['inbound', 'outbound'] } });
	if (hasErrors(errors)) return validationError(errors);
	const { store } = ctx.app;
	const numbers = store.phoneNumbers.filter(
		(p) => p.user_id === ctx.user.id && (values.type !== 'inbound' || (p.type_label !== 'Caller ID' && store.isPhoneAvailable(p.id))),
	);
	return ok(numbers.map((p) => phoneNumberRecord(p, store)));
}
