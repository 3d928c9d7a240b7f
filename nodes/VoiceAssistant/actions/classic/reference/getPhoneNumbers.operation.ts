import { referenceList } from './referenceList';

export const operation = referenceList({
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
