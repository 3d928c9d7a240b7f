import type { IDataObject } from 'n8n-workflow';

/** Whether a value is a plain JSON object (not null, not an array): what the platform's records are. */
export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value when it is a JSON object, else an empty one (answers whose shape is not guaranteed). */
export function asObject(value: unknown): IDataObject {
	return isObject(value) ? value : {};
}
