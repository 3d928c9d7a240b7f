import type { IDataObject } from 'n8n-workflow';

import { evaluationObject, transcriptText } from '../../../shared/callRecord';
import { pick } from '../../../shared/items';

/**
 * What Simplify keeps of a call. From node version 2 it follows n8n's guideline (at most ten
 * top-level fields, the ones workflows use) and gives costs as numbers, whichever way the host
 * writes them ("0.08000000" in the 2026 docs' examples, 0.08 in the reference). Version 1 keeps
 * its wider records, so saved workflows see what they were built on.
 */

/** Call → Get Many, version 2: ten fields. */
const LIST_KEYS = ['id', 'type', 'status', 'assistant_name', 'client_phone_number', 'duration', 'total_cost', 'variables', 'recording_url', 'created_at'];

/** Call → Get, version 2: ten fields; the summary is among the variables. */
const ONE_KEYS = ['id', 'type', 'status', 'client_phone_number', 'duration', 'total_cost', 'created_at', 'variables'];

/** Version 1's keys (thirteen on Get Many; Get adds transcript, summary and evaluation). */
const V1_KEYS = [
	'id',
	'type',
	'status',
	'assistant_name',
	'campaign_name',
	'client_phone_number',
	'assistant_phone_number',
	'duration',
	'answered_by',
	'total_cost',
	'variables',
	'recording_url',
	'created_at',
];

/** A cost as a number: decimal strings are read, anything else stays as it came. */
export function costNumber(value: unknown): unknown {
	if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value.trim())) return value;
	return Number(value);
}

function withNumericCost(record: IDataObject): IDataObject {
	return 'total_cost' in record ? { ...record, total_cost: costNumber(record.total_cost) as IDataObject[string] } : record;
}

export function simpleListedCall(call: IDataObject, version: number): IDataObject {
	return version >= 2 ? withNumericCost(pick(call, LIST_KEYS)) : pick(call, V1_KEYS);
}

export function simpleCall(call: IDataObject, version: number): IDataObject {
	const transcript = transcriptText(call);
	const evaluation = evaluationObject(call.evaluation);
	if (version >= 2) return { ...withNumericCost(pick(call, ONE_KEYS)), transcript, evaluation };
	const variables = call.variables !== null && typeof call.variables === 'object' ? (call.variables as IDataObject) : {};
	return { ...pick(call, V1_KEYS), transcript, summary: variables.summary ?? null, evaluation };
}
