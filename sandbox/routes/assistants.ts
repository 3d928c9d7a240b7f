/** POST /user/assistant, PUT /user/assistant/{id}, GET /user/assistants/get, GET /user/assistants/outbound. */
import { assignmentErrors, assignmentOf } from '../catalog';
import { assistantWithDefaults } from '../defaults';
import { message, ok, validationError, type ApiResult, type RouteContext } from '../http';
import { paginate } from '../pagination';
import { uuid } from '../prng';
import type { Assistant } from '../records';
import { assistantRecord, assistantSummary, outboundAssistantRecord } from '../serialize';
import { hasErrors, isPlainObject, label, validate, type Errors, type Rules } from '../validation';
import { fromForm2026, type Translated } from './assistantForm2026';
import { perPageRules, readPage } from './paging';

/** Sending this marker in assistant_name makes create/update fail with the documented 500. */
export const SIMULATE_FAILURE = '[simulate-failure]';

const END_CALL_TOOL = 'end_call_tool.description';
const bool = { type: 'boolean' } as const;
const unit = { type: 'number', between: [0, 1] } as const;

const RULES: Rules = {
	assistant_name: { type: 'string', required: true, max: 255 },
	voice_id: { type: 'integer', required: true },
	language: { type: 'string', required: true, max: 100 },
	llm_model: { type: 'string', required: true, max: 100 },
	calls_direction: { type: 'string', required: true, in: ['receive', 'make'] },
	engine_type: { type: 'string', required: true, in: ['pipeline', 'multimodal'] },
	timezone: { type: 'timezone', required: true },
	initial_message: { type: 'string', required: true },
	system_prompt: { type: 'string', required: true },
	phone_number_id: { type: 'integer', nullable: true },
	endpoint_type: { type: 'string', in: ['vad', 'ai'] },
	endpoint_sensitivity: { type: 'number', between: [0, 5] },
	interrupt_sensitivity: { type: 'number', between: [0, 5] },
	ambient_sound_volume: unit,
	post_call_evaluation: bool,
	send_webhook_only_on_completed: bool,
	include_recording_in_webhook: bool,
	is_webhook_active: bool,
	webhook_url: { type: 'url', nullable: true, requiredIfTrue: 'is_webhook_active' },
	use_min_interrupt_words: bool,
	min_interrupt_words: { type: 'integer', between: [0, 10] },
	variables: { type: 'object' },
	post_call_schema: { type: 'array' },
	[END_CALL_TOOL]: { type: 'string', max: 500 },
	llm_temperature: unit,
	voice_stability: unit,
	voice_similarity: unit,
	speech_speed: { type: 'number', between: [0.7, 1.2] },
	allow_interruptions: bool,
	filler_audios: bool,
	re_engagement_interval: { type: 'integer', between: [7, 600] },
	max_call_duration: { type: 'integer', between: [20, 1200] },
	max_silence_duration: { type: 'integer', between: [1, 120] },
	end_call_on_voicemail: bool,
	noise_cancellation: bool,
	record_call: bool,
	who_speaks_first: { type: 'string', in: ['Assistente de IA', 'Cliente'] },
};

/** The reference names the field `end_call_tool.description`; a nested {end_call_tool: {description}} is read too. */
function normaliseBody(body: Record<string, unknown>): Record<string, unknown> {
	if (!(END_CALL_TOOL in body) && isPlainObject(body.end_call_tool) && 'description' in body.end_call_tool) {
		return { ...body, [END_CALL_TOOL]: body.end_call_tool.description };
	}
	return body;
}

function checkPostCallSchema(items: unknown[], errors: Errors): void {
	items.forEach((item, i) => {
		const key = (field: string) => `post_call_schema.${i}.${field}`;
		const add = (field: string, text: string) => (errors[key(field)] ??= []).push(text);
		const entry = isPlainObject(item) ? item : {};
		for (const field of ['name', 'type', 'description']) {
			const value = entry[field];
			if (value === undefined || value === null || value === '') add(field, `The ${label(key(field))} field is required.`);
			else if (typeof value !== 'string') add(field, `The ${label(key(field))} field must be a string.`);
		}
		if (typeof entry.name === 'string' && entry.name && !/^[A-Za-z0-9_]+$/.test(entry.name))
			add('name', `The ${label(key('name'))} field format is invalid.`);
		if (typeof entry.type === 'string' && entry.type && !['string', 'number', 'bool'].includes(entry.type))
			add('type', `The selected ${label(key('type'))} is invalid.`);
	});
}

interface Resolved {
	values: Record<string, unknown>;
	/** the 2026 docs' fields (2026 accounts only) */
	extras: Record<string, unknown>;
	languageId?: number;
	languageName?: string;
	modelId?: number;
}

/** Rules of the Limits table plus the lookups (voice, language, model, phone number) against the store. */
function check(ctx: RouteContext, existing?: Assistant): { errors: Errors; resolved: Resolved } {
	const partial = existing !== undefined;
	// A 2026 account reads the 2026 form (assistantForm2026.ts): its errors name the 2026 keys.
	const form: Translated | undefined = ctx.user.generation === '2026' ? fromForm2026(ctx, partial) : undefined;
	const body = normaliseBody(form ? form.body : ctx.body);
	const rules: Rules = form ? { ...RULES, engine_type: { ...RULES.engine_type, in: ['pipeline', 'multimodal', 'dualplex'] } } : RULES;
	const checked = validate(body, rules, { partial, existing: existing as unknown as Record<string, unknown> });
	const values = checked.values;
	// The 2026 checks already named what is missing in its own keys.
	const errors: Errors = form ? { ...form.errors } : checked.errors;
	if (form) for (const [key, texts] of Object.entries(checked.errors)) if (!RENAMED_TO_2026[key]) errors[key] = texts;
	const { store } = ctx.app;
	const resolved: Resolved = { values, extras: form?.extras ?? {} };
	const fail = (field: string, text: string) => (errors[field] ??= []).push(text);
	if (values.voice_id !== undefined && !store.voiceFor(ctx.user.id, values.voice_id)) fail('voice_id', 'The selected voice id is invalid.');
	if (typeof values.language === 'string') {
		const lang = store.languages.find((l) => l.name.toLowerCase() === (values.language as string).toLowerCase());
		if (lang) {
			resolved.languageId = lang.id;
			resolved.languageName = lang.name;
		} else fail('language', 'The selected language is invalid.');
	}
	if (typeof values.llm_model === 'string') {
		const model = store.models.find((m) => m.name.toLowerCase() === (values.llm_model as string).toLowerCase());
		if (model) resolved.modelId = model.id;
		else fail('llm_model', 'The selected llm model is invalid.');
	}
	if (typeof values.phone_number_id === 'number' && !store.phoneNumberOf(ctx.user.id, values.phone_number_id))
		fail('phone_number_id', 'The selected phone number id is invalid.');
	if (Array.isArray(values.post_call_schema)) checkPostCallSchema(values.post_call_schema, errors);
	for (const [field, text] of assignmentErrors(store.catalog, ctx.user.id, resolved.extras)) fail(field, text);
	return { errors, resolved };
}

const fixed2 = (n: unknown) => (n as number).toFixed(2);

/** Request field names -> stored field names (the mapping the reference leaves out). */
function apply(a: Assistant, r: Resolved): void {
	const v = r.values;
	const has = (key: string) => Object.prototype.hasOwnProperty.call(v, key);
	if (has('assistant_name')) a.name = v.assistant_name as string;
	if (has('voice_id')) a.voice_id = v.voice_id as number;
	if (r.languageId !== undefined) {
		a.language_id = r.languageId;
		a.language = r.languageName ?? null;
	}
	if (r.modelId !== undefined) a.llm_model_id = r.modelId;
	if (has('calls_direction')) a.type = v.calls_direction === 'receive' ? 'inbound' : 'outbound';
	if (has('engine_type')) a.mode = v.engine_type as Assistant['mode'];
	for (const key of ['timezone', 'initial_message', 'system_prompt', 'endpoint_type'] as const) {
		if (has(key)) (a as unknown as Record<string, unknown>)[key] = v[key];
	}
	if (has('phone_number_id')) a.phone_number_id = v.phone_number_id as number | null;
	if (has('endpoint_sensitivity')) a.endpoint_sensitivity = v.endpoint_sensitivity as number;
	if (has('interrupt_sensitivity')) a.interrupt_sensitivity = v.interrupt_sensitivity as number;
	for (const key of ['ambient_sound_volume', 'llm_temperature', 'voice_stability', 'voice_similarity', 'speech_speed'] as const) {
		if (has(key)) a[key] = fixed2(v[key]);
	}
	for (const key of ['post_call_evaluation', 'send_webhook_only_on_completed', 'include_recording_in_webhook', 'allow_interruptions'] as const) {
		if (has(key)) a[key] = v[key] as boolean;
	}
	if (has('webhook_url')) {
		a.webhook_url = v.webhook_url as string | null;
		// Clearing the URL disables the webhook.
		if (a.webhook_url === null) a.is_webhook_active = false;
	}
	if (has('is_webhook_active')) a.is_webhook_active = (v.is_webhook_active as boolean) && a.webhook_url !== null;
	if (has('min_interrupt_words')) a.min_interrupt_words = v.min_interrupt_words as number;
	if (v.use_min_interrupt_words === false) a.min_interrupt_words = 0;
	if (has('variables')) a.variables = structuredClone(v.variables as Record<string, unknown>);
	if (has('post_call_schema')) a.post_call_schema = structuredClone(v.post_call_schema as Assistant['post_call_schema']);
	if (has(END_CALL_TOOL)) {
		a.tools = a.tools.filter((t) => t.type !== 'end_call');
		a.tools.push({ type: 'end_call', description: v[END_CALL_TOOL] });
	}
	if (has('filler_audios')) a.fillers = v.filler_audios ? 1 : 0;
	if (has('re_engagement_interval')) a.reengagement_interval = v.re_engagement_interval as number;
	if (has('max_call_duration')) a.max_duration = v.max_call_duration as number;
	if (has('max_silence_duration')) a.max_silence_duration = v.max_silence_duration as number;
	if (has('end_call_on_voicemail')) a.end_call_on_voicemail = v.end_call_on_voicemail ? 1 : 0;
	if (has('noise_cancellation')) a.enable_noise_cancellation = v.noise_cancellation as boolean;
	if (has('record_call')) a.record = v.record_call as boolean;
	if (has('who_speaks_first')) a.wait_for_customer = v.who_speaks_first === 'Cliente';
	const record = a as unknown as Record<string, unknown>;
	for (const [key, value] of Object.entries(r.extras)) {
		if (key in record && key !== 'extras') record[key] = value;
		else a.extras = { ...a.extras, [key]: value };
	}
}

/** Reference keys whose errors a 2026 account reports under its own key (fromForm2026 checks those). */
const RENAMED_TO_2026: Record<string, string> = {
	assistant_name: 'name',
	language: 'language_id',
	llm_model: 'llm_model_id',
	calls_direction: 'type',
	engine_type: 'mode',
};

export function createAssistant(ctx: RouteContext): ApiResult {
	const { errors, resolved } = check(ctx);
	if (hasErrors(errors)) return validationError(errors);
	if ((resolved.values.assistant_name as string).includes(SIMULATE_FAILURE)) return message(500, 'Assistant creation failed');
	const { store } = ctx.app;
	const now = Date.now();
	const v = resolved.values;
	const assistant = assistantWithDefaults({
		id: store.nextId('assistant'),
		uuid: uuid(ctx.app.rng),
		user_id: ctx.user.id,
		name: v.assistant_name as string,
		type: v.calls_direction === 'receive' ? 'inbound' : 'outbound',
		mode: v.engine_type as Assistant['mode'],
		voice_id: v.voice_id as number,
		language_id: resolved.languageId as number,
		language: resolved.languageName ?? null,
		llm_model_id: resolved.modelId ?? null,
		timezone: v.timezone as string,
		initial_message: v.initial_message as string,
		system_prompt: v.system_prompt as string,
		created_at: now,
	});
	apply(assistant, resolved);
	store.catalog.assign(assistant.id, assignmentOf(resolved.extras));
	store.assistants.push(assistant);
	return ok({ message: 'Assistant created successfully', data: assistantSummary(assistant) }, 201);
}

export function updateAssistant(ctx: RouteContext): ApiResult {
	const assistant = ctx.app.store.assistantOf(ctx.user.id, ctx.params.id);
	if (!assistant) return message(404, 'Assistant not found');
	const { errors, resolved } = check(ctx, assistant);
	if (hasErrors(errors)) return validationError(errors);
	const name = resolved.values.assistant_name;
	if (typeof name === 'string' && name.includes(SIMULATE_FAILURE)) return message(500, 'Assistant update failed');
	apply(assistant, resolved);
	ctx.app.store.catalog.assign(assistant.id, assignmentOf(resolved.extras));
	assistant.updated_at = Date.now();
	return ok({ message: 'Assistant updated successfully', data: assistantSummary(assistant) });
}

export function listAssistants(ctx: RouteContext): ApiResult {
	const { errors, values } = validate(ctx.query, perPageRules);
	if (hasErrors(errors)) return validationError(errors);
	const perPage = (values.per_page as number | undefined) ?? 10;
	const { store } = ctx.app;
	const items = store.assistantsOf(ctx.user.id).sort((a, b) => a.id - b.id);
	// tool_ids from the catalogue (in assigned order, a deleted tool gone), so a client can add one tool and keep the others
	const record = (a: Assistant) => ({ ...assistantRecord(a), tool_ids: store.catalog.toolIdsOf(a.id) });
	return ok(paginate(items, readPage(ctx.query), perPage, `${ctx.app.baseUrl}/user/assistants/get`, record));
}

export function listOutboundAssistants(ctx: RouteContext): ApiResult {
	const items = ctx.app.store
		.assistantsOf(ctx.user.id)
		.filter((a) => a.type === 'outbound')
		.sort((a, b) => a.id - b.id);
	return ok(items.map(outboundAssistantRecord));
}

/** DELETE /user/assistant/{id} (2026 docs): gone for good; its calls stay in the history. */
export function deleteAssistant(ctx: RouteContext): ApiResult {
	const assistant = ctx.app.store.assistantOf(ctx.user.id, ctx.params.id);
	if (!assistant) return message(404, 'Assistant not found or does not belong to the authenticated user');
	assistant.deleted_at = Date.now();
	return ok({ message: 'Assistant deleted successfully' });
}
