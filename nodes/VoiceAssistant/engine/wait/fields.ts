import type { INodeProperties } from 'n8n-workflow';

import { shown } from '../../shared/validate';
import type { ItemParams } from '../itemParams';

/**
 * Calls placed and waited for at once while Requests in Parallel is automatic. Each holds its item for
 * minutes, so the automatic ceiling (32) would put 32 calls on the line at once; 10 placings (snapshot +
 * make_call each) also fit the platform's burst window (20 requests per 10 s).
 */
export const AUTOMATIC_CALLS_IN_PROGRESS = 10;

/** Bounds of Max Wait, in minutes. */
export const MAX_WAIT_MINUTES = { min: 1, max: 60, default: 15 } as const;

export const waitFields: INodeProperties[] = [
	{
		displayName: 'Wait for Call to End',
		name: 'waitForEnd',
		type: 'boolean',
		default: false,
		description:
			`Whether to wait until the call has ended and output what happened (status, duration, transcript, extracted variables, costs) instead of "initiated". The platform is asked about the call every few seconds, within a fifth of its rate limit. With Requests in Parallel on automatic, at most ${AUTOMATIC_CALLS_IN_PROGRESS} calls are in progress at once; set Requests in Parallel (up to 32) to allow more.`,
	},
	{
		displayName: 'Max Wait (Minutes)',
		name: 'maxWaitMinutes',
		type: 'number',
		typeOptions: { minValue: MAX_WAIT_MINUTES.min, maxValue: MAX_WAIT_MINUTES.max, numberPrecision: 0 },
		default: 15, // MAX_WAIT_MINUTES.default; the linter wants a literal
		displayOptions: { show: { waitForEnd: [true] } },
		description:
			'How long to wait for the call to end. When it passes, the item fails with the call ID and its last status (Continue On Fail routes it); the call is not placed again.',
	},
];

/** Max Wait in ms when waiting is on, else undefined. */
export function readMaxWaitMs(item: ItemParams): number | undefined {
	if (item.get('waitForEnd', false) !== true) return undefined;
	const raw = item.get('maxWaitMinutes', MAX_WAIT_MINUTES.default);
	const minutes = Number(raw);
	if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_WAIT_MINUTES.max) {
		throw item.fail('Max Wait (Minutes)', `must be more than 0 and at most ${MAX_WAIT_MINUTES.max} (got ${shown(raw)})`);
	}
	return Math.round(minutes * 60_000);
}
