import type { IDataObject } from 'n8n-workflow';

import { transcriptText } from '../../../shared/callRecord';
import { isObject } from '../../../shared/objects';

/**
 * What a Platform 2.0 call record says, read in one place for both outputs of a call: Get Call's
 * Simplify (these ten keys) and Create Call's Wait for Call to End (classic's keys, filled from these).
 * The 2.0 record carries the AI summary as its own `summary` (catalogue getCall: "the transcript, the
 * AI summary, …"), where classic's records had it inside the extracted variables: reading it the classic
 * way is what made Wait output `summary: null` for a call whose Get Call showed one.
 */
export function platform2CallFacts(call: IDataObject): IDataObject {
	const extracted = isObject(call.extracted_variables) ? call.extracted_variables : {};
	return {
		id: call.id ?? null,
		status: call.status ?? null,
		direction: call.direction ?? null,
		to_number: call.to_number ?? null,
		from_number: call.from_number ?? null,
		duration_sec: call.duration_sec ?? call.duration ?? null,
		summary: firstText(call.summary, extracted.summary) ?? null,
		extracted_variables: extracted,
		created_at: call.created_at ?? null,
		transcript: transcriptText(call),
	};
}

function firstText(...values: unknown[]): string | undefined {
	return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}
