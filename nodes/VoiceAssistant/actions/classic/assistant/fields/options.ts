import type { INodePropertyOptions } from 'n8n-workflow';

/** The fixed choices of assistant fields; the platform's values, English names in the editor. */

/** A value that removes the phone-number assignment on update (sent as null). */
export const REMOVE_PHONE_NUMBER = 'remove';

export const DIRECTION_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Inbound (Receives Calls)', value: 'receive', description: 'Answers calls to its phone number' },
	{ name: 'Outbound (Makes Calls)', value: 'make', description: 'Places calls, alone or in campaigns' },
];

export const ENGINE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Pipeline',
		value: 'pipeline',
		description: 'Speech-to-text, then the LLM, then text-to-speech: most control over voice and model',
	},
	{
		name: 'Multimodal',
		value: 'multimodal',
		description: 'One speech-to-speech model: lowest latency',
	},
	{
		name: 'Dualplex',
		value: 'dualplex',
		description: 'A speech-to-speech model with a separate voice (2026 docs; hosts of that generation only)',
	},
];

export const KNOWLEDGE_BASE_MODE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Function Call', value: 'function_call', description: 'The assistant looks things up when it needs them (every engine)' },
	{ name: 'Prompt', value: 'prompt', description: 'The knowledge goes into the prompt (pipeline engine only)' },
];

export const AMBIENT_SOUND_OPTIONS: INodePropertyOptions[] = ['off', 'office', 'city', 'forest', 'crowded_room', 'cafe', 'nature'].map((value) => ({
	name: value === 'off' ? 'Off' : value.replace('_', ' ').replace(/^./, (c) => c.toUpperCase()),
	value,
}));

/** The platform's values are Portuguese; the editor shows English names. */
export const WHO_SPEAKS_FIRST_OPTIONS: INodePropertyOptions[] = [
	{ name: 'AI Assistant', value: 'Assistente de IA', description: 'The assistant opens with its initial message' },
	{ name: 'Customer', value: 'Cliente', description: 'The assistant waits for the customer to speak' },
];

export const ENDPOINT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Voice Activity Detection (VAD)', value: 'vad', description: 'Turn ends after a pause in speech' },
	{ name: 'AI', value: 'ai', description: 'A model decides when the customer has finished' },
];
