import { ASSISTANT_RANGES, MAX_LENGTH } from '../../../../shared/limits';
import { DIRECTION_OPTIONS, ENDPOINT_TYPE_OPTIONS, ENGINE_OPTIONS, WHO_SPEAKS_FIRST_OPTIONS } from './options';
import type { Spec } from './spec';
import { SPECS_2026 } from './specs2026';

/**
 * Every field of the assistant create/update request, described once as data: its editor name, its
 * request key and its kind (fields/kinds.ts says how each kind looks in the editor and how its value
 * is checked and sent).
 */

/** The fields the platform requires on create, in the order its UI asks for them. */
export const REQUIRED_SPECS: Spec[] = [
	{
		name: 'name',
		key: 'assistant_name',
		displayName: 'Name',
		kind: 'text',
		required: true,
		maxLength: MAX_LENGTH.assistant_name,
		description: `Name of the assistant (at most ${MAX_LENGTH.assistant_name} characters)`,
	},
	{
		name: 'callsDirection',
		key: 'calls_direction',
		displayName: 'Direction',
		kind: 'options',
		required: true,
		options: DIRECTION_OPTIONS,
		optionDefault: 'make',
		description: 'Whether the assistant answers calls (inbound) or places them (outbound)',
	},
	{
		name: 'engineType',
		key: 'engine_type',
		displayName: 'Engine Type',
		kind: 'options',
		required: true,
		options: ENGINE_OPTIONS,
		description: 'The engine mode; it decides which voices are available',
	},
	{
		name: 'voiceId',
		key: 'voice_id',
		displayName: 'Voice Name or ID',
		kind: 'voice',
		required: true,
		description:
			'The voice the assistant speaks with; the list shows the voices of the chosen engine type. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'language',
		key: 'language',
		displayName: 'Language Name or ID',
		kind: 'nameFromList',
		loadOptionsMethod: 'getLanguages',
		required: true,
		maxLength: MAX_LENGTH.language,
		description:
			'The language the assistant speaks (sent by name, e.g. German). Choose from the list, or specify a name using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'llmModel',
		key: 'llm_model',
		displayName: 'LLM Model Name or ID',
		kind: 'nameFromList',
		loadOptionsMethod: 'getModels',
		dependsOnEngine: true,
		required: true,
		maxLength: MAX_LENGTH.llm_model,
		description:
			'The model behind the assistant (sent by name): an LLM for the pipeline engine, a speech model of the multimodal or dualplex engine. Choose from the list, or specify a name using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'timezone',
		key: 'timezone',
		displayName: 'Timezone Name or ID',
		kind: 'timezone',
		required: true,
		description:
			'Time zone the assistant works in, e.g. Europe/Berlin. Choose from the list, or specify a name using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'initialMessage',
		key: 'initial_message',
		displayName: 'Initial Message',
		kind: 'text',
		required: true,
		rows: 2,
		description: 'The first thing the assistant says when a call starts',
	},
	{
		name: 'systemPrompt',
		key: 'system_prompt',
		displayName: 'System Prompt',
		kind: 'text',
		required: true,
		rows: 6,
		description: "Defines the assistant's behaviour: role, goals, tone and what to collect",
	},
];

/** Optional fields, alphabetical by display name (as n8n lists collection options). */
export const OPTIONAL_SPECS: Spec[] = [
	{
		name: 'allowInterruptions',
		key: 'allow_interruptions',
		displayName: 'Allow Interruptions',
		kind: 'boolean',
		description: 'Whether the customer can interrupt the assistant while it speaks',
	},
	range('ambientSoundVolume', 'ambient_sound_volume', 'Ambient Sound Volume', 'Volume of the background sound, 0 (silent) to 1', 0.5),
	{
		name: 'endCallOnVoicemail',
		key: 'end_call_on_voicemail',
		displayName: 'End Call on Voicemail',
		kind: 'boolean',
		description: 'Whether to hang up when a voicemail box answers',
	},
	{
		name: 'endCallToolDescription',
		key: 'end_call_tool.description',
		displayName: 'End Call Tool Description',
		kind: 'text',
		maxLength: MAX_LENGTH['end_call_tool.description'],
		rows: 2,
		description: `When the assistant should end the call, in words the model follows (at most ${MAX_LENGTH['end_call_tool.description']} characters)`,
	},
	range('endpointSensitivity', 'endpoint_sensitivity', 'Endpoint Sensitivity', 'How quickly a pause counts as the end of the customer\'s turn, 0 to 5', 0.5),
	{
		name: 'endpointType',
		key: 'endpoint_type',
		displayName: 'Endpoint Type',
		kind: 'options',
		options: ENDPOINT_TYPE_OPTIONS,
		description: "How the end of the customer's turn is detected",
	},
	{
		name: 'fillerAudios',
		key: 'filler_audios',
		displayName: 'Filler Audios',
		kind: 'boolean',
		description: 'Whether the assistant plays short fillers ("Okay.", "Let me check.") while it thinks',
	},
	{
		name: 'includeRecordingInWebhook',
		key: 'include_recording_in_webhook',
		displayName: 'Include Recording in Webhook',
		kind: 'boolean',
		description: 'Whether the post-call webhook carries the recording URL',
	},
	range('interruptSensitivity', 'interrupt_sensitivity', 'Interrupt Sensitivity', 'How easily speech from the customer interrupts the assistant, 0 to 5', 0.5),
	range('llmTemperature', 'llm_temperature', 'LLM Temperature', 'Randomness of the model, 0 (focused) to 1 (creative)', 0.2),
	range('maxCallDuration', 'max_call_duration', 'Max Call Duration (Seconds)', 'Calls end after this many seconds (20-1200)', 600),
	range('maxSilenceDuration', 'max_silence_duration', 'Max Silence Duration (Seconds)', 'Calls end after this many seconds of silence (1-120)', 30),
	range('minInterruptWords', 'min_interrupt_words', 'Min Interrupt Words', 'Words the customer must say before the assistant stops talking (0-10); used with Use Min Interrupt Words', 2),
	{
		name: 'noiseCancellation',
		key: 'noise_cancellation',
		displayName: 'Noise Cancellation',
		kind: 'boolean',
		description: 'Whether background noise on the line is filtered out',
	},
	{
		name: 'phoneNumberId',
		key: 'phone_number_id',
		displayName: 'Phone Number Name or ID',
		kind: 'phoneNumberId',
		description:
			'The phone number the assistant uses. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		name: 'postCallEvaluation',
		key: 'post_call_evaluation',
		displayName: 'Post-Call Evaluation',
		kind: 'boolean',
		description: 'Whether each call is evaluated after it ends (fills the Post-Call Schema)',
	},
	{
		name: 'postCallSchema',
		key: 'post_call_schema',
		displayName: 'Post-Call Schema',
		kind: 'postCallSchema',
		description: 'Values to extract from every call, e.g. appointment_date or interested',
	},
	{
		name: 'isWebhookActive',
		key: 'is_webhook_active',
		displayName: 'Post-Call Webhook Active',
		kind: 'boolean',
		description: 'Whether the platform notifies Post-Call Webhook URL after each call (the URL is then required)',
	},
	{
		name: 'webhookUrl',
		key: 'webhook_url',
		displayName: 'Post-Call Webhook URL',
		kind: 'url',
		description: 'Where post-call notifications are sent, e.g. the URL of a Voice Assistant Trigger',
	},
	range('reEngagementInterval', 're_engagement_interval', 'Re-Engagement Interval (Seconds)', 'After this many seconds of silence the assistant speaks up again (7-600)', 20),
	{
		name: 'recordCall',
		key: 'record_call',
		displayName: 'Record Call',
		kind: 'boolean',
		description: 'Whether calls are recorded',
	},
	{
		name: 'sendWebhookOnlyOnCompleted',
		key: 'send_webhook_only_on_completed',
		displayName: 'Send Webhook Only on Completed Calls',
		kind: 'boolean',
		description: 'Whether the post-call webhook is sent only for calls that completed',
	},
	range('speechSpeed', 'speech_speed', 'Speech Speed', 'How fast the assistant speaks, 0.7 to 1.2 (1 is normal)', 1),
	{
		name: 'useMinInterruptWords',
		key: 'use_min_interrupt_words',
		displayName: 'Use Min Interrupt Words',
		kind: 'boolean',
		description: 'Whether an interruption needs at least Min Interrupt Words words',
	},
	{
		name: 'variables',
		key: 'variables',
		displayName: 'Variables',
		kind: 'variables',
		description: 'Custom variables the prompts can use, e.g. company_name',
	},
	...SPECS_2026,
	range('voiceSimilarity', 'voice_similarity', 'Voice Similarity', 'How closely the voice follows the original, 0 to 1', 0.75),
	range('voiceStability', 'voice_stability', 'Voice Stability', 'How steady the voice sounds, 0 (expressive) to 1 (stable)', 0.5),
	{
		name: 'whoSpeaksFirst',
		key: 'who_speaks_first',
		displayName: 'Who Speaks First',
		kind: 'options',
		options: WHO_SPEAKS_FIRST_OPTIONS,
		description: 'Whether the assistant or the customer opens the conversation',
	},
];

function range(
	name: string,
	key: keyof typeof ASSISTANT_RANGES,
	displayName: string,
	description: string,
	numberDefault: number,
): Spec {
	return { name, key, displayName, kind: 'number', rangeKey: key, description, numberDefault };
}

// Not localeCompare: its first call loads ICU collation (~10 ms) while the node is being loaded.
OPTIONAL_SPECS.sort((a, b) => (a.displayName.toLowerCase() < b.displayName.toLowerCase() ? -1 : 1));

export const ALL_SPECS = [...REQUIRED_SPECS, ...OPTIONAL_SPECS];
export const SPEC_BY_NAME = new Map(ALL_SPECS.map((spec) => [spec.name, spec]));
