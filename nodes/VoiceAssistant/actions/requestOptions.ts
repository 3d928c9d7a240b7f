import type { IExecuteFunctions } from 'n8n-workflow';

import { RETRY } from '../transport/policy';
import { AUTO_CONCURRENCY } from './batch/concurrency';
import type { AutoConcurrency } from './batch/concurrency';
import type { StopGate } from './batch/runInOrder';

/** Bounds of Request Options → Requests in Parallel; 0 (the default) = automatic. */
export const PARALLEL_REQUESTS = { min: 0, max: AUTO_CONCURRENCY.max, default: 0 } as const;

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
