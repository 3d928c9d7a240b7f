import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { asCountryCode, toE164 } from './phone';
import { fail, pairsToObject, parseJsonObject, requireId, shown } from './validate';

/** Reading the parameters that repeat across operations, with the checks they need. */

/** The node-level "Default Country"; an unknown code fails the item instead of being ignored silently. */
export function readDefaultCountry(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const raw = ctx.getNodeParameter('defaultCountry', itemIndex, '') as unknown;
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
	const code = asCountryCode(raw);
	if (!code) {
		throw fail(
			ctx.getNode(),
			{ field: 'Default Country', itemIndex },
			`must be a two-letter ISO country code such as DE or US (got ${shown(raw)})`,
		);
	}
	return code;
}

/** A typed phone number → E.164, or an item error naming the field, the item and the value. */
export function readPhone(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
	defaultCountry?: string,
): string {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		throw fail(ctx.getNode(), { field, itemIndex }, 'is required');
	}
	return toE164(ctx.getNode(), value, { field, itemIndex, defaultCountry });
}

/** The numeric ID behind a resource locator (From List or By ID). */
export function readLocatorId(ctx: IExecuteFunctions, name: string, field: string, itemIndex: number): number {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const raw = typeof value === 'string' ? value.trim() : value;
	return requireId(ctx.getNode(), raw, { field, itemIndex });
}

/**
 * Variables from the "Variables Input" trio (pairs / JSON / none). Returns undefined when nothing was
 * entered so that the key is left out of the request.
 */
export function readVariables(
	ctx: IExecuteFunctions,
	itemIndex: number,
	names: { input?: string; pairs?: string; json?: string } = {},
): IDataObject | undefined {
	const input = ctx.getNodeParameter(names.input ?? 'variablesInput', itemIndex, 'pairs') as string;
	if (input === 'none') return undefined;
	if (input === 'json') {
		const json = ctx.getNodeParameter(names.json ?? 'variablesJson', itemIndex, '') as unknown;
		const parsed = parseJsonObject(ctx.getNode(), json, { field: 'Variables (JSON)', itemIndex });
		return parsed && Object.keys(parsed).length > 0 ? parsed : undefined;
	}
	const pairs = ctx.getNodeParameter(`${names.pairs ?? 'variables'}.pairs`, itemIndex, []) as Array<{
		name?: unknown;
		value?: unknown;
	}>;
	const result = pairsToObject(ctx.getNode(), pairs, { field: 'Variables', itemIndex });
	return Object.keys(result).length > 0 ? result : undefined;
}

/** Return All / Limit of a list operation. */
export function readPaging(ctx: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit: number } {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	if (returnAll) return { returnAll, limit: Infinity };
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as unknown;
	const n = Number(limit);
	if (!Number.isInteger(n) || n < 1) {
		throw fail(ctx.getNode(), { field: 'Limit', itemIndex }, `must be a whole number of at least 1 (got ${shown(limit)})`);
	}
	return { returnAll, limit: n };
}
