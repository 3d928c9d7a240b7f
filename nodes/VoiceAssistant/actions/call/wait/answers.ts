/** What the poller reads from the platform's answers (shapes vary between deployments). */
import type { IDataObject } from 'n8n-workflow';

/** A list answer's records (a bare array or a page envelope), and whether further pages exist. */
export function firstPage(answer: IDataObject | IDataObject[] | undefined): { records: IDataObject[]; more: boolean } {
	const records = Array.isArray(answer) ? answer : Array.isArray(answer?.data) ? (answer.data as IDataObject[]) : [];
	const total = Number(Array.isArray(answer) ? records.length : answer?.total);
	const lastPage = Number(Array.isArray(answer) ? 1 : answer?.last_page);
	return { records, more: (Number.isFinite(total) && total > records.length) || lastPage > 1 };
}

/** GET /user/calls/{id}: the record (bare or under `data`), or undefined when it is not that call. */
export function oneCall(answer: IDataObject | undefined, callId: number): IDataObject | undefined {
	const data = answer?.data;
	const record = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : answer;
	return record?.id === callId ? record : undefined;
}
