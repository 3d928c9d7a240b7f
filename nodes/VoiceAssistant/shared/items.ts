import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** One output item per record; a single object becomes one item, an empty answer none. */
export function toItems(data: unknown): INodeExecutionData[] {
	if (Array.isArray(data)) return data.map((record) => ({ json: asObject(record) }));
	if (data === undefined || data === null || data === '') return [];
	return [{ json: asObject(data) }];
}

function asObject(value: unknown): IDataObject {
	return value !== null && typeof value === 'object' ? (value as IDataObject) : { value: value as string };
}

/** The fields people use from a large record (the "Simplify" option); keys the record lacks are left out. */
export function pick(record: IDataObject, keys: readonly string[]): IDataObject {
	const result: IDataObject = {};
	for (const key of keys) {
		if (key in record) result[key] = record[key];
	}
	return result;
}

/** A write operation's output: the platform's `data` object plus its message, so a workflow can log what happened. */
export function writeResult(response: unknown): IDataObject {
	const envelope = (response !== null && typeof response === 'object' ? response : {}) as IDataObject;
	const data = envelope.data;
	const result: IDataObject =
		data !== null && typeof data === 'object' && !Array.isArray(data) ? { ...(data as IDataObject) } : {};
	if (typeof envelope.message === 'string') result.message = envelope.message;
	return result;
}
