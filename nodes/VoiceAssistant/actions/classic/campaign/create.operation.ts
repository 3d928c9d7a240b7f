import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { accountPhoneNumbersField } from '../../../shared/fields';
import { assistantLocator } from '../../../shared/locators';
import { writeResult, dataAnswer } from '../../../engine/answers';
import { CAMPAIGN_RANGES, WEEKDAYS } from '../../../shared/limits';
import { checkRange, optionalText, requireBoolean, requireId, requireText, requireTimeOfDay, requireTimezone, shown } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';
import type { Operation, Prepared } from '../../../engine/operation';

const capitalised = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

const fields: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Spring Promotion',
		description: 'The name of the new campaign',
	},
	assistantLocator({ searchListMethod: 'searchOutboundAssistants', description: 'The outbound assistant that calls the campaign\'s leads' }),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Fields left out keep the platform\'s defaults',
		options: [
			{
				displayName: 'Allowed Days',
				name: 'allowedDays',
				type: 'multiOptions',
				options: WEEKDAYS.map((day) => ({ name: capitalised(day), value: day })),
				default: [],
				description: 'The days of the week on which leads are called',
			},
			{
				displayName: 'Calling Hours End',
				name: 'allowedHoursEndTime',
				type: 'string',
				default: '',
				placeholder: 'e.g. 18:00',
				description: 'Time of day (HH:MM, 24 hours, in the campaign\'s time zone) after which no calls start',
			},
			{
				displayName: 'Calling Hours Start',
				name: 'allowedHoursStartTime',
				type: 'string',
				default: '',
				placeholder: 'e.g. 09:00',
				description: 'Time of day (HH:MM, 24 hours, in the campaign\'s time zone) from which calls start',
			},
			{
				displayName: 'Goal Completion Variable',
				name: 'goalCompletionVariable',
				type: 'string',
				default: '',
				placeholder: 'e.g. appointment_booked',
				description: 'The extracted variable (from the assistant\'s post-call schema) that says whether a call reached its goal',
			},
			{
				displayName: 'Mark Complete When No Leads',
				name: 'markCompleteWhenNoLeads',
				type: 'boolean',
				default: false,
				description: 'Whether the campaign is marked completed once it has no leads left to call',
			},
			{
				displayName: 'Max Calls in Parallel',
				name: 'maxCallsInParallel',
				type: 'number',
				typeOptions: { minValue: CAMPAIGN_RANGES.max_calls_in_parallel.min, numberPrecision: 0 },
				default: 1,
				description: 'How many leads are called at the same time',
			},
			{
				displayName: 'Max Retries',
				name: 'maxRetries',
				type: 'number',
				typeOptions: { minValue: CAMPAIGN_RANGES.max_retries.min, numberPrecision: 0 },
				default: 0,
				description: 'How often a lead that was not reached is called again',
			},
			accountPhoneNumbersField('Your numbers the campaign calls from'),
			{
				displayName: 'Retry Interval (Minutes)',
				name: 'retryInterval',
				type: 'number',
				typeOptions: { minValue: CAMPAIGN_RANGES.retry_interval.min, numberPrecision: 0 },
				default: 60,
				description:
					"Minutes between two attempts on the same lead, as the create documentation says (the reference's campaign record calls the stored value seconds)",
			},
			{
				displayName: 'Retry On Goal Incomplete',
				name: 'retryOnGoalIncomplete',
				type: 'boolean',
				default: false,
				description: 'Whether a lead is called again when the call ended without reaching the goal (see Goal Completion Variable)',
			},
			{
				displayName: 'Retry On Voicemail',
				name: 'retryOnVoicemail',
				type: 'boolean',
				default: false,
				description: 'Whether a lead is called again when a voicemail answered',
			},
			{
				displayName: 'Timezone Name or ID',
				name: 'timezone',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getTimezones' },
				default: 'Europe/Berlin',
				description:
					'The time zone of the calling hours, e.g. Europe/Berlin. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
		],
	},
];

/** POST /user/campaigns → {message, data: Campaign}: a new campaign (in draft) for an outbound assistant. */
export const operation: Operation<Prepared> = {
	value: 'create',
	name: 'Create',
	description:
		'Create a campaign: an outbound assistant that calls a list of leads on the allowed days and hours. Add leads with Lead → Create, then Start it.',
	action: 'Create a campaign',
	write: { mayHaveHappened: 'the campaign may have been created', done: ['campaign created', 'campaigns created'] },
	fields,
	prepare(item) {
		const body: IDataObject = {
			name: requireText(item.node, item.get('name'), item.where('Name'), 255),
			assistant_id: item.locatorId('assistantId', 'Assistant'),
			...additionalFields(item),
		};
		return { request: { method: 'POST', path: '/user/campaigns', body, notFound: `Assistant ${String(body.assistant_id)}` } };
	},
	output: (answer, { request }, api) => [writeResult(dataAnswer(answer, api, request, 'the campaign was probably created'))],
};

/** The optional fields that were added, in the platform's names; empty ones are left out. */
function additionalFields(item: ItemParams): IDataObject {
	const given = item.get('additionalFields', {}) as IDataObject;
	const has = (key: string) => given[key] !== undefined && given[key] !== null && given[key] !== '';
	const where = item.where;
	const body: IDataObject = {};
	if (has('timezone')) body.timezone = requireTimezone(item.node, given.timezone, where('Timezone'));
	if (has('maxCallsInParallel')) body.max_calls_in_parallel = checkRange(item.node, given.maxCallsInParallel, CAMPAIGN_RANGES.max_calls_in_parallel, where('Max Calls in Parallel'));
	if (has('allowedHoursStartTime')) body.allowed_hours_start_time = requireTimeOfDay(item.node, given.allowedHoursStartTime, where('Calling Hours Start'));
	if (has('allowedHoursEndTime')) body.allowed_hours_end_time = requireTimeOfDay(item.node, given.allowedHoursEndTime, where('Calling Hours End'));
	if (has('allowedDays')) body.allowed_days = days(item, given.allowedDays);
	if (has('maxRetries')) body.max_retries = checkRange(item.node, given.maxRetries, CAMPAIGN_RANGES.max_retries, where('Max Retries'));
	if (has('retryInterval')) body.retry_interval = checkRange(item.node, given.retryInterval, CAMPAIGN_RANGES.retry_interval, where('Retry Interval (Minutes)'));
	for (const [key, name, label] of [
		['retryOnVoicemail', 'retry_on_voicemail', 'Retry On Voicemail'],
		['retryOnGoalIncomplete', 'retry_on_goal_incomplete', 'Retry On Goal Incomplete'],
		['markCompleteWhenNoLeads', 'mark_complete_when_no_leads', 'Mark Complete When No Leads'],
	] as const) {
		if (has(key)) body[name] = requireBoolean(item.node, given[key], where(label));
	}
	const goal = optionalText(item.node, given.goalCompletionVariable, where('Goal Completion Variable'), 255);
	if (goal !== undefined) body.goal_completion_variable = goal.trim();
	if (has('phoneNumberIds')) {
		const ids = Array.isArray(given.phoneNumberIds) ? given.phoneNumberIds : String(given.phoneNumberIds).split(',');
		if (ids.length > 0) body.phone_number_ids = ids.map((id) => requireId(item.node, typeof id === 'string' ? id.trim() : id, where('Phone Numbers')));
	}
	return body;
}

function days(item: ItemParams, value: unknown): string[] {
	const list = Array.isArray(value) ? value : String(value).split(',');
	const result = list.map((day) => String(day).trim().toLowerCase());
	const wrong = result.find((day) => !(WEEKDAYS as readonly string[]).includes(day));
	if (wrong !== undefined || result.length === 0) {
		throw item.fail('Allowed Days', `must be days of the week, monday to sunday (got ${shown(value)})`);
	}
	return [...new Set(result)];
}
