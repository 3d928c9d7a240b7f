import type { IDataObject } from 'n8n-workflow';

/** The fields people use from a large record (the "Simplify" option); keys the record lacks are left out. */
export function pick(record: IDataObject, keys: readonly string[]): IDataObject {
	const result: IDataObject = {};
	for (const key of keys) {
		if (key in record) result[key] = record[key];
	}
	return result;
}
