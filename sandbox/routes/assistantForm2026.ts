/**
 * The assistant body as the 2026 docs write it (docs/platform-facts.md, "Assistant
 * body keys of the two generations"): `name`, `language_id`, `llm_model_id` | `multimodal_model_id`, `type`
 * (inbound|outbound), `mode` (pipeline|multimodal|dualplex), plus the fields that carry knowledge
 * bases, tools, folders and the rest. Accounts of the 2026 generation read this form and ignore the
 * reference's keys (as Laravel ignores keys it has no rule for); it is translated into the
 * reference's form, so both generations share one set of checks and one record.
 */
import type { RouteContext } from '../http';
import { SPEECH_MODELS, SYNTHESIZER_PROVIDERS, TRANSCRIBER_PROVIDERS } from '../providers';
import { validate, type Errors, type Rules } from '../validation';

const bool = { type: 'boolean' } as const;
const id = { type: 'integer', nullable: true } as const;

/** The keys of the 2026 form that the reference spells differently. */
const RENAMED: Rules = {
	name: { type: 'string', required: true, max: 255 },
	language_id: { type: 'integer', required: true },
	type: { type: 'string', required: true, in: ['inbound', 'outbound'] },
	mode: { type: 'string', required: true, in: ['pipeline', 'multimodal', 'dualplex'] },
	llm_model_id: { type: 'integer' },
	multimodal_model_id: { type: 'integer' },
};

/** Fields only the 2026 docs list; stored as given (`extras` on the record). */
const EXTRA_RULES: Rules = {
	knowledgebase_id: id,
	knowledgebase_mode: { type: 'string', in: ['function_call', 'prompt'] },
	tool_ids: { type: 'array' },
	tools: { type: 'array' },
	folder_id: id,
	label_ids: { type: 'array' },
	secondary_language_ids: { type: 'array' },
	synthesizer_provider_id: id,
	transcriber_provider_id: id,
	chat_llm_fallback_id: id,
	turn_detection_threshold: { type: 'number', between: [0, 1] },
	tts_emotion_enabled: bool,
	ringing_time: { type: 'integer', between: [1, 60] },
	max_initial_silence_duration: { type: 'integer', between: [1, 120] },
	reengagement_prompt: { type: 'string', max: 1000, nullable: true },
	voice_mail_message: { type: 'string', max: 1000, nullable: true },
	ambient_sound: { type: 'string', in: ['off', 'office', 'city', 'forest', 'crowded_room', 'cafe', 'nature'] },
	conversation_inactivity_timeout: { type: 'integer', between: [1, 1440] },
	conversation_ended_retrigger: bool,
	conversation_ended_webhook_url: { type: 'url', nullable: true },
};

const REFERENCE_ONLY = ['assistant_name', 'language', 'llm_model', 'calls_direction', 'engine_type'];

export interface Translated {
	/** the same request in the reference's keys */
	body: Record<string, unknown>;
	errors: Errors;
	extras: Record<string, unknown>;
}

/** A 2026 body → the reference's keys (names looked up from IDs), with the errors of the 2026 rules. */
export function fromForm2026(ctx: RouteContext, partial: boolean): Translated {
	const incoming = Object.fromEntries(Object.entries(ctx.body).filter(([key]) => !REFERENCE_ONLY.includes(key)));
	const { errors, values } = validate(incoming, { ...RENAMED, ...EXTRA_RULES }, { partial });
	const fail = (field: string, text: string) => (errors[field] ??= []).push(text);
	const { store } = ctx.app;
	const body: Record<string, unknown> = { ...incoming };
	for (const key of Object.keys(RENAMED)) delete body[key];
	for (const key of Object.keys(EXTRA_RULES)) delete body[key];
	if (values.name !== undefined) body.assistant_name = values.name;
	if (values.type !== undefined) body.calls_direction = values.type === 'inbound' ? 'receive' : 'make';
	if (values.mode !== undefined) body.engine_type = values.mode;
	if (typeof values.language_id === 'number') {
		const language = store.languages.find((l) => l.id === values.language_id);
		if (language) body.language = language.name;
		else fail('language_id', 'The selected language id is invalid.');
	}
	const speech = values.mode === 'multimodal' || values.mode === 'dualplex';
	if (speech && !partial && values.multimodal_model_id === undefined) fail('multimodal_model_id', 'The multimodal model id field is required.');
	if (values.mode === 'pipeline' && !partial && values.llm_model_id === undefined) fail('llm_model_id', 'The llm model id field is required when mode is pipeline.');
	if (typeof values.llm_model_id === 'number') {
		const model = store.models.find((m) => m.id === values.llm_model_id);
		if (model) body.llm_model = model.name;
		else fail('llm_model_id', 'The selected llm model id is invalid.');
	}
	if (typeof values.multimodal_model_id === 'number') {
		const model = [...SPEECH_MODELS.multimodal, ...SPEECH_MODELS.dualplex].find((m) => m.id === values.multimodal_model_id);
		// The record keeps an LLM as its model; a speech model is kept among the extras.
		if (!model) fail('multimodal_model_id', 'The selected multimodal model id is invalid.');
	}
	checkExtras(ctx, values, fail);
	const extras = Object.fromEntries(Object.keys(EXTRA_RULES).filter((key) => key in values).map((key) => [key, values[key]]));
	if (typeof values.multimodal_model_id === 'number') extras.multimodal_model_id = values.multimodal_model_id;
	return { body, errors, extras };
}

function checkExtras(ctx: RouteContext, values: Record<string, unknown>, fail: (field: string, text: string) => void): void {
	const { store } = ctx.app;
	const ids = (key: string, known: (n: number) => boolean) => {
		const list = values[key];
		if (Array.isArray(list) && list.some((n) => typeof n !== 'number' || !known(n))) fail(key, `The selected ${key.replace(/_/g, ' ')} is invalid.`);
	};
	ids('secondary_language_ids', (n) => store.languages.some((l) => l.id === n));
	if (typeof values.synthesizer_provider_id === 'number' && !SYNTHESIZER_PROVIDERS.some((p) => p.id === values.synthesizer_provider_id))
		fail('synthesizer_provider_id', 'The selected synthesizer provider id is invalid.');
	if (typeof values.transcriber_provider_id === 'number' && !TRANSCRIBER_PROVIDERS.some((p) => p.id === values.transcriber_provider_id))
		fail('transcriber_provider_id', 'The selected transcriber provider id is invalid.');
	if (values.knowledgebase_mode === 'prompt' && (values.mode === 'multimodal' || values.mode === 'dualplex'))
		fail('knowledgebase_mode', 'The prompt knowledge base mode is only available for pipeline assistants.');
	const tools = values.tools;
	const builtIn = ['call_transfer', 'warm_call_transfer', 'end_call', 'dtmf_input', 'collect_keypad', 'calendar_integration', 'assistant_transfer'];
	if (Array.isArray(tools) && tools.some((t) => typeof t !== 'object' || t === null || !builtIn.includes((t as { type?: string }).type ?? '')))
		fail('tools', 'The selected tools type is invalid.');
}
