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
