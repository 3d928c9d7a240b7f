import type { IBinaryKeyData, IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * Files that go with an output record (Call → Get's recording). An operation's output is JSON records;
 * the router turns each into an item `{ json: record, pairedItem }` keeping the record object itself,
 * so a file registered here against that object is put on its item by the node's execute(). Items are
 * never shared across executions (the map holds its records weakly).
 */
const files = new WeakMap<IDataObject, IBinaryKeyData>();

/** Registers the files of an output record; returns the record. */
export function withBinary(record: IDataObject, binary: IBinaryKeyData): IDataObject {
	files.set(record, binary);
	return record;
}

/** Puts each item's registered files on it (in place). */
export function attachBinary(outputs: INodeExecutionData[][]): INodeExecutionData[][] {
	for (const items of outputs) {
		for (const item of items) {
			const binary = files.get(item.json);
			if (binary) {
				item.binary = { ...item.binary, ...binary };
				files.delete(item.json);
			}
		}
	}
	return outputs;
}
