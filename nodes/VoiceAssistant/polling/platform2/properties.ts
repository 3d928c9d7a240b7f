/**
 * The polling trigger's Platform 2.0 parameters (version 3 on, Account Kind Famulor Platform 2.0).
 * Version 4 picks the Assistant and Campaign from lists and the Channel from the API's channels; version 3
 * keeps its text boxes (same parameter names, so a workflow's values carry over when it is upgraded).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { OPERATIONS as HISTORY_OPERATIONS } from '../../actions/platform2/catalog/generated/history';
import { ACCOUNT_KIND } from '../../shared/accountKind';
import { platform2Locator } from '../../shared/locators';
import { EVENTS2, LEAD_OUTCOMES, eventsWith, pollingEvent, type Filter } from './events';
import { feedOf } from './feeds';

const ONLY_V3 = { '@version': [3] };
const FROM_V4 = { '@version': [{ _cnd: { gte: 4 } }] };
const ON_PLATFORM2 = { [ACCOUNT_KIND]: ['platform2'] };

/** What each outcome the trigger accepts (events.ts LEAD_OUTCOMES) is called in the editor. */
const OUTCOME_WORDS: Record<(typeof LEAD_OUTCOMES)[number], { name: string; description: string }> = {
	busy: { name: 'Busy', description: 'The line was busy' },
	completed: { name: 'Completed', description: 'The lead picked up and the call ran to its end' },
	failed: { name: 'Failed', description: 'The call could not be placed or broke off' },
	no_answer: { name: 'Not Answered', description: 'Nobody picked up' },
};

/** A filter shows for the events whose row (events.ts) offers it. */
const show = (filter: Filter, version: IDataObject = {}) => ({ show: { ...ON_PLATFORM2, event2: eventsWith(filter), ...version } });

/** The Event options: each row's label and help; a "New …" event's help names its list (feeds.ts: the catalogue's). */
const EVENT_OPTIONS = EVENTS2.map((event) => {
	const row = pollingEvent(event);
	return { name: row.label, value: event, description: 'what' in row ? `${row.help} (${feedOf({ event }).name})` : row.help };
}).sort((a, b) => (a.name < b.name ? -1 : 1));

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
		options: EVENT_OPTIONS,
		default: 'callCompleted',
	},
	{
		displayName: 'Assistant ID',
		name: 'assistantId2',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f2b8c1e-…',
		description: 'Only this assistant (its UUID). Empty: every assistant.',
		displayOptions: show('assistantId', ONLY_V3),
	},
	{
		...platform2Locator({
			name: 'assistantId2',
			noun: 'Assistant',
			searchListMethod: 'searchPlatform2Assistant',
			required: false,
			description: "Only this assistant's calls or conversations. Empty: every assistant's.",
		}),
		displayOptions: show('assistantId', FROM_V4),
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
		displayOptions: show('direction'),
	},
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'string',
		default: '',
		placeholder: 'e.g. whatsapp',
		description: "Only conversations of this channel (List History's type: call, email, live_chat, whatsapp, …). Empty: every channel.",
		displayOptions: show('channel', ONLY_V3),
	},
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		options: [{ name: 'All', value: '' }, ...CHANNELS],
		default: '',
		description: 'Only conversations of this channel (a call, an e-mail, a WhatsApp chat…)',
		displayOptions: show('channel', FROM_V4),
	},
	{
		displayName: 'Campaign ID',
		name: 'campaignId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f2b8c1e-…',
		description: 'Only calls or leads of this campaign (its UUID). Empty: every campaign.',
		displayOptions: show('campaignId', ONLY_V3),
	},
	{
		...platform2Locator({ name: 'campaignId', noun: 'Campaign', searchListMethod: 'searchPlatform2Campaign', required: false, description: "Only this campaign's calls or leads. Empty: every campaign's." }),
		displayOptions: show('campaignId', FROM_V4),
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
		displayOptions: show('outcome'),
	},
];
