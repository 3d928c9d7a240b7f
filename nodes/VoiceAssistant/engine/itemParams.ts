import type { IBinaryData, IDataObject, IExecuteFunctions, INode, NodeOperationError } from 'n8n-workflow';

import { unwrapLocator } from '../shared/locators';
import { asCountryCode, checkPhoneNumber } from '../shared/phone';
import { fail, pairsToObject, parseJsonObject, requireId, shown } from '../shared/validate';
import type { Where } from '../shared/validate';
import { runParameters } from './runParameters';

/**
 * One input item's parameters, as an operation's `prepare` reads them: plain values plus the readers
 * that repeat across operations, each with its check. Every failure names the field and the item.
 */
export interface ItemParams {
	readonly itemIndex: number;
	readonly node: INode;
	/** A parameter's value (expressions resolved for this item). */
	get(name: string, fallback?: unknown): unknown;
	/** The input item's own JSON, for an operation that maps its fields without expressions. */
	json(): IDataObject;
	/**
	 * A resource locator's value (From List, By ID, or a plain value saved by an older workflow), read by
	 * n8n itself (extractValue); a parameter that is no locator comes back as `get` gives it, a locator
	 * saved in it while it was one unwrapped too. The fallback is given each time: undefined makes an
	 * absent parameter an error, as n8n's own reading does.
	 */
	locatorValue(name: string, fallback: unknown): unknown;
	/** The numeric ID behind a resource locator (From List or By ID). */
	locatorId(name: string, field: string): number;
	/** A typed phone number → E.164 (Default Country applies where the operation allows it). */
	phone(value: unknown, field: string): string;
	/** Variables from the "Variables Input" trio (pairs / JSON / none); undefined when none were given. */
	variables(): IDataObject | undefined;
	/** Return All / Limit of a list operation. */
	paging(): { returnAll: boolean; limit: number };
	/** The file in the item's binary field `name` (its metadata; the bytes are read when sending). */
	binary(name: string, field: string): IBinaryData;
	where(field: string): Where;
	fail(field: string, problem: string, description?: string): NodeOperationError;
}

export function itemParams(ctx: IExecuteFunctions, itemIndex: number, usesDefaultCountry: boolean): ItemParams {
	const { node, read } = runParameters(ctx);
	const get = (name: string, fallback: unknown = '') => read(name, itemIndex, fallback);
	const locatorValue = (name: string, fallback: unknown) => unwrapLocator(read(name, itemIndex, fallback, { extractValue: true }));
	const where = (field: string): Where => ({ field, itemIndex });
	const failHere = (field: string, problem: string, description?: string) => fail(node, where(field), problem, description);
	let country: { code: string | undefined } | undefined;
	const defaultCountry = () => (country ??= { code: usesDefaultCountry ? readDefaultCountry(get('defaultCountry'), failHere) : undefined }).code;

	return {
		itemIndex,
		node,
		get,
		json: () => ctx.getInputData()[itemIndex]?.json ?? {},
		where,
		fail: failHere,
		locatorValue,
		locatorId(name, field) {
			const value = locatorValue(name, '');
			return requireId(node, typeof value === 'string' ? value.trim() : value, where(field));
		},
		phone(value, field) {
			if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
				throw failHere(field, 'is required');
			}
			const result = checkPhoneNumber(value, defaultCountry());
			if (result.valid) return result.e164;
			throw failHere(
				field,
				`${shown(value)} ${result.reason}`,
				`${field} must be one phone number; it is sent to the platform in E.164 format (for example +4915123456789).`,
			);
		},
		variables() {
			const input = get('variablesInput', 'pairs');
			if (input === 'none') return undefined;
			if (input === 'json') {
				const parsed = parseJsonObject(node, get('variablesJson'), where('Variables (JSON)'));
				return parsed && Object.keys(parsed).length > 0 ? parsed : undefined;
			}
			const pairs = get('variables.pairs', []) as Array<{ name?: unknown; value?: unknown }>;
			const result = pairsToObject(node, pairs, where('Variables'));
			return Object.keys(result).length > 0 ? result : undefined;
		},
		paging() {
			if (get('returnAll', false) === true) return { returnAll: true, limit: Infinity };
			const limit = get('limit', 50);
			const n = Number(limit);
			if (!Number.isInteger(n) || n < 1) throw failHere('Limit', `must be a whole number of at least 1 (got ${shown(limit)})`);
			return { returnAll: false, limit: n };
		},
		binary(name, field) {
			try {
				return ctx.helpers.assertBinaryData(itemIndex, name);
			} catch {
				const present = Object.keys(ctx.getInputData()[itemIndex]?.binary ?? {});
				throw failHere(
					field,
					`names no file of this item (got ${shown(name)})`,
					present.length > 0
						? `The item's binary fields are: ${present.map((key) => shown(key)).join(', ')}.`
						: 'The item has no binary data: put the file into it first (for example with Read/Write Files from Disk or HTTP Request).',
				);
			}
		},
	};
}

/** The node-level "Default Country"; an unknown code fails the item instead of being ignored silently. */
function readDefaultCountry(raw: unknown, failHere: ItemParams['fail']): string | undefined {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
	const code = asCountryCode(raw);
	if (!code) throw failHere('Default Country', `must be a two-letter ISO country code such as DE or US (got ${shown(raw)})`);
	return code;
}
