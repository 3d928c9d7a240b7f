import type { INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../itemParams';
import { shown } from '../../shared/validate';

/** Skip If Called Within: the window and whose calls count. */
export interface RecentCallRule {
	windowMs: number;
	/** 'assistant': only calls of the item's assistant count; 'any': calls of any assistant */
	scope: 'assistant' | 'any';
}

export const RECENT_CALL_HOURS = { min: 0.25, max: 720, default: 24 } as const;

const shownWhenOn = { show: { skipIfCalledRecently: [true] } };

/** Call → Make only: reading the platform's call history before the batch. */
export const recentCallFields: INodeProperties[] = [
	{
		displayName: 'Skip If Called Within',
		name: 'skipIfCalledRecently',
		type: 'boolean',
		default: false,
		noDataExpression: true,
		description:
			'Whether to skip numbers the platform has placed an outbound call to recently (by any workflow, execution or person). The call history is read once before the batch: a few requests, whatever the batch size.',
	},
	{
		displayName: 'Within (Hours)',
		name: 'calledWithinHours',
		type: 'number',
		typeOptions: { minValue: RECENT_CALL_HOURS.min, maxValue: RECENT_CALL_HOURS.max, numberPrecision: 2 },
		default: 24, // RECENT_CALL_HOURS.default; the linter wants a literal
		displayOptions: shownWhenOn,
		description: 'A number called less than this many hours ago is skipped; the output names the earlier call',
	},
	{
		displayName: 'Calls That Count',
		name: 'calledByScope',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'By This Assistant', value: 'assistant', description: 'Only calls the item\'s assistant placed' },
			{ name: 'By Any Assistant', value: 'any', description: 'Outbound calls of any of the account\'s assistants' },
		],
		default: 'assistant',
		displayOptions: shownWhenOn,
	},
];

export function readRecentCallRule(item: ItemParams): RecentCallRule | undefined {
	if (item.get('skipIfCalledRecently', false) !== true) return undefined;
	const raw = item.get('calledWithinHours', RECENT_CALL_HOURS.default);
	const hours = Number(raw);
	if (!Number.isFinite(hours) || hours < RECENT_CALL_HOURS.min || hours > RECENT_CALL_HOURS.max) {
		throw item.fail('Within (Hours)', `must be between ${RECENT_CALL_HOURS.min} and ${RECENT_CALL_HOURS.max} (got ${shown(raw)})`);
	}
	return { windowMs: Math.round(hours * 3_600_000), scope: item.get('calledByScope', 'assistant') === 'any' ? 'any' : 'assistant' };
}
