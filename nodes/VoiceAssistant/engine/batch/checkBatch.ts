import type { IExecuteFunctions } from 'n8n-workflow';

import { batchLookups } from '../api';
import { itemParams } from '../itemParams';
import type { AnyOperation, Prepared } from '../operation';
import type { RequestOptions } from '../requestOptions';

export type Checked = { ok: true; prepared: Prepared } | { ok: false; error: unknown; beforeSending: 'invalid' | 'lookup' };

/**
 * Builds and checks the request of every input item before the first one is sent: `prepare` for all
 * (pure), then `resolve` for the valid ones (the reads they need, shared across the batch). An item
 * that fails either is reported, never half-sent.
 */
export async function checkBatch(
	ctx: IExecuteFunctions,
	op: AnyOperation,
	itemCount: number,
	options: RequestOptions,
): Promise<Checked[]> {
	const checked: Checked[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			checked.push({ ok: true, prepared: op.prepare(itemParams(ctx, itemIndex, op.defaultCountry === true)) });
		} catch (error) {
			checked.push({ ok: false, error, beforeSending: 'invalid' });
		}
	}
	const resolve = op.resolve;
	if (!resolve) return checked;

	const lookupFor = batchLookups(ctx, op, options, checked.map((entry) => (entry.ok ? entry.prepared : undefined)));
	return await Promise.all(
		checked.map(async (entry, itemIndex): Promise<Checked> => {
			if (!entry.ok) return entry;
			try {
				return { ok: true, prepared: await resolve.call(op, entry.prepared, lookupFor(itemIndex)) };
			} catch (error) {
				const isItsOwn = (error as { name?: string })?.name === 'NodeOperationError';
				return { ok: false, error, beforeSending: isItsOwn ? 'invalid' : 'lookup' };
			}
		}),
	);
}
