import { referenceList } from './referenceList';

export const operation = referenceList({
	value: 'getLanguages',
	name: 'Get Languages',
	description: 'List the languages an assistant can speak',
	action: 'Get languages',
	path: '/user/assistants/languages',
});
