/**
 * A tiny Laravel-style validator, written from the reference's rules: one message per failing field,
 * messages worded like Laravel's English defaults ("The speech speed field must be between 0.7 and 1.2.").
 * Values are normalised the way Laravel casts them: "" -> null, "5" -> 5, "1"/1 -> true for booleans.
 */
export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'url' | 'timezone';

export interface FieldRule {
	type: FieldType;
	required?: boolean;
	nullable?: boolean;
	/** Max characters for strings. */
	max?: number;
	/** Inclusive numeric range. */
	between?: readonly [number, number];
	in?: readonly string[];
	regex?: RegExp;
	/** Required when another field of the request is true. */
	requiredIfTrue?: string;
}

export type Errors = Record<string, string[]>;
export type Rules = Record<string, FieldRule>;

export function label(field: string): string {
	return field.replace(/_/g, ' ');
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isValidUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
	} catch {
		return false;
	}
}

function isValidTimezone(value: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: value });
		return true;
	} catch {
		return false;
	}
}

const BOOLEAN_VALUES = new Map<unknown, boolean>([
	[true, true],
	[false, false],
	[1, true],
	[0, false],
	['1', true],
	['0', false],
]);

/** Returns [normalised value, error message or null]. */
function check(field: string, rule: FieldRule, raw: unknown): [unknown, string | null] {
	const l = label(field);
	switch (rule.type) {
		case 'string':
		case 'url':
		case 'timezone': {
			if (typeof raw !== 'string') return [raw, `The ${l} field must be a string.`];
			if (rule.max !== undefined && [...raw].length > rule.max)
				return [raw, `The ${l} field must not be greater than ${rule.max} characters.`];
			if (rule.in && !rule.in.includes(raw)) return [raw, `The selected ${l} is invalid.`];
			if (rule.regex && !rule.regex.test(raw)) return [raw, `The ${l} field format is invalid.`];
			if (rule.type === 'url' && !isValidUrl(raw)) return [raw, `The ${l} field must be a valid URL.`];
			if (rule.type === 'timezone' && !isValidTimezone(raw)) return [raw, `The ${l} field must be a valid timezone.`];
			return [raw, null];
		}
		case 'integer':
		case 'number': {
			let n: number;
			if (typeof raw === 'number') n = raw;
			else if (typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))) n = Number(raw);
			else n = Number.NaN;
			if (!Number.isFinite(n)) return [raw, `The ${l} field must be ${rule.type === 'integer' ? 'an integer' : 'a number'}.`];
			if (rule.type === 'integer' && !Number.isInteger(n)) return [raw, `The ${l} field must be an integer.`];
			if (rule.between && (n < rule.between[0] || n > rule.between[1]))
				return [n, `The ${l} field must be between ${rule.between[0]} and ${rule.between[1]}.`];
			return [n, null];
		}
		case 'boolean': {
			if (!BOOLEAN_VALUES.has(raw)) return [raw, `The ${l} field must be true or false.`];
			return [BOOLEAN_VALUES.get(raw), null];
		}
		case 'object': {
			// Laravel's `array` rule: a JSON object (or an empty JSON array) passes.
			if (Array.isArray(raw) && raw.length === 0) return [{}, null];
			if (!isPlainObject(raw)) return [raw, `The ${l} field must be an array.`];
			return [raw, null];
		}
		case 'array': {
			if (!Array.isArray(raw)) return [raw, `The ${l} field must be an array.`];
			return [raw, null];
		}
	}
}

/**
 * Validates `body` against `rules`. With `partial` (updates) a required field may be left out, but
 * when it is sent it must not be empty. Returns the normalised values of the fields that were sent.
 */
export function validate(
	body: Record<string, unknown>,
	rules: Rules,
	opts: { partial?: boolean; existing?: Record<string, unknown> } = {},
): { errors: Errors; values: Record<string, unknown> } {
	const errors: Errors = {};
	const values: Record<string, unknown> = {};
	const add = (field: string, message: string) => (errors[field] ??= []).push(message);
	for (const [field, rule] of Object.entries(rules)) {
		const present = Object.prototype.hasOwnProperty.call(body, field);
		let raw = present ? body[field] : undefined;
		if (raw === '') raw = null;
		if (raw === undefined || raw === null) {
			if (rule.requiredIfTrue) {
				const other = body[rule.requiredIfTrue] ?? undefined;
				const otherTrue = other !== undefined && BOOLEAN_VALUES.get(other) === true;
				const stored = opts.existing?.[field];
				// On update a URL that is already stored satisfies the rule unless this request clears it.
				const satisfiedByStored = opts.partial && !present && stored !== null && stored !== undefined;
				if (otherTrue && !satisfiedByStored) {
					add(field, `The ${label(field)} field is required when ${label(rule.requiredIfTrue)} is true.`);
					continue;
				}
			}
			if (rule.required && (present || !opts.partial)) add(field, `The ${label(field)} field is required.`);
			else if (present && raw === null && rule.nullable) values[field] = null;
			else if (present && raw === null && !rule.required) {
				const [, message] = check(field, rule, null);
				if (message) add(field, message);
			}
			continue;
		}
		const [value, message] = check(field, rule, raw);
		if (message) add(field, message);
		else values[field] = value;
	}
	return { errors, values };
}

export function hasErrors(errors: Errors): boolean {
	return Object.keys(errors).length > 0;
}
