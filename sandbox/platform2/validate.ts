/**
 * Checks a request against the catalogue: path and query parameters, headers and body fields, each
 * by required, type, enum, minimum/maximum, minLength/maxLength and format (uuid, email, date-time,
 * date, uri). The first problem answers 400 invalid_request naming the field. Unknown body fields are
 * ignored (the platform says so); null clears an optional field, so it passes.
 */
import { invalid, type P2Answer, type Problem } from './answers';
import { bodyFields, type P2Field, type P2Operation } from './catalog';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function formatProblem(format: string | undefined, value: string): string | null {
	switch (format) {
		case 'uuid':
			return UUID.test(value) ? null : 'must be a UUID';
		case 'email':
			return EMAIL.test(value) ? null : 'must be an e-mail address';
		case 'date-time':
			return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'must be an ISO 8601 date-time with a time zone';
		case 'date':
			return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'must be a date (YYYY-MM-DD)';
		case 'uri':
			try {
				return new URL(value).protocol ? null : 'must be an absolute URI';
			} catch {
				return 'must be an absolute URI';
			}
		default:
			return null;
	}
}

/** The problem with one value (already of JSON types), or null. */
export function valueProblem(field: Pick<P2Field, 'type' | 'format' | 'enum' | 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'items'>, value: unknown): string | null {
	if (field.enum && !field.enum.includes(value)) return `must be one of ${field.enum.filter((e) => e !== null).join(', ')}`;
	switch (field.type) {
		case 'string':
			if (typeof value !== 'string') return 'must be a string';
			if (field.minLength !== undefined && [...value].length < field.minLength) return `must be at least ${field.minLength} characters`;
			if (field.maxLength !== undefined && [...value].length > field.maxLength) return `must be at most ${field.maxLength} characters`;
			return formatProblem(field.format, value);
		case 'integer':
		case 'number':
			if (typeof value !== 'number' || !Number.isFinite(value)) return `must be a${field.type === 'integer' ? 'n integer' : ' number'}`;
			if (field.type === 'integer' && !Number.isInteger(value)) return 'must be an integer';
			if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}`;
			if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}`;
			return null;
		case 'boolean':
			return typeof value === 'boolean' ? null : 'must be true or false';
		case 'object':
			return typeof value === 'object' && value !== null && !Array.isArray(value) ? null : 'must be an object';
		case 'array': {
			if (!Array.isArray(value)) return 'must be an array';
			const items = field.items;
			if (!items?.type) return null;
			for (const item of value) {
				const problem = valueProblem({ type: items.type as P2Field['type'], format: items.format, enum: items.enum }, item);
				if (problem) return `items ${problem.replace(/^must/, 'must each')}`;
			}
			return null;
		}
		default:
			return null; // json: any value
	}
}

/** A query or path value (text) as the JSON value its field type means; undefined when it cannot be. */
function fromText(field: P2Field, text: string): unknown {
	if (field.type === 'integer' || field.type === 'number') return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
	if (field.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
	return text;
}

/** Path parameters (present by routing; format and type checked). */
export function checkPath(op: P2Operation, params: Record<string, string>): Problem {
	for (const field of op.pathParams) {
		const problem = valueProblem(field, fromText(field, params[field.name] ?? ''));
		if (problem) return invalid(field.name, problem);
	}
	return null;
}

/**
 * Query parameters, read from the whole URL so arrays may repeat the name (`channel=a&channel=b`) or,
 * as listKnowledgeBaseFaqs.status does, be comma-separated. Answers the typed values or a problem.
 */
export function checkQuery(op: P2Operation, search: URLSearchParams): { values: Record<string, unknown> } | { problem: P2Answer } {
	const values: Record<string, unknown> = {};
	for (const field of op.queryParams) {
		const texts = search.getAll(field.name);
		if (!texts.length || (texts.length === 1 && texts[0] === '')) {
			if (field.required) return { problem: invalid(field.name, 'is required') };
			if (field.default !== undefined) values[field.name] = field.default;
			continue;
		}
		const value =
			field.type === 'array'
				? texts.flatMap((t) => t.split(',')).map((t) => (field.items?.type === 'integer' || field.items?.type === 'number' ? Number(t) : t))
				: fromText(field, texts[0]);
		const problem = valueProblem(field, value);
		if (problem) return { problem: invalid(field.name, problem) };
		values[field.name] = value;
	}
	return { values };
}

export function checkHeaders(op: P2Operation, headers: Record<string, string | string[] | undefined>): Problem {
	for (const field of op.headerParams ?? []) {
		const raw = headers[field.name.toLowerCase()];
		const text = Array.isArray(raw) ? raw[0] : raw;
		if (text === undefined || text === '') {
			if (field.required) return invalid(field.name, 'header is required');
			continue;
		}
		const problem = valueProblem(field, text);
		if (problem) return invalid(field.name, problem);
	}
	return null;
}

/** The body: present when required, an object, and every flattened field right. */
export function checkBody(op: P2Operation, all: P2Operation[], body: unknown): Problem {
	if (!op.body) return null;
	if (body === undefined) return op.body.required ? invalid('body', 'is required') : null;
	if (op.id === 'addLeads') return null; // one lead or an array of leads: checked by its behaviour
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalid('body', 'must be a JSON object');
	const record = body as Record<string, unknown>;
	for (const field of bodyFields(op, all) ?? []) {
		const value = record[field.name];
		if (value === undefined || value === null) {
			if (field.required) return invalid(field.name, 'is required');
			continue;
		}
		const problem = valueProblem(field, value);
		if (problem) return invalid(field.name, problem);
	}
	return null;
}
