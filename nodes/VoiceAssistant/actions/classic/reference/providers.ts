import type { INodeProperties } from 'n8n-workflow';

import type { Operation, Prepared } from '../../../engine/operation';
import { referenceList } from './referenceList';

const languageFilter: INodeProperties = {
	displayName: 'Language Name or ID',
	name: 'language_id',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getLanguageIds' },
	default: '',
	description:
		'Only providers for this language; leave empty for all. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/**
 * Voice (synthesizer) and transcriber providers (2026 docs): GET /user/assistants/<kind>-providers
 * → [{id, name, code}], bare or as {data: [...]} (the docs show both). Their IDs go into an
 * assistant's Voice Provider / Transcriber Provider, for the pipeline and dualplex engines.
 */
export function providerList(kind: 'synthesizer' | 'transcriber'): Operation<Prepared> {
	const noun = kind === 'synthesizer' ? 'Voice' : 'Transcriber';
	return referenceList({
		value: kind === 'synthesizer' ? 'getSynthesizerProviders' : 'getTranscriberProviders',
		name: `Get ${noun} Providers`,
		description:
			kind === 'synthesizer'
				? 'List the text-to-speech providers an assistant of the pipeline or dualplex engine can use'
				: 'List the speech-to-text providers an assistant of the pipeline engine can use',
		action: `Get ${noun.toLowerCase()} providers`,
		path: `/user/assistants/${kind}-providers`,
		filter: languageFilter,
		listKey: 'data',
	});
}
