/** One waiting item as the poller holds it, and one assistant's group of them. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

export interface WaiterInit {
	seq: number;
	assistantId: number;
	phone: string;
	dateFrom: string;
	knownIds: number[] | null;
	takenAt: number;
}

export interface Waiter extends WaiterInit {
	known: ReadonlySet<number> | null;
	callId?: number;
	lastStatus?: string;
	/** set once make_call has answered: the item is waiting */
	ctx?: IExecuteFunctions;
	itemIndex: number;
	settle?: { resolve(record: IDataObject): void; reject(error: unknown): void };
}

export interface Group {
	intervalMs: number;
	dueAt: number;
	failures: number;
}


/** Calls on one number of one assistant are matched among themselves. */
export function phoneKey(waiter: WaiterInit): string {
	return `${waiter.assistantId}|${waiter.phone}`;
}
