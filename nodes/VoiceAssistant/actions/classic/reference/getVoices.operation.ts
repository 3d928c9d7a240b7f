import { referenceList } from './referenceList';

/** Public voices and the user's own, optionally of one engine mode. */
export const operation = referenceList({
	value: 'getVoices',
	name: 'Get Voices',
	description: 'List the voices an assistant can use',
	action: 'Get voices',
	path: '/user/assistants/voices',
	filter: {
		displayName: 'Engine Type',
		name: 'mode',
		type: 'options',
		options: [
			{ name: 'All', value: '' },
			{ name: 'Pipeline', value: 'pipeline' },
			{ name: 'Multimodal', value: 'multimodal' },
			{ name: 'Dualplex', value: 'dualplex' },
		],
		default: '',
		description: 'Only voices for this engine type',
	},
});
