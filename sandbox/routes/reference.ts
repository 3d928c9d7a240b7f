/** Lookup lists: models, voices, languages, phone numbers. */
import { ok, validationError, type ApiResult, type RouteContext } from '../http';
import { providersFor, SPEECH_MODELS, SYNTHESIZER_PROVIDERS, TRANSCRIBER_PROVIDERS, type Provider } from '../providers';
import { phoneNumberRecord } from '../serialize';
import { hasErrors, validate } from '../validation';

/** ?type=llm|multimodal|dualplex (2026 docs; default llm): LLMs as {id, name}, speech models with their code. */
export function listModels(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, { type: { type: 'string', in: ['llm', 'multimodal', 'dualplex'] } });
	if (hasErrors(errors)) return validationError(errors);
	if (values.type === 'multimodal' || values.type === 'dualplex') return ok(SPEECH_MODELS[values.type]);
	return ok(ctx.app.store.models.map(({ id, name }) => ({ id, name })));
}

/**
 * GET /user/assistants/synthesizer-providers | transcriber-providers?language_id= (2026 docs, which
 * name a `data` field and show a bare array): hosts of the 2026 generation wrap it, others do not.
 */
export function listProviders(list: Provider[]) {
	return (ctx: RouteContext): ApiResult => {
		const { errors, values } = validate(ctx.query, { language_id: { type: 'integer' } });
		if (hasErrors(errors)) return validationError(errors);
		const providers = providersFor(list, values.language_id as number | undefined);
		return ok(ctx.user.generation === '2026' ? { data: providers } : providers);
	};
}

export const listSynthesizerProviders = listProviders(SYNTHESIZER_PROVIDERS);
export const listTranscriberProviders = listProviders(TRANSCRIBER_PROVIDERS);

export function listVoices(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, { mode: { type: 'string', in: ['pipeline', 'multimodal', 'dualplex'] }, language_id: { type: 'integer' } });
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
