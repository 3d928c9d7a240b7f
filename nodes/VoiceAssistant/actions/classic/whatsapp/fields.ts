import type { INodeProperties } from 'n8n-workflow';

import { phoneField } from '../../../shared/fields';
import { recordLocator } from '../../../shared/locators';
import type { ItemParams } from '../../../engine/itemParams';

/** Fields shared by the WhatsApp operations (each defined once). */

export const senderField: INodeProperties = recordLocator({
	name: 'senderId',
	noun: 'sender',
	example: '3',
	searchListMethod: 'searchWhatsAppSenders',
	description: 'Your WhatsApp sender (business number) that sends the message',
});

export const recipientField: INodeProperties = phoneField({
	name: 'recipientPhone',
	displayName: 'Recipient Phone',
	required: true,
	description: "The customer's WhatsApp number; sent in E.164 format",
});

export function readSender(item: ItemParams): number {
	return item.locatorId('senderId', 'Sender');
}

export function readRecipient(item: ItemParams): string {
	return item.phone(item.get('recipientPhone'), 'Recipient Phone');
}

/** The path of a sender's templates (also read by the dropdowns). */
export function templatesPath(senderId: number | string): string {
	return `/user/whatsapp/senders/${encodeURIComponent(String(senderId))}/templates`;
}
