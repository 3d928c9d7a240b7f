import type { INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../itemParams';
import { shown } from '../../shared/validate';
import type { CallingWindow } from './hours';

/** What happens to an item whose number is outside its calling hours. */
export type OutsideHours = 'wait' | 'fail' | 'skip';

export interface CallingHoursRule {
	window: CallingWindow;
	outside: OutsideHours;
	/** Wait Until Allowed: the longest wait, in ms */
	maxWaitMs: number;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Bounds of Max Wait (Hours) for Wait Until Allowed. */
export const CALLING_HOURS_MAX_WAIT = { min: 0, max: 72, default: 12 } as const;

const shownWhenOn = { show: { callingHours: [true] } };

/** The Calling Hours fields, defined once for every operation that reaches a person (call, SMS). */
export const callingHoursFields: INodeProperties[] = [
	{
		displayName: 'Calling Hours',
		name: 'callingHours',
		type: 'boolean',
		default: false,
		noDataExpression: true,
		description:
			"Whether to contact a number only within set hours of its own local time (the time zone comes from the number: its country, and for countries with several zones its area code; a number spanning several zones must be within the hours in all of them). Checked for the whole batch before anything is sent. An AI agent using this node as a tool cannot change it.",
	},
	{
		displayName: 'Allowed Days',
		name: 'callingDays',
		type: 'multiOptions',
		options: WEEKDAYS.map((name, index) => ({ name, value: index })),
		default: [1, 2, 3, 4, 5],
		displayOptions: shownWhenOn,
		description: 'The days (in the callee\'s time zone) on which the window opens. A window across midnight belongs to the day it starts on.',
	},
	{
		displayName: 'From (Local Time)',
		name: 'callingFrom',
		type: 'string',
		default: '09:00',
		placeholder: 'HH:MM',
		displayOptions: shownWhenOn,
		description: 'Start of the window in the callee\'s local time, 24-hour HH:MM',
	},
	{
		displayName: 'To (Local Time)',
		name: 'callingTo',
		type: 'string',
		default: '20:00',
		placeholder: 'HH:MM',
		displayOptions: shownWhenOn,
		description: 'End of the window (exclusive) in the callee\'s local time. Earlier than From for a window across midnight (22:00–06:00).',
	},
	{
		displayName: 'Holidays',
		name: 'callingHolidays',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-12-24, 2026-12-25',
		displayOptions: shownWhenOn,
		description: 'Dates (YYYY-MM-DD, in the callee\'s local calendar) with no calling at all: separated by commas, or an array from an expression',
	},
	{
		displayName: 'Outside Calling Hours',
		name: 'outsideCallingHours',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Skip', value: 'skip', description: 'Output the item unsent, with the time from which the number may be contacted' },
			{ name: 'Fail the Item', value: 'fail', description: 'The item fails before anything is sent (Continue On Fail routes it)' },
			{ name: 'Wait Until Allowed', value: 'wait', description: 'Hold the item until its window opens (up to Max Wait), while the other items go on' },
		],
		default: 'skip',
		displayOptions: shownWhenOn,
	},
	{
		displayName: 'Max Wait (Hours)',
		name: 'callingHoursMaxWait',
		type: 'number',
		typeOptions: { minValue: CALLING_HOURS_MAX_WAIT.min, maxValue: CALLING_HOURS_MAX_WAIT.max, numberPrecision: 2 },
		default: 12, // CALLING_HOURS_MAX_WAIT.default; the linter wants a literal
		displayOptions: { show: { callingHours: [true], outsideCallingHours: ['wait'] } },
		description: 'The longest an item waits for its window. An item whose window opens later fails before anything is sent. The execution stays open while it waits.',
	},
];

/** The item's Calling Hours, or undefined when they are off. Every value is checked here, before anything is sent. */
export function readCallingHours(item: ItemParams): CallingHoursRule | undefined {
	if (item.get('callingHours', false) !== true) return undefined;
	const from = readClock(item, 'callingFrom', 'From (Local Time)');
	const to = readClock(item, 'callingTo', 'To (Local Time)');
	if (from === to) throw item.fail('To (Local Time)', `is the same as From (${shown(item.get('callingTo'))}): the window would be empty`);
	const days = item.get('callingDays', [1, 2, 3, 4, 5]);
	if (!Array.isArray(days) || days.length === 0 || days.some((day) => !Number.isInteger(Number(day)) || Number(day) < 0 || Number(day) > 6)) {
		throw item.fail('Allowed Days', `must name at least one weekday (got ${shown(days)})`);
	}
	const outside = item.get('outsideCallingHours', 'skip') as OutsideHours;
	const rawWait = item.get('callingHoursMaxWait', CALLING_HOURS_MAX_WAIT.default);
	const hours = Number(rawWait);
	if (outside === 'wait' && (!Number.isFinite(hours) || hours < CALLING_HOURS_MAX_WAIT.min || hours > CALLING_HOURS_MAX_WAIT.max)) {
		throw item.fail('Max Wait (Hours)', `must be between ${CALLING_HOURS_MAX_WAIT.min} and ${CALLING_HOURS_MAX_WAIT.max} (got ${shown(rawWait)})`);
	}
	return {
		window: { days: new Set(days.map(Number)), from, to, holidays: readHolidays(item) },
		outside,
		maxWaitMs: Math.round(hours * 3_600_000),
	};
}

function readClock(item: ItemParams, name: string, field: string): number {
	const raw = item.get(name);
	const match = typeof raw === 'string' ? /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/.exec(raw) : null;
	if (!match) throw item.fail(field, `must be a 24-hour time HH:MM such as 09:00 (got ${shown(raw)})`);
	return Number(match[1]) * 60 + Number(match[2]);
}

function readHolidays(item: ItemParams): Set<string> {
	const raw = item.get('callingHolidays', '');
	const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,;\n]/) : [raw];
	const dates = new Set<string>();
	for (const entry of list) {
		const text = typeof entry === 'string' ? entry.trim() : entry;
		if (text === '') continue;
		if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
			throw item.fail('Holidays', `must be dates written YYYY-MM-DD (got ${shown(entry)})`);
		}
		dates.add(text);
	}
	return dates;
}
