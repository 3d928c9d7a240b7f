/**
 * The polling trigger's parameters from version 3: Account Kind first (as on the action node), the
 * classic parameters unchanged under Classic, and the Platform 2.0 events under Famulor Platform 2.0.
 * Versions 1 and 2 have no Account Kind: their parameters are the classic ones, shown as before.
 * Version 4 picks the Assistant and Campaign from lists and the Channel from the API's channels; version 3
 * keeps its text boxes (same parameter names, so a workflow's values carry over when it is upgraded).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { OPERATIONS as HISTORY_OPERATIONS } from '../../platform2/catalog/generated/history';
import { ACCOUNT_KIND, accountKindField } from '../../shared/accountKinds';
import { platform2Locator } from '../../shared/locators';
import { pollingTriggerProperties } from '../properties';
import { CALL_EVENTS, LEAD_OUTCOMES } from './feeds';
import { NEW_RECORD_EVENTS, NEW_RECORD_LISTS } from './newRecords';

const FROM_V3 = { '@version': [{ _cnd: { gte: 3 } }] };
const ONLY_V3 = { '@version': [3] };
const FROM_V4 = { '@version': [{ _cnd: { gte: 4 } }] };
const ON_PLATFORM2 = { [ACCOUNT_KIND]: ['platform2'] };

export const accountKindProperty: INodeProperties = accountKindField({ show: FROM_V3 });

/** The classic parameters, hidden when Account Kind is Platform 2.0 (versions 1 and 2 have no Account Kind: always shown). */
export const classicPollingProperties: INodeProperties[] = pollingTriggerProperties.map((property) => ({
	...property,
	displayOptions: { ...property.displayOptions, hide: { ...property.displayOptions?.hide, ...ON_PLATFORM2 } },
}));

/** What each outcome the trigger accepts (feeds.ts LEAD_OUTCOMES) is called in the editor. */
const OUTCOME_WORDS: Record<(typeof LEAD_OUTCOMES)[number], { name: string; description: string }> = {
	busy: { name: 'Busy', description: 'The line was busy' },
	completed: { name: 'Completed', description: 'The lead picked up and the call ran to its end' },
	failed: { name: 'Failed', description: 'The call could not be placed or broke off' },
	no_answer: { name: 'Not Answered', description: 'Nobody picked up' },
};

const show = (events: string[], version: IDataObject = {}) => ({ show: { ...ON_PLATFORM2, event2: events, ...version } });

/** Where the assistant, campaign and channel filters show. */
const ASSISTANT_EVENTS = [...CALL_EVENTS, 'campaignLeadOutcome', 'conversationEnded', 'conversationActivity'];
const CAMPAIGN_EVENTS = [...CALL_EVENTS, 'campaignLead', 'campaignLeadOutcome'];
const CHANNEL_EVENTS = ['conversationEnded', 'conversationActivity'];

/** The channels List History filters by (its `type`), as the action node names them. */
const historyType = HISTORY_OPERATIONS.find((op) => op.id === 'listHistory')?.fields.find((field) => field.key === 'type');
export const CHANNELS: ReadonlyArray<{ name: string; value: string }> = (historyType?.options ?? []).map((value, index) => ({
	name: historyType?.optionNames?.[index] ?? String(value),
	value: String(value),
}));

export const platform2PollingProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event2',
		type: 'options',
		noDataExpression: true,
		required: true,
		displayOptions: { show: ON_PLATFORM2 },
		options: [
			{ name: 'Booking Cancelled', value: 'bookingCancelled', description: 'A booking was cancelled (List Bookings)' },
			{ name: 'Booking Completed', value: 'bookingCompleted', description: 'A booked appointment took place (List Bookings, status completed)' },
			{ name: 'Booking Created', value: 'bookingCreated', description: 'A booking was made (List Bookings)' },
			{ name: 'Booking No-Show', value: 'bookingNoShow', description: 'The customer did not come to a booked appointment (List Bookings, status no_show)' },
			{ name: 'Booking Rescheduled', value: 'bookingRescheduled', description: 'A booking was moved to another time; each new time once (List Bookings)' },
			{ name: 'Call Busy', value: 'callBusy', description: 'A call ended because the line was busy (List Calls, status busy)' },
			{ name: 'Call Completed', value: 'callCompleted', description: 'A call ended, in any final status: completed, no answer, busy or failed (List Calls, by last change)' },
			{ name: 'Call Failed', value: 'callFailed', description: 'A call could not be placed or broke off (List Calls, status failed)' },
			{ name: 'Call Not Answered', value: 'callNotAnswered', description: 'Nobody picked up (List Calls, status no_answer)' },
			{ name: 'Conversation Activity', value: 'conversationActivity', description: 'A conversation of any channel changed: a message came in or went out, or its status changed; each change once (List History)' },
			{ name: 'Conversation Ended', value: 'conversationEnded', description: 'A conversation of any channel ended (List History)' },
			{ name: 'New Call', value: 'newCall', description: 'A call was placed or received, once, when it starts (List Calls, by creation)' },
			{ name: 'Campaign Completed', value: 'campaignCompleted', description: 'A campaign called its last lead; each time it completes once (List Campaigns, status completed, read whole)' },
			{
				name: 'Campaign Lead Outcome',
				value: 'campaignLeadOutcome',
				description: "A campaign's call to a lead ended: completed, not answered, busy or failed; each attempt once (List Calls of campaign calls, by last change)",
			},
			{ name: 'Campaign Paused', value: 'campaignPaused', description: 'A running campaign was paused; each pause once (List Campaigns, status paused, read whole)' },
			{ name: 'Campaign Started', value: 'campaignStarted', description: 'A campaign started or resumed calling; each start once (List Campaigns, status running, read whole)' },
			{ name: 'New Campaign Lead', value: 'campaignLead', description: 'A lead was added (List Audience Contacts, created since the last poll)' },
			{ name: 'Scheduled Callback Completed', value: 'callbackCompleted', description: 'A callback an assistant booked was made and ended (List Scheduled Callbacks, status completed)' },
			{ name: 'Scheduled Callback Due', value: 'callbackDue', description: 'The platform began a callback an assistant booked (List Scheduled Callbacks)' },
			...NEW_RECORD_EVENTS.map((event) => ({ name: NEW_RECORD_LISTS[event].label, value: event, description: `${NEW_RECORD_LISTS[event].what} (${NEW_RECORD_LISTS[event].name})` })),
		].sort((a, b) => (a.name < b.name ? -1 : 1)),
		default: 'callCompleted',
	},
	{
		displayName: 'Assistant ID',
		name: 'assistantId2',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f2b8c1e-…',
		description: 'Only this assistant (its UUID). Empty: every assistant.',
		displayOptions: show(ASSISTANT_EVENTS, ONLY_V3),
	},
	{
		...platform2Locator({
			name: 'assistantId2',
			noun: 'Assistant',
			searchListMethod: 'search2Assistant',
			required: false,
			description: "Only this assistant's calls or conversations. Empty: every assistant's.",
		}),
		displayOptions: show(ASSISTANT_EVENTS, FROM_V4),
	},
	{
		displayName: 'Direction',
		name: 'direction',
		type: 'options',
		options: [
			{ name: 'All', value: '' },
			{ name: 'Inbound', value: 'inbound' },
			{ name: 'Outbound', value: 'outbound' },
			{ name: 'Web', value: 'web' },
		],
		default: '',
		description: 'Only calls in this direction',
		displayOptions: show([...CALL_EVENTS]),
	},
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'string',
		default: '',
		placeholder: 'e.g. whatsapp',
		description: "Only conversations of this channel (List History's type: call, email, live_chat, whatsapp, …). Empty: every channel.",
		displayOptions: show(CHANNEL_EVENTS, ONLY_V3),
	},
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		options: [{ name: 'All', value: '' }, ...CHANNELS],
		default: '',
		description: 'Only conversations of this channel (a call, an e-mail, a WhatsApp chat…)',
		displayOptions: show(CHANNEL_EVENTS, FROM_V4),
	},
	{
		displayName: 'Campaign ID',
		name: 'campaignId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f2b8c1e-…',
		description: 'Only calls or leads of this campaign (its UUID). Empty: every campaign.',
		displayOptions: show(CAMPAIGN_EVENTS, ONLY_V3),
	},
	{
		...platform2Locator({ name: 'campaignId', noun: 'Campaign', searchListMethod: 'search2Campaign', required: false, description: "Only this campaign's calls or leads. Empty: every campaign's." }),
		displayOptions: show(CAMPAIGN_EVENTS, FROM_V4),
	},
	{
		displayName: 'Outcome',
		name: 'outcome',
		type: 'options',
		options: [
			{ name: 'Any', value: '', description: 'Every attempt that ended' },
			...LEAD_OUTCOMES.map((value) => ({ value, ...OUTCOME_WORDS[value] })).sort((a, b) => (a.name < b.name ? -1 : 1)),
		],
		default: '',
		description: 'Only attempts that ended this way (List Calls\' status). With retries on the campaign, a lead not reached may be called again: each attempt is its own event.',
		displayOptions: show(['campaignLeadOutcome']),
	},
];
