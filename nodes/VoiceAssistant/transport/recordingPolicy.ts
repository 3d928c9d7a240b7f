import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_MAX_RECORDING_MB, type RecordingLimits } from '../shared/recording';
import { apiKindsOf, n8nResolver, parseAllowedHosts } from '../shared/recordingHosts';
import { requestTarget, type ApiContext, type Generation } from './target';

const apiKindsByContext = new WeakMap<object, ReturnType<typeof apiKindsOf>>();

/**
 * The limits of a recording download for this context: where from (the API host's own kind of
 * address, resolved once per execution, and Allowed Recording Hosts), how big (Max Recording Size)
 * and how long in all.
 */
export async function recordingLimitsFor(ctx: ApiContext, options: IDataObject, deadlineMs: number, generation: Generation = 'classic'): Promise<RecordingLimits> {
	const resolve = n8nResolver(ctx.helpers);
	let apiKinds = apiKindsByContext.get(ctx);
	if (!apiKinds) {
		apiKinds = requestTarget(ctx, generation).then(({ baseUrl }) => apiKindsOf(baseUrl, resolve));
		apiKindsByContext.set(ctx, apiKinds);
	}
	const megabytes = Number(options.maxRecordingSizeMb ?? DEFAULT_MAX_RECORDING_MB);
	return {
		hosts: { apiKinds: await apiKinds, allowedHosts: parseAllowedHosts(options.allowedRecordingHosts), resolve },
		maxBytes: Math.round((Number.isFinite(megabytes) && megabytes > 0 ? megabytes : DEFAULT_MAX_RECORDING_MB) * 1_048_576),
		deadlineMs,
	};
}
