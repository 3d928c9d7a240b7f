/**
 * The polling trigger's parameters. Names and output match the webhook trigger's (event, assistantId,
 * simplify, options.statuses, options.downloadRecording, options.binaryPropertyName), so switching
 * between the two keeps a workflow's expressions working. n8n adds Poll Times itself (polling: true).
 */
import type { INodeProperties } from 'n8n-workflow';

import { FINAL_CALL_STATES } from '../../shared/callStates';
import { recordingBinaryField, recordingLimitFields } from '../../shared/fields';
import { assistantLocator } from '../../shared/locators';

const STATE_NAMES: Record<(typeof FINAL_CALL_STATES)[number], string> = {
	busy: 'Busy',
	completed: 'Completed',
	ended: 'Ended',
	ended_by_assistant: 'Ended by Assistant',
	ended_by_customer: 'Ended by Customer',
	failed: 'Failed',
	'no-answer': 'No Answer',
};

// Not localeCompare: its first call loads ICU collation (~10 ms) while the node is being loaded.
const finalStateOptions = FINAL_CALL_STATES.map((state) => ({ name: STATE_NAMES[state], value: state })).sort((a, b) =>
	a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1,
);

export const classicPollingProperties: INodeProperties[] = [
	{
		displayName:
			'Polls the call list, so n8n needs no public URL (use it on a laptop, a home server or behind a firewall). The Voice Assistant Trigger starts workflows at once but needs a URL the platform can reach.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
	},
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
				description: 'A call ended (found in the call list at the first poll after it ended)',
			},
		],
		default: 'callEnded',
		description:
			'Chat conversations cannot be polled: the conversation list says neither whether nor when a conversation ended. Use the Voice Assistant Trigger for Conversation Ended.',
	},
	// one assistant, or (left empty) all of them: the same locator as the webhook trigger's, not required
	{
		...assistantLocator({ searchListMethod: 'searchAssistants', description: 'The assistant whose calls start this workflow. Leave empty for the calls of all assistants.' }),
		required: false,
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description:
			"Whether to return the Voice Assistant Trigger's flat record (call ID, status, duration, numbers, transcript as text, extracted variables, recording URL, costs) instead of the fields of the platform's post-call notification",
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
				options: finalStateOptions,
				default: [],
				description: 'Only start the workflow for calls that ended in one of these states. Empty means all.',
			},
			{
				displayName: 'Call Types',
				name: 'callTypes',
				type: 'multiOptions',
				options: [
					{ name: 'Campaign', value: 'campaign', description: 'Calls a campaign placed' },
					{ name: 'Inbound', value: 'inbound', description: 'Calls to an assistant (what Inbound Call Completed reports)' },
					{ name: 'Outbound', value: 'outbound', description: 'Calls placed with Make Call, not by a campaign' },
					{ name: 'Web', value: 'web', description: 'Calls from the web widget' },
				],
				default: [],
				description: 'Only start the workflow for calls of these kinds. Empty means all.',
			},
			{
				displayName: 'Download Recording',
				name: 'downloadRecording',
				type: 'boolean',
				default: false,
				description:
					"Whether to download the call recording (MP3) into a binary field of the item. When a call has no recording or the download fails, the workflow still runs and the item's recording_error says why.",
			},
			{
				displayName: 'Include Calls From the Last (Hours)',
				name: 'includeLastHours',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 24 },
				default: 0,
				description:
					"On first activation only: also start the workflow for calls that ended this many hours before the newest call in the list (the platform's clock; 0: only calls that end from now on). Later activations go on where the trigger stopped.",
			},
			recordingBinaryField,
			...recordingLimitFields,
		],
	},
];
