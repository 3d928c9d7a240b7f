import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import type { NumericRange } from './limits';

/**
 * Pre-send checks. Every failure is a NodeOperationError carrying itemIndex, whose message names the
 * field as the user sees it (its display name), the item, and the offending value, e.g.
 * `Speech Speed must be between 0.7 and 1.2 (got 1.5) [item 2]`. Operations call these while
 * building the request body, so nothing is sent for an invalid item.
 */

export interface Where {
	/** the field's display name */
	field: string;
	itemIndex: number;
}

export function fail(node: INode, where: Where, problem: string, description?: string): NodeOperationError {
	return new NodeOperationError(node, `${where.field} ${problem} [item ${where.itemIndex}]`, {
		itemIndex: where.itemIndex,
		description,
	});
}

/** Longest quote of user input in a message: enough to recognise it, not a copy of a whole document. */
const SHOWN_MAX = 100;

/** How a value is quoted in messages: strings in quotes, everything else as JSON, long text cut short. */
export function shown(value: unknown): string {
	let text: string;
	if (typeof value === 'string') text = `"${value.slice(0, SHOWN_MAX + 1)}"`;
	else if (value === undefined) text = 'nothing';
	else {
		try {
			text = JSON.stringify(value) ?? String(value);
		} catch {
			text = String(value); // circular or BigInt
		}
	}
	return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 3)}...` : text;
}

/** A message from elsewhere that may quote user input, cut like shown() cuts. */
function shownText(text: string): string {
	return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 3)}...` : text;
}

function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Character count as the platform counts it (code points, so an emoji is one character). */
export function charCount(text: string): number {
	return [...text].length;
}

/** A required text: not blank, at most `max` characters. Returns the text as given (not trimmed). */
export function requireText(node: INode, value: unknown, where: Where, max?: number): string {
	if (isBlank(value)) throw fail(node, where, 'is required');
	return optionalText(node, value, where, max) as string;
}

/** An optional text: undefined when blank, else checked against `max`. */
export function optionalText(node: INode, value: unknown, where: Where, max?: number): string | undefined {
	if (isBlank(value)) return undefined;
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw fail(node, where, `must be text (got ${shown(value)})`);
	}
	const text = String(value);
	if (max !== undefined && charCount(text) > max) {
		throw fail(node, where, `must be at most ${max} characters (got ${charCount(text)})`);
	}
	return text;
}

/** A number inside a range from shared/limits.ts; strings holding numbers are accepted (expressions). */
export function checkRange(node: INode, value: unknown, range: NumericRange, where: Where): number {
	const n = toNumber(value);
	if (n === undefined) throw fail(node, where, `must be a number (got ${shown(value)})`);
	if (range.integer && !Number.isInteger(n)) {
		throw fail(node, where, `must be a whole number (got ${n})`);
	}
	if (n < range.min || n > range.max) {
		const unit = range.unit ? ` ${range.unit}` : '';
		throw fail(node, where, `must be between ${range.min} and ${range.max}${unit} (got ${n})`);
	}
	return n;
}

function toNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'string' && value.trim() !== '') {
		const n = Number(value.trim());
		return Number.isFinite(n) ? n : undefined;
	}
	return undefined;
}

/**
 * A record ID: plain decimal digits (or a safe integer number), at least 1. Number() would read
 * "0x10" as 16, "1e3" as 1000 and round 9007199254740993 to ...992: each an existing, wrong record.
 */
export function requireId(node: INode, value: unknown, where: Where): number {
	if (isBlank(value)) throw fail(node, where, 'is required');
	const text = typeof value === 'string' ? value.trim() : undefined;
	const n = typeof value === 'number' ? value : text !== undefined && /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(n) || n < 1) {
		throw fail(
			node,
			where,
			`must be a numeric ID (got ${shown(value)})`,
			`IDs are written in decimal digits only (no 0x, no exponent, no decimals), from 1 to ${Number.MAX_SAFE_INTEGER}.`,
		);
	}
	return n;
}

/** One of a fixed list of values. */
export function requireOneOf<T extends string>(
	node: INode,
	value: unknown,
	allowed: readonly T[],
	where: Where,
): T {
	if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
	throw fail(node, where, `must be one of ${allowed.join(', ')} (got ${shown(value)})`);
}

/** A boolean; also accepts "true"/"false" strings from expressions. */
export function requireBoolean(node: INode, value: unknown, where: Where): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw fail(node, where, `must be true or false (got ${shown(value)})`);
}

/** An absolute http(s) URL. */
export function requireUrl(node: INode, value: unknown, where: Where): string {
	if (isBlank(value)) throw fail(node, where, 'is required');
	const text = String(value).trim();
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
		throw fail(node, where, `must be a valid http(s) URL (got ${shown(value)})`);
	}
	return text;
}

/**
 * A calendar date as YYYY-MM-DD. Accepts what n8n's date field and expressions produce: "2025-06-01",
 * "2025-06-01T10:00:00" (the date part is taken as written, no time-zone shift), Luxon DateTime and
 * JS Date objects.
 */
export function toIsoDate(node: INode, value: unknown, where: Where): string | undefined {
	if (isBlank(value)) return undefined;
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw fail(node, where, 'is not a valid date');
		return value.toISOString().slice(0, 10);
	}
	const luxonLike = value as { toISODate?: () => string | null; isValid?: boolean };
	if (typeof value === 'object' && typeof luxonLike.toISODate === 'function') {
		const date = luxonLike.isValid === false ? null : luxonLike.toISODate();
		if (!date) throw fail(node, where, 'is not a valid date');
		return date;
	}
	const text = String(value).trim();
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(text);
	if (match) {
		const [, y, m, d] = match;
		const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
		if (check.getUTCFullYear() === Number(y) && check.getUTCMonth() === Number(m) - 1 && check.getUTCDate() === Number(d)) {
			return `${y}-${m}-${d}`;
		}
	}
	throw fail(node, where, `must be a date such as 2025-06-01 (got ${shown(value)})`);
}

/** A JSON object given as text or as an object (from an expression). */
export function parseJsonObject(node: INode, value: unknown, where: Where): IDataObject | undefined {
	if (isBlank(value)) return undefined;
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			// V8's message quotes the input; keep that quote short like every other one.
			throw fail(node, where, `is not valid JSON (${shownText((error as Error).message)})`);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw fail(node, where, `must be a JSON object such as {"customer_name": "Ada"} (got ${shown(value)})`);
	}
	return parsed as IDataObject;
}

/** Key/value pairs from a fixedCollection → object; a pair with an empty name is an error, later names win. */
export function pairsToObject(
	node: INode,
	pairs: Array<{ name?: unknown; value?: unknown }> | undefined,
	where: Where,
): IDataObject {
	const result: IDataObject = {};
	for (const [index, pair] of (pairs ?? []).entries()) {
		const name = typeof pair.name === 'string' ? pair.name.trim() : String(pair.name ?? '').trim();
		if (name === '') throw fail(node, where, `has a variable without a name (entry ${index + 1})`);
		result[name] = (pair.value ?? '') as IDataObject[string];
	}
	return result;
}

/** An IANA time zone name the runtime knows, e.g. Europe/Berlin. */
export function requireTimezone(node: INode, value: unknown, where: Where): string {
	const name = requireText(node, value, where).trim();
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return name;
	} catch {
		throw fail(node, where, `must be a time zone name such as Europe/Berlin (got ${shown(value)})`);
	}
}

/** A time of day as HH:MM (24 hours), e.g. 09:00 or 17:30; "9:00" is read as 09:00. */
export function requireTimeOfDay(node: INode, value: unknown, where: Where): string {
	const text = requireText(node, value, where).trim();
	const match = /^(\d{1,2}):(\d{2})$/.exec(text);
	if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
		throw fail(node, where, `must be a time of day as HH:MM, e.g. 09:00 or 17:30 (got ${shown(value)})`);
	}
	return `${match[1].padStart(2, '0')}:${match[2]}`;
}

/** A two-letter ISO country code (any case in, upper case out). */
export function requireCountryCode(node: INode, value: unknown, where: Where): string {
	const text = requireText(node, value, where).trim().toUpperCase();
	if (!/^[A-Z]{2}$/.test(text)) throw fail(node, where, `must be a two-letter ISO country code such as DE or US (got ${shown(value)})`);
	return text;
}
