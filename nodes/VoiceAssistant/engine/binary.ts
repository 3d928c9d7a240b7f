import type { IBinaryKeyData, IDataObject } from 'n8n-workflow';

/**
 * Files that go with an output record (Call → Get's recording). An operation's output is JSON records;
 * the router turns each into an item `{ json: record, pairedItem }` and asks here for the files
 * registered against that record object. The map holds its records weakly.
 */
const files = new WeakMap<IDataObject, IBinaryKeyData>();

/** Registers the files of an output record; returns the record. */
export function withBinary(record: IDataObject, binary: IBinaryKeyData): IDataObject {
	files.set(record, binary);
	return record;
}

/** The item fields for a record's registered files: `{ binary }`, or nothing. */
export function binaryOf(record: IDataObject): { binary?: IBinaryKeyData } {
	const binary = files.get(record);
	if (binary === undefined) return {};
	files.delete(record);
	return { binary };
}
