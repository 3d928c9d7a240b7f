/** Settings an assistant gets when the create request leaves optional fields out. */
import type { Assistant } from './records';

export const DEFAULT_FILLER_CONFIG: Assistant['filler_config'] = {
	neutral: ['Okay.', 'I see.', 'Let me check that.'],
	negative: ['I understand.', 'I am sorry to hear that.'],
	positive: ['Great!', 'Wonderful.'],
	question: ['Good question.', 'Let me think.'],
};

export const DEFAULT_WIDGET_SETTINGS = {
	theme: 'light',
	position: 'bottom-right',
	primary_color: '#4f46e5',
	button_text: 'Talk to us',
};

type Required = Pick<
	Assistant,
	| 'id'
	| 'uuid'
	| 'user_id'
	| 'name'
	| 'type'
	| 'mode'
	| 'voice_id'
	| 'language_id'
	| 'language'
	| 'llm_model_id'
	| 'timezone'
	| 'initial_message'
	| 'system_prompt'
	| 'created_at'
>;

export function assistantWithDefaults(fields: Required & Partial<Assistant>): Assistant {
	return {
		status: 'active',
		phone_number_id: null,
		multimodal_model_id: null,
		engine_id: null,
		synthesizer_id: null,
		transcriber_id: null,
		instance_id: null,
		transcriber_provider_id: null,
		synthesizer_provider_id: null,
		flows_platform_id: null,
		knowledgebase_id: null,
		knowledgebase_mode: 'function_call',
		variables: {},
		post_call_evaluation: false,
		post_call_schema: [],
		tools: [],
		fillers: 0,
		filler_config: structuredClone(DEFAULT_FILLER_CONFIG),
		is_webhook_active: false,
		webhook_url: null,
		inbound_webhook_url: null,
		conversation_ended_webhook_url: null,
		send_webhook_only_on_completed: false,
		include_recording_in_webhook: false,
		max_duration: 600,
		record: false,
		max_silence_duration: 30,
		reengagement_interval: 20,
		end_call_on_voicemail: 0,
		llm_temperature: '0.20',
		voice_stability: '0.50',
		voice_similarity: '0.75',
		speech_speed: '1.00',
		ambient_sound: 'none',
		ambient_sound_volume: '0.50',
		allow_interruptions: true,
		enable_noise_cancellation: false,
		endpoint_sensitivity: 0.5,
		interrupt_sensitivity: 0.5,
		endpoint_type: 'vad',
		min_interrupt_words: 0,
		wait_for_customer: false,
		widget_settings: structuredClone(DEFAULT_WIDGET_SETTINGS),
		updated_at: fields.created_at,
		deleted_at: null,
		...fields,
	};
}
