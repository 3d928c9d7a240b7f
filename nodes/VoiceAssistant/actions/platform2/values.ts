import type { IDataObject } from 'n8n-workflow';

import type { ItemParams } from '../../engine/itemParams';
import { charCount, shown } from '../../shared/validate';
import type { CatalogField, FreeBody } from './catalog/types';

import { UUID_PATTERN, isUuid } from '../../shared/uuid';

/** A voice selector: a UUID, or `voice:<uuid>` (getVoicePreview). */
export const VOICE_ID_PATTERN = `(voice:)?${UUID_PATTERN}`;
const VOICE_ID = new RegExp(`^${VOICE_ID_PATTERN}$`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * One field's value as the API takes it, after every rule the catalogue states for it; undefined for
 * an optional field left out. A failure names the field (as the editor shows it) and the item.
 */
export function checkedValue(item: ItemParams, field: CatalogField, raw: unknown): unknown {
	if (isBlank(raw) || (Array.isArray(raw) && raw.length === 0 && !field.required)) {
		if (field.required) throw item.fail(field.label, 'is required');
		return undefined;
	}
	switch (field.type) {
		case 'boolean':
			return checkedBoolean(item, field, raw);
		case 'integer':
		case 'number':
			return checkedNumber(item, field, raw);
		case 'array':
			return checkedList(item, field, raw);
		case 'object':
		case 'json':
			return parsedJson(item, field.label, raw, field.type === 'object' ? 'object' : 'any');
		default:
			return checkedText(item, field, raw);
	}
}

function checkedBoolean(item: ItemParams, field: CatalogField, raw: unknown): boolean {
	const value = raw === 'true' ? true : raw === 'false' ? false : raw;
	if (typeof value !== 'boolean') throw item.fail(field.label, `must be true or false (got ${shown(raw)})`);
	// An explicit confirmation: the API takes only true, and the node never assumes it.
	if (field.options?.length === 1 && field.options[0] === true && value !== true) {
		throw item.fail(field.label, 'must be switched on: the platform asks for an explicit confirmation here');
	}
	return value;
}

function checkedNumber(item: ItemParams, field: CatalogField, raw: unknown): number {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isFinite(value)) throw item.fail(field.label, `must be a number (got ${shown(raw)})`);
	if (field.type === 'integer' && !Number.isInteger(value)) throw item.fail(field.label, `must be a whole number (got ${shown(raw)})`);
	if (field.min !== undefined && value < field.min) throw item.fail(field.label, `must be at least ${field.min} (got ${value})`);
	if (field.max !== undefined && value > field.max) throw item.fail(field.label, `must be at most ${field.max} (got ${value})`);
	if (field.options && !field.options.includes(value)) throw item.fail(field.label, `must be one of ${field.options.join(', ')} (got ${value})`);
	return value;
}

function checkedText(item: ItemParams, field: CatalogField, raw: unknown): string {
	if (typeof raw !== 'string' && typeof raw !== 'number') throw item.fail(field.label, `must be text (got ${shown(raw)})`);
	const text = typeof raw === 'string' ? raw.trim() : String(raw);
	if (field.options && !field.options.includes(text)) {
		throw item.fail(field.label, `must be one of ${field.options.map(String).join(', ')} (got ${shown(raw)})`);
	}
	if (field.minLength !== undefined && charCount(text) < field.minLength) {
		throw item.fail(field.label, `must be at least ${field.minLength} characters (got ${charCount(text)})`);
	}
	if (field.maxLength !== undefined && charCount(text) > field.maxLength) {
		throw item.fail(field.label, `must be at most ${field.maxLength} characters (got ${charCount(text)})`);
	}
	return formatted(item, field, field.label, text, raw);
}

/** The format rules (UUID, e-mail, URL, date, E.164 phone numbers) of one text value. */
function formatted(item: ItemParams, field: Pick<CatalogField, 'format' | 'family' | 'phone'>, label: string, text: string, raw: unknown): string {
	switch (field.format) {
		case 'uuid':
			if (!(field.family === 'voice' ? VOICE_ID.test(text) : isUuid(text))) throw item.fail(label, `must be a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e (got ${shown(raw)})`);
			return text;
		case 'email':
			if (!EMAIL.test(text)) throw item.fail(label, `must be an e-mail address (got ${shown(raw)})`);
			return text;
		case 'uri':
			if (!isWebUrl(text)) throw item.fail(label, `must be a URL starting with https:// or http:// (got ${shown(raw)})`);
			return text;
		case 'date':
			if (!DATE.test(text) || Number.isNaN(Date.parse(text))) throw item.fail(label, `must be a date as YYYY-MM-DD (got ${shown(raw)})`);
			return text;
		case 'date-time': {
			const time = Date.parse(text);
			if (Number.isNaN(time)) throw item.fail(label, `must be a date and time, e.g. 2026-05-01T09:00:00Z (got ${shown(raw)})`);
			return new Date(time).toISOString();
		}
		default:
			return field.phone ? item.phone(text, label) : text;
	}
}

function isWebUrl(text: string): boolean {
	try {
		const url = new URL(text);
		return url.protocol === 'https:' || url.protocol === 'http:';
	} catch {
		return false;
	}
}

function checkedList(item: ItemParams, field: CatalogField, raw: unknown): unknown[] {
	let list: unknown;
	if (Array.isArray(raw)) list = raw;
	else if (typeof raw === 'string' && field.items?.type !== 'object') {
		const text = raw.trim();
		list = text.startsWith('[') ? parsedJson(item, field.label, text, 'any') : text.split(',').map((part) => part.trim()).filter((part) => part !== '');
	} else list = parsedJson(item, field.label, raw, 'any');
	if (!Array.isArray(list)) throw item.fail(field.label, `must be a list (got ${shown(raw)})`);
	const items = field.items;
	return list.map((value, index) => {
		const label = `${field.label} (entry ${index + 1})`;
		if (items?.options && !items.options.includes(value as string)) {
			throw item.fail(label, `must be one of ${items.options.map(String).join(', ')} (got ${shown(value)})`);
		}
		if (items?.type === 'object') {
			if (value === null || typeof value !== 'object' || Array.isArray(value)) throw item.fail(label, `must be a JSON object (got ${shown(value)})`);
			return value;
		}
		if (items?.type === 'integer' || items?.type === 'number') {
			const n = Number(value);
			if (!Number.isFinite(n) || (items.type === 'integer' && !Number.isInteger(n))) throw item.fail(label, `must be a number (got ${shown(value)})`);
			return n;
		}
		if (items?.type === 'string') {
			if (typeof value !== 'string') throw item.fail(label, `must be text (got ${shown(value)})`);
			return formatted(item, { format: items.format, family: field.family }, label, value.trim(), value);
		}
		return value;
	});
}

/** JSON typed into a field (or an object an expression handed in). */
export function parsedJson(item: ItemParams, label: string, raw: unknown, want: 'object' | 'any'): unknown {
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch {
			throw item.fail(label, `must be valid JSON (got ${shown(raw)})`);
		}
	}
	if (want === 'object' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
		throw item.fail(label, `must be a JSON object (got ${shown(raw)})`);
	}
	return value;
}

/** A JSON body the catalogue does not break into fields, with the rules that are still known of it. */
export function checkedFreeBody(item: ItemParams, rules: FreeBody, raw: unknown): IDataObject | IDataObject[] | undefined {
	const label = 'Body (JSON)';
	if (isBlank(raw) || raw === '{}') {
		if (rules.required) throw item.fail(label, 'is required');
		return undefined;
	}
	const value = parsedJson(item, label, raw, rules.list ? 'any' : 'object');
	const records = Array.isArray(value) ? value : [value];
	if (Array.isArray(value)) {
		if (!rules.list) throw item.fail(label, 'must be one JSON object, not a list');
		if (value.length === 0) throw item.fail(label, 'must hold at least one entry');
		if (value.length > rules.list.max) throw item.fail(label, `must hold at most ${rules.list.max} entries (got ${value.length})`);
	}
	records.forEach((record, index) => {
		const where = Array.isArray(value) ? `${label} (entry ${index + 1})` : label;
		if (record === null || typeof record !== 'object' || Array.isArray(record)) throw item.fail(where, `must be a JSON object (got ${shown(record)})`);
		const given = (keys: string[]) => keys.filter((key) => !isBlank((record as IDataObject)[key]));
		if (rules.exactlyOne && given(rules.exactlyOne).length !== 1) {
			throw item.fail(where, `must have exactly one of ${rules.exactlyOne.join(', ')} (got ${given(rules.exactlyOne).join(', ') || 'none'})`);
		}
		if (rules.atLeastOne && given(rules.atLeastOne).length === 0) throw item.fail(where, `must have at least one of ${rules.atLeastOne.join(', ')}`);
		for (const [key, allowed] of Object.entries(rules.oneOf ?? {})) {
			const found = (record as IDataObject)[key];
			if (!allowed.includes(found as string)) throw item.fail(where, `must have ${key} set to one of ${allowed.join(', ')} (got ${shown(found)})`);
		}
	});
	return value as IDataObject | IDataObject[];
}
