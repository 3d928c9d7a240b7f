/** The editor's fields of the WhatsApp Message Status event (added to every version in ../properties.ts). */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { WHATSAPP_SIGNING_SECRET } from '../../shared/signingSecret';
import { MESSAGE_STATUSES } from './progress';

export const READ_RECEIPTS_EVENT = 'whatsappMessageStatus';

const ONLY_HERE = { show: { '/event': [READ_RECEIPTS_EVENT] } };

export const readReceiptsEventOption: INodePropertyOptions = {
	name: 'WhatsApp Message Status',
	value: READ_RECEIPTS_EVENT,
	description:
		"A WhatsApp message sent through one of your senders was sent, delivered, read, or failed (the sender's read-receipts webhook, signed; set up in the dashboard)",
};

/** There is no API for this webhook: the user copies the URL into the dashboard and the secret into the credential. */
export const readReceiptsNotice: INodeProperties = {
	displayName: `The platform has no API for read receipts, so this trigger registers nothing. In the dashboard, open the WhatsApp sender's read-receipts webhook and paste this trigger's URL (Webhook URLs above: Production URL for the active workflow, Test URL while you listen for a test event), then save and copy the signing secret it shows into this trigger's credential, field "${WHATSAPP_SIGNING_SECRET.property.displayName}". Deliveries with a missing or wrong signature are refused (401).`,
	name: 'readReceiptsNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { event: [READ_RECEIPTS_EVENT] } },
};

const STATUS_NAMES: Record<(typeof MESSAGE_STATUSES)[number], string> = {
	sent: 'Sent',
	delivered: 'Delivered',
	read: 'Read',
	failed: 'Failed',
	undelivered: 'Undelivered',
};

/** Options of the collection, alphabetical with the others. */
export const readReceiptsOptions: INodeProperties[] = [
	{
		displayName: 'Include Test Deliveries',
		name: 'includeTestDeliveries',
		type: 'boolean',
		default: false,
		displayOptions: ONLY_HERE,
		description:
			"Whether the dashboard's test deliveries (test: true, placeholder values) start the active workflow. While you listen for a test event in the editor they always do.",
	},
	{
		displayName: 'Message Statuses',
		name: 'messageStatuses',
		type: 'multiOptions',
		options: MESSAGE_STATUSES.map((status) => ({ name: STATUS_NAMES[status], value: status })).sort((a, b) => (a.name < b.name ? -1 : 1)),
		default: [],
		displayOptions: ONLY_HERE,
		description: 'Only start the workflow for these statuses. Other deliveries are acknowledged and dropped. Empty means all.',
	},
	{
		displayName: 'Sender',
		name: 'sender',
		type: 'string',
		default: '',
		placeholder: 'e.g. 12 or +49 30 555000101',
		displayOptions: ONLY_HERE,
		description: "Only start the workflow for this WhatsApp sender: its ID or its phone number (any format). Empty means any. The signing secret already ties the webhook to one sender; this guards against a URL pasted into another sender's settings.",
	},
];
