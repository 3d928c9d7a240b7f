import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { recordingBinaryField, recordingLimitFields } from '../../shared/fields';
import { assistantLocator } from '../../shared/locators';
import { CALL_STATES } from '../../shared/limits';
import { READ_RECEIPTS_EVENT, readReceiptsEventOption, readReceiptsNotice, readReceiptsOptions } from '../readReceipts/properties';
import { legacyInboundAnswerNotice, legacyRespondFields, respondFields } from './respond';

const STATE_NAMES: Record<(typeof CALL_STATES)[number], string> = {
	initiated: 'Initiated',
	ringing: 'Ringing',
	busy: 'Busy',
	'in-progress': 'In Progress',
	ended: 'Ended',
	completed: 'Completed',
	ended_by_customer: 'Ended by Customer',
	ended_by_assistant: 'Ended by Assistant',
	'no-answer': 'No Answer',
	failed: 'Failed',
};

// Not localeCompare: its first call loads ICU collation (~10 ms) while the node is being loaded.
const callStateOptions: INodePropertyOptions[] = CALL_STATES.map((state) => ({ name: STATE_NAMES[state], value: state })).sort(
	(a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1),
);

/** The properties of version 1 (unchanged for its workflows); later versions add options (triggerPropertiesFor). */
export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		required: true,
		options: [
			{
				name: 'Call Ended',
				value: 'callEnded',
				description: "A call of the assistant ended (the assistant's post-call notification)",
			},
			{
				name: 'Conversation Ended',
				value: 'conversationEnded',
				description: "A chat conversation of the assistant (WhatsApp, web widget) ended (the assistant's conversation-ended notification)",
			},
			{
				name: 'Inbound Call Completed',
				value: 'inboundCallCompleted',
				description:
					"The assistant's inbound-call notification: sent when an inbound call completes, or on some deployments while it rings, before it is connected (answer it with variables through Respond to Webhook)",
			},
			readReceiptsEventOption,
		],
		default: 'callEnded',
	},
	{
		...assistantLocator({ searchListMethod: 'searchAssistants', description: 'The assistant whose calls start this workflow' }),
		// Read receipts belong to a WhatsApp sender, configured in the dashboard, not to an assistant.
		displayOptions: { hide: { event: [READ_RECEIPTS_EVENT] } },
	},
	{
		displayName:
			"While active, this trigger replaces the assistant's post-call webhook URL. Deactivating it restores the previous webhook settings.",
		name: 'callEndedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['callEnded'] } },
	},
	{
		displayName:
			"While active, this trigger replaces the assistant's inbound-call webhook URL. Deactivating it restores the previous one (or turns it off).",
		name: 'inboundNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['inboundCallCompleted'] } },
	},
	legacyInboundAnswerNotice,
	{
		displayName:
			"While active, this trigger replaces the assistant's conversation-ended webhook URL. Deactivating it restores the previous one (or turns it off).",
		name: 'conversationEndedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: ['conversationEnded'] } },
	},
	readReceiptsNotice,
	...legacyRespondFields,
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description:
			'Whether to return a flat record instead of the notification as received: for calls the call ID, status, duration, numbers, transcript as text, extracted variables, recording URL, lead and campaign; for conversations the conversation ID, type, customer, sender, transcript as text and extracted variables; for WhatsApp message statuses the message ID, status, numbers, conversation, assistant, error, time and whether it is a test',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Call Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: callStateOptions,
				default: [],
				displayOptions: { show: { '/event': ['callEnded', 'inboundCallCompleted'] } },
				description:
					'Only start the workflow for calls in one of these states. Other deliveries are acknowledged and dropped. Empty means all.',
			},
			{
				displayName: 'Conversation Types',
				name: 'conversationTypes',
				type: 'multiOptions',
				options: [
					{ name: 'Web Widget', value: 'widget' },
					{ name: 'WhatsApp', value: 'whatsapp' },
				],
				default: [],
				displayOptions: { show: { '/event': ['conversationEnded'] } },
				description: 'Only start the workflow for conversations of these kinds. Other deliveries are acknowledged and dropped. Empty means all.',
			},
			{
				displayName: 'Include Recording',
				name: 'includeRecording',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '/event': ['callEnded'] } },
				description: 'Whether the platform should add the recording URL to the notification (only for assistants that record calls)',
			},
			readReceiptsOptions[0],
			readReceiptsOptions[1],
			{
				displayName: 'Only Completed Calls',
				name: 'onlyCompleted',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '/event': ['callEnded'] } },
				description: 'Whether the platform should notify only about completed calls (busy, unanswered or failed calls are not sent)',
			},
			readReceiptsOptions[2],
		],
	},
];

/**
 * Version 2 adds Download Recording (Call Ended). It needs the recording URL in the notification, so
 * while it is on the trigger registers with include_recording_in_webhook whatever Include Recording
 * says (trigger/classic/lifecycle.ts).
 */
const downloadRecordingOptions: INodeProperties[] = [
	{
		displayName: 'Download Recording',
		name: 'downloadRecording',
		type: 'boolean',
		default: false,
		displayOptions: { show: { '/event': ['callEnded'] } },
		description:
			"Whether to download the call recording (MP3) into a binary field of the item. Turns on the recording URL in the notification by itself. When a call has no recording or the download fails, the workflow still runs and the item's recording_error says why.",
	},
	...[recordingBinaryField, ...recordingLimitFields].map((field) => ({ ...field, displayOptions: { show: { '/event': ['callEnded'], downloadRecording: [true] } } })),
];

// The editor lists a collection's options in this order: alphabetical, like n8n's own nodes.
const byDisplayName = (a: INodeProperties, b: INodeProperties) => (a.displayName.toLowerCase() < b.displayName.toLowerCase() ? -1 : 1);

/** Version 3 answers a ringing call with the last node's item instead of through Respond to Webhook (trigger/classic/respond.ts). */
function withVersion3Respond(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		if (property === legacyInboundAnswerNotice || property.name === 'respondNodeNotice') return [];
		return property.name === 'responseMode' ? respondFields : [property];
	});
}

/** The properties of one version of the trigger. */
export function triggerPropertiesFor(version: number): INodeProperties[] {
	if (version < 2) return triggerProperties;
	const withDownload = triggerProperties.map((property) =>
		property.name === 'options'
			? { ...property, options: [...(property.options as INodeProperties[]), ...downloadRecordingOptions].sort(byDisplayName) }
			: property,
	);
	return version < 3 ? withDownload : withVersion3Respond(withDownload);
}
