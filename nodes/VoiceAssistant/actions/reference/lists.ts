import type { INodeProperties } from 'n8n-workflow';

import { listAnswer } from '../answers';
import type { Operation, Prepared } from '../operation';

/**
 * The reference lists: each a GET answering a bare array (one output item per record), with at most
 * one filter that becomes the query parameter of the same name when set.
 */
function referenceList(options: {
	value: string;
	name: string;
	description: string;
	action: string;
	path: string;
	filter?: INodeProperties;
}): Operation<Prepared> {
	const { filter } = options;
	return {
		value: options.value,
		name: options.name,
		description: options.description,
		action: options.action,
		fields: filter ? [filter] : [],
		prepare(item) {
			const chosen = filter ? String(item.get(filter.name, '')) : '';
			return { request: { method: 'GET', path: options.path, ...(filter && chosen ? { qs: { [filter.name]: chosen } } : {}) } };
		},
		output: (answer, { request }, api) => listAnswer(answer, api, request),
	};
}

export const getModels = referenceList({
	value: 'getModels',
	name: 'Get Models',
	description: 'List the LLM models an assistant can use',
	action: 'Get LLM models',
	path: '/user/assistants/models',
});

export const getLanguages = referenceList({
	value: 'getLanguages',
	name: 'Get Languages',
	description: 'List the languages an assistant can speak',
	action: 'Get languages',
	path: '/user/assistants/languages',
});

/** Public voices and the user's own, optionally of one engine mode. */
export const getVoices = referenceList({
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
		],
		default: '',
		description: 'Only voices for this engine type',
	},
});

export const getPhoneNumbers = referenceList({
	value: 'getPhoneNumbers',
	name: 'Get Phone Numbers',
	description: 'List your phone numbers',
	action: 'Get phone numbers',
	path: '/user/assistants/phone-numbers',
	filter: {
		displayName: 'Usable For',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'All', value: '', description: 'All your numbers' },
			{ name: 'Inbound', value: 'inbound', description: 'Numbers an inbound assistant can take (no caller-ID numbers, none already assigned)' },
			{ name: 'Outbound', value: 'outbound', description: 'Numbers for outbound calls' },
		],
		default: '',
		description: 'Which of your phone numbers to list',
	},
});
