import { requireOneOf } from '../../../shared/validate';
import { listAnswer } from '../../../engine/answers';
import type { Operation } from '../../../engine/operation';
import { readSender, senderField, templatesPath } from './fields';

const STATUSES = ['approved', 'all'] as const;

/** GET /user/whatsapp/senders/{id}/templates?status=approved|all → {data: [template]}: one item per template. */
export const operation: Operation = {
	value: 'getTemplates',
	name: 'Get Templates',
	description: 'List the message templates of a WhatsApp sender, with their variables',
	action: 'Get WhatsApp templates',
	fields: [
		senderField,
		{
			displayName: 'Status',
			name: 'templateStatus',
			type: 'options',
			options: [
				{ name: 'Approved', value: 'approved', description: 'Only templates WhatsApp approved (the ones that can be sent)' },
				{ name: 'All', value: 'all' },
			],
			default: 'approved',
			description: 'Which templates to list',
		},
	],
	prepare(item) {
		const senderId = readSender(item);
		const status = requireOneOf(item.node, item.get('templateStatus', 'approved'), STATUSES, item.where('Status'));
		return { request: { method: 'GET', path: templatesPath(senderId), qs: { status }, notFound: `WhatsApp sender ${senderId}` } };
	},
	output: (answer, { request }, api) => listAnswer(answer, api, request, 'data'),
};
