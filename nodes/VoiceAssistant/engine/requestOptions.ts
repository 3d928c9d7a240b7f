import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { RATE_LIMIT } from '../shared/limits';
import { RETRY } from '../transport/policy';
import { AUTO_CONCURRENCY } from './batch/concurrency';
import type { AutoConcurrency } from './batch/concurrency';
import type { StopGate } from './batch/runInOrder';

/** Bounds of Request Options → Requests in Parallel; 0 (the default) = automatic. */
export const PARALLEL_REQUESTS = { min: 0, max: AUTO_CONCURRENCY.max, default: 0 } as const;

/** The field every operation carries; read by readRequestOptions below. */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Requests in Parallel',
			name: 'parallelRequests',
			type: 'number',
			typeOptions: { minValue: PARALLEL_REQUESTS.min, maxValue: PARALLEL_REQUESTS.max, numberPrecision: 0 },
			default: 0, // PARALLEL_REQUESTS.default: the lint wants a literal (a test keeps them equal)
			description: `The most input items sent to the platform at the same time (1-${PARALLEL_REQUESTS.max}). 0 = automatic: the node starts with a few and adapts to what the platform says (rate-limit headers, 429s, latency), up to ${PARALLEL_REQUESTS.max} (fewer for operations that hold an item long, such as Call → Make waiting for calls to end). Output keeps the input order. The platform allows about ${RATE_LIMIT.perMinute} requests per minute; the node paces to that whatever this says.`,
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 100, numberPrecision: 0 },
			default: 30000, // RETRY.defaultTimeoutMs: the lint wants a literal (a test keeps them equal)
			description:
				'Milliseconds to wait for the platform to answer one request. A read that times out is tried again; a write (call, SMS, lead, ...) is not, because it may have happened: its item fails with a message saying so.',
		},
	],
};

export interface RequestOptions {
	/** most input items sent at the same time: Requests in Parallel, or the automatic ceiling */
	parallel: number;
	/** whether the user set Requests in Parallel (1-32) rather than leaving it automatic */
	explicit: boolean;
	/** ms to wait for one answer */
	timeoutMs: number;
	/** the run's item loop: stops unsent items after a failure, learns from every answer */
	batch?: { gate: StopGate; concurrency: AutoConcurrency };
}

/** The node's Request Options, read once per run (they are node settings, not per-item values). */
export function readRequestOptions(ctx: IExecuteFunctions): RequestOptions {
	const parallel = Number(ctx.getNodeParameter('requestOptions.parallelRequests', 0, PARALLEL_REQUESTS.default));
	const timeout = Number(ctx.getNodeParameter('requestOptions.timeout', 0, RETRY.defaultTimeoutMs));
	const explicit = Number.isFinite(parallel) && parallel >= 1;
	return {
		parallel: explicit ? Math.min(PARALLEL_REQUESTS.max, Math.floor(parallel)) : AUTO_CONCURRENCY.max,
		explicit,
		timeoutMs: Number.isFinite(timeout) && timeout > 0 ? Math.round(timeout) : RETRY.defaultTimeoutMs,
	};
}
