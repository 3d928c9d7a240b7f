import type { IDataObject } from 'n8n-workflow';

import type { Operation } from '../../../engine/operation';
import { readRecipient, readSender, recipientField, senderField } from './fields';
import { readSession, sessionCall, sessionStatus } from './session';

/** Whether the 24-hour session with a customer is open (free-form allowed) or a template is needed. */
export const operation: Operation = {
	value: 'getSessionStatus',
	name: 'Get Session Status',
	description: 'Check whether the 24-hour WhatsApp session with a customer is open (free-form messages allowed)',
	action: 'Get WhatsApp session status',
	defaultCountry: true,
	fields: [senderField, recipientField],
	prepare: (item) => ({ request: sessionCall(readSender(item), readRecipient(item)) }),
	send: async (prepared, api) => await readSession(api, prepared.request),
	output(answer, { request }) {
		const record = answer as IDataObject;
		const status = sessionStatus(record);
		return [
			{
				sender_id: request.qs?.sender_id,
				recipient_phone: request.qs?.recipient_phone,
				is_open: status.is_open === true,
				can_send_freeform: status.can_send_freeform === true,
				...record,
			},
		];
	},
};
