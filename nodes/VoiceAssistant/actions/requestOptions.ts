import type { IExecuteFunctions } from 'n8n-workflow';

import { RETRY } from '../transport/policy';

/** Bounds of Request Options → Requests in Parallel. */
export const PARALLEL_REQUESTS = { min: 1, max: 10, default: 1 } as const;

export interface RequestOptions {
	/** input items sent at the same time */
	parallel: number;
	/** ms to wait for one answer */
	timeoutMs: number;
}

/** The node's Request Options, read once per run (they are node settings, not per-item values). */
export function readRequestOptions(ctx: IExecuteFunctions): RequestOptions {
	const parallel = Number(ctx.getNodeParameter('requestOptions.parallelRequests', 0, PARALLEL_REQUESTS.default));
	const timeout = Number(ctx.getNodeParameter('requestOptions.timeout', 0, RETRY.defaultTimeoutMs));
	return {
		parallel: Number.isFinite(parallel)
			? Math.max(PARALLEL_REQUESTS.min, Math.min(PARALLEL_REQUESTS.max, Math.floor(parallel)))
			: PARALLEL_REQUESTS.default,
		timeoutMs: Number.isFinite(timeout) && timeout > 0 ? Math.round(timeout) : RETRY.defaultTimeoutMs,
	};
}
