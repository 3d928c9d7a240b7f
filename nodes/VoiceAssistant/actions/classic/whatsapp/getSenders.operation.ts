import { requireOneOf } from '../../../shared/validate';
import { listAnswer } from '../../../engine/answers';
import type { Operation } from '../../../engine/operation';

const STATUSES = ['online', 'all'] as const;

/** GET /user/whatsapp/senders?status=online|all → {data: [sender]}: one item per sender. */
export const operation: Operation = {
	value: 'getSenders',
	name: 'Get Senders',
	description: 'List your WhatsApp senders (business numbers)',
	action: 'Get WhatsApp senders',
	fields: [
		{
			displayName: 'Status',
			name: 'senderStatus',
			type: 'options',
			options: [
				{ name: 'Online', value: 'online', description: 'Only senders that can send now' },
				{ name: 'All', value: 'all' },
			],
			default: 'online',
			description: 'Which senders to list',
		},
	],
	prepare(item) {
		const status = requireOneOf(item.node, item.get('senderStatus', 'online'), STATUSES, item.where('Status'));
		return { request: { method: 'GET', path: '/user/whatsapp/senders', qs: { status } } };
	},
	output: (answer, { request }, api) => listAnswer(answer, api, request, 'data'),
};
