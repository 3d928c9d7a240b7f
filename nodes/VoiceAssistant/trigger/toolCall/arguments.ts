/**
 * A tool call's values, checked against the declared parameters before the workflow runs (pure).
 * What arrives is hostile until checked: the assistant may repeat a caller's words. Only declared
 * parameters reach the workflow; a missing required value or a value of the wrong type gets an answer
 * the assistant can say instead ("I still need the order number"), and nothing runs.
 *
 * Where the values sit is not documented for either API generation (docs/tool-calls.md): the body
 * itself (flat, as the classic docs' placeholders suggest), or an object under `arguments`, `args`
 * or `parameters`; a GET carries them as query parameters. Every one of these is read.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../shared/objects';
import type { DeclaredParameter } from './spec';

export type CheckedArguments = { values: IDataObject } | { refusal: string };

const NESTED = ['arguments', 'args', 'parameters'];

/** The longest text value accepted: enough for anything said in a call, not a document. */
export const MAX_TEXT = 2000;

/** The object that holds the values: the nested one when the body names no declared parameter itself. */
function valuesObject(body: IDataObject, query: IDataObject, declared: DeclaredParameter[]): IDataObject {
	const namesAny = (source: IDataObject) => declared.some((parameter) => source[parameter.name] !== undefined);
	if (namesAny(body)) return body;
	for (const key of NESTED) {
		const nested = body[key];
		if (isObject(nested) && !Array.isArray(nested) && namesAny(nested)) return nested;
		if (typeof nested === 'string') {
			// some tool runners send the arguments as a JSON string (OpenAI's function-call shape)
			try {
				const parsed = JSON.parse(nested) as unknown;
				if (isObject(parsed) && !Array.isArray(parsed) && namesAny(parsed)) return parsed;
			} catch {
				// not JSON: not the arguments
			}
		}
	}
	return namesAny(query) ? query : body;
}

/** A parameter as the answer names it: its name, underscores as spaces ("order number"). */
function spoken(parameter: DeclaredParameter): string {
	return parameter.name.replace(/_/g, ' ').trim();
}

/** A declared value as its type; undefined when it cannot be read as one. Numeric text counts as a number. */
function asType(value: unknown, parameter: DeclaredParameter): unknown {
	if (parameter.type === 'string') {
		if (typeof value === 'string') return value.length <= MAX_TEXT ? value : undefined;
		return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
	}
	if (parameter.type === 'number') {
		if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
		if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
		return undefined;
	}
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	return undefined;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function checkArguments(body: IDataObject, query: IDataObject, declared: DeclaredParameter[]): CheckedArguments {
	const source = valuesObject(body, query, declared);
	const values: IDataObject = {};
	const missing: string[] = [];
	const wrong: string[] = [];
	for (const parameter of declared) {
		const given = source[parameter.name];
		if (blank(given)) {
			if (parameter.required) missing.push(spoken(parameter));
			continue;
		}
		const typed = asType(given, parameter);
		if (typed === undefined) wrong.push(`${spoken(parameter)} (${parameter.type === 'boolean' ? 'yes or no' : `a ${parameter.type === 'number' ? 'number' : 'short text'}`})`);
		else values[parameter.name] = typed;
	}
	if (missing.length > 0) return { refusal: `I still need the ${listed(missing)} before I can do this. Please ask the caller.` };
	if (wrong.length > 0) return { refusal: `That did not work: I need ${listed(wrong)}. Please ask the caller again.` };
	return { values };
}

function listed(words: string[]): string {
	return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
