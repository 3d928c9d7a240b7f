import { MAX_LENGTH } from '../../../../shared/limits';
import { AMBIENT_SOUND_OPTIONS, KNOWLEDGE_BASE_MODE_OPTIONS } from './options';
import type { Spec } from './spec';

/**
 * The assistant fields the 2026 docs add (docs/platform-facts.md, "Assistant body keys of the two generations"): they carry
 * knowledge bases, mid-call tools, folders and labels, providers and the rest. Hosts of the
 * reference's generation ignore them. Alphabetical order comes from OPTIONAL_SPECS.
 */
/** Said in each description: only hosts of the 2026 generation know these fields. */
const NEW = ' (2026 docs; hosts of the older generation ignore it)';
const CHOOSE = ' Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

function range(name: string, key: string, displayName: string, description: string, numberDefault: number, extra: Partial<Spec> = {}): Spec {
	return { name, key, displayName, kind: 'number', rangeKey: key as Spec['rangeKey'], description: description + NEW, numberDefault, ...extra };
}

function list(name: string, key: string, displayName: string, method: string, description: string, extra: Partial<Spec> = {}): Spec {
	return { name, key, displayName, kind: 'idFromList', loadOptionsMethod: method, description: description + NEW + CHOOSE, ...extra };
}

function several(name: string, key: string, displayName: string, method: string, description: string): Spec {
	return { name, key, displayName, kind: 'idsFromList', loadOptionsMethod: method, description: description + NEW + CHOOSE };
}

export const SPECS_2026: Spec[] = [
	{
		name: 'ambientSound',
		key: 'ambient_sound',
		displayName: 'Ambient Sound',
		kind: 'options',
		options: AMBIENT_SOUND_OPTIONS,
		description: 'Background sound on the line' + NEW,
	},
	{
		name: 'builtInTools',
		key: 'tools',
		displayName: 'Built-In Tools (JSON)',
		kind: 'builtInTools',
		description:
			'The built-in tools as a JSON array of objects with a "type" (call_transfer, warm_call_transfer, end_call, dtmf_input, collect_keypad, calendar_integration, assistant_transfer) and its settings; replaces all of them' +
			NEW,
	},
	list('chatLlmFallbackId', 'chat_llm_fallback_id', 'Chat LLM Fallback Name or ID', 'getModelIds', 'The model that answers chats when the main one fails.'),
	range('conversationInactivityTimeout', 'conversation_inactivity_timeout', 'Conversation Inactivity Timeout (Minutes)', 'A chat conversation ends after this many minutes without a message (1-1440)', 30, { createOnly: true }),
	{
		name: 'conversationEndedRetrigger',
		key: 'conversation_ended_retrigger',
		displayName: 'Conversation Ended Retrigger',
		kind: 'boolean',
		description: 'Whether the conversation-ended webhook fires again when an ended conversation continues' + NEW,
		createOnly: true,
	},
	{
		name: 'conversationEndedWebhookUrl',
		key: 'conversation_ended_webhook_url',
		displayName: 'Conversation Ended Webhook URL',
		kind: 'url',
		description: 'Where ended chat conversations are posted (HTTPS)' + NEW,
		createOnly: true,
	},
	list('folderId', 'folder_id', 'Folder Name or ID', 'getFolders', 'The folder the assistant is filed in (one per assistant).'),
	list('knowledgeBaseId', 'knowledgebase_id', 'Knowledge Base Name or ID', 'getKnowledgeBases', 'The knowledge base the assistant answers from.'),
	{
		name: 'knowledgeBaseMode',
		key: 'knowledgebase_mode',
		displayName: 'Knowledge Base Mode',
		kind: 'options',
		options: KNOWLEDGE_BASE_MODE_OPTIONS,
		description: 'How the assistant uses its knowledge base; multimodal and dualplex assistants need Function Call' + NEW,
	},
	several('labelIds', 'label_ids', 'Label Names or IDs', 'getLabels', 'Labels of the assistant; replaces its labels.'),
	range('maxInitialSilenceDuration', 'max_initial_silence_duration', 'Max Initial Silence Duration (Seconds)', 'The call ends when nobody speaks for this many seconds after it connects (1-120)', 30),
	several('toolIds', 'tool_ids', 'Mid-Call Tool Names or IDs', 'getTools', 'Mid-call tools the assistant may use; replaces its tools.'),
	{
		name: 'reengagementPrompt',
		key: 'reengagement_prompt',
		displayName: 'Re-Engagement Prompt',
		kind: 'text',
		rows: 2,
		maxLength: MAX_LENGTH.reengagement_prompt,
		description: `What the assistant says to win back a silent customer (at most ${MAX_LENGTH.reengagement_prompt} characters)` + NEW,
	},
	range('ringingTime', 'ringing_time', 'Ringing Time (Seconds)', 'How long an outbound call rings before it counts as not answered (1-60)', 30),
	several('secondaryLanguageIds', 'secondary_language_ids', 'Secondary Language Names or IDs', 'getLanguageIds', 'Further languages the assistant understands; replaces them.'),
	list('transcriberProviderId', 'transcriber_provider_id', 'Transcriber Provider Name or ID', 'getTranscriberProviders', 'The speech-to-text provider (pipeline engine).'),
	{
		name: 'ttsEmotionEnabled',
		key: 'tts_emotion_enabled',
		displayName: 'TTS Emotion',
		kind: 'boolean',
		description: 'Whether the voice expresses emotion' + NEW,
	},
	range('turnDetectionThreshold', 'turn_detection_threshold', 'Turn Detection Threshold', 'How sure the model must be that the customer finished speaking, 0 to 1', 0.5),
	list('synthesizerProviderId', 'synthesizer_provider_id', 'Voice Provider Name or ID', 'getSynthesizerProviders', 'The text-to-speech provider (pipeline and dualplex engines).'),
	{
		name: 'voiceMailMessage',
		key: 'voice_mail_message',
		displayName: 'Voicemail Message',
		kind: 'text',
		rows: 2,
		maxLength: MAX_LENGTH.voice_mail_message,
		description: `What the assistant leaves on a voicemail box (at most ${MAX_LENGTH.voice_mail_message} characters)` + NEW,
	},
];
