import { referenceList } from './referenceList';

export const operation = referenceList({
	value: 'getModels',
	name: 'Get Models',
	description: 'List the LLM models an assistant can use',
	action: 'Get LLM models',
	path: '/user/assistants/models',
	// The 2026 docs add ?type= (default llm); the speech models of the other engines carry a code too.
	filter: {
		displayName: 'Engine Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'LLM (Pipeline)', value: '' },
			{ name: 'Multimodal', value: 'multimodal' },
			{ name: 'Dualplex', value: 'dualplex' },
		],
		default: '',
		description: 'Which kind of model to list: the LLMs of the pipeline engine (the default), or the speech-to-speech models of the multimodal or dualplex engine',
	},
});
