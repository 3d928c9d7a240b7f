import type { IDataObject } from 'n8n-workflow';

/** The fields people use from a large record (the "Simplify" option); keys the record lacks are left out. */
export function pick(record: IDataObject, keys: readonly string[]): IDataObject {
	const result: IDataObject = {};
	for (const key of keys) {
		if (key in record) result[key] = record[key];
	}
	return result;
}

/** A write's answer envelope as an object ({message, data, ...}); anything else reads as empty. */
export function writeAnswer(answer: unknown): IDataObject {
	return answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? (answer as IDataObject) : {};
}

/** A write operation's output: the platform's `data` object plus its message, so a workflow can log what happened. */
export function writeResult(answer: unknown): IDataObject {
	const envelope = writeAnswer(answer);
	const data = envelope.data;
	const result: IDataObject = data !== null && typeof data === 'object' && !Array.isArray(data) ? { ...(data as IDataObject) } : {};
	if (typeof envelope.message === 'string') result.message = envelope.message;
	return result;
}
