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
];

/** The platform's values are Portuguese; the editor shows English names. */
export const WHO_SPEAKS_FIRST_OPTIONS: INodePropertyOptions[] = [
	{ name: 'AI Assistant', value: 'Assistente de IA', description: 'The assistant opens with its initial message' },
	{ name: 'Customer', value: 'Cliente', description: 'The assistant waits for the customer to speak' },
];

export const ENDPOINT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Voice Activity Detection (VAD)', value: 'vad', description: 'Turn ends after a pause in speech' },
	{ name: 'AI', value: 'ai', description: 'A model decides when the customer has finished' },
];
