import { referenceList } from './referenceList';

export const operation = referenceList({
	value: 'getModels',
	name: 'Get Models',
	description: 'List the LLM models an assistant can use',
	action: 'Get LLM models',
	path: '/user/assistants/models',
});
