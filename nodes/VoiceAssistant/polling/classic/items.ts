/**
 * A finished call from the call list as the item the webhook trigger would have started the
 * workflow with, so a workflow can switch between the two triggers by swapping the node.
 * - Simplify on: the webhook trigger's flat record (finishedCallRecord, shared with Call → Make's
 *   "Wait for Call to End"), which adds what only the list carries (answered_by, costs, evaluation).
 * - Simplify off: the post-call notification's field names (platform facts: id, customer_phone,
 *   assistant_phone, duration, status, extracted_variables, input_variables, transcript,
 *   recording_url, created_at, finished_at, lead, campaign), then the list's own extra fields.
 * The list does not return a call's input variables, lead or campaign id: those are {} / null
 * unless a deployment's list carries them.
 */
import type { IDataObject } from 'n8n-workflow';

import { finishedCallRecord } from '../../shared/finishedCall';
import { isObject } from '../../shared/objects';

const orNull = (value: unknown) => (value === undefined ? null : value);

function assistantIdOf(record: IDataObject, watched: number | undefined): number | undefined {
	const listed = Number(record.assistant_id);
	return Number.isSafeInteger(listed) && listed > 0 ? listed : watched;
}

/** The post-call notification's shape, from a call list record. */
export function notificationShape(record: IDataObject, watched: number | undefined): IDataObject {
	const campaign = isObject(record.campaign)
		? record.campaign
		: typeof record.campaign_name === 'string' && record.campaign_name !== ''
			? { id: orNull(record.campaign_id), name: record.campaign_name }
			: null;
	return {
		id: record.id,
		assistant_id: orNull(assistantIdOf(record, watched)),
		customer_phone: orNull(record.customer_phone ?? record.client_phone_number),
		assistant_phone: orNull(record.assistant_phone ?? record.assistant_phone_number),
		duration: orNull(record.duration),
		status: orNull(record.status),
		extracted_variables: isObject(record.extracted_variables) ? record.extracted_variables : isObject(record.variables) ? record.variables : {},
		input_variables: isObject(record.input_variables) ? record.input_variables : {},
		transcript: orNull(record.transcript),
		...(record.formatted_transcript !== undefined ? { formatted_transcript: record.formatted_transcript } : {}),
		recording_url: orNull(record.recording_url),
		created_at: orNull(record.created_at),
		finished_at: orNull(record.finished_at ?? record.updated_at),
		lead: isObject(record.lead) ? record.lead : null,
		campaign,
		type: orNull(record.type),
		assistant_name: orNull(record.assistant_name),
		answered_by: orNull(record.answered_by),
		evaluation: orNull(record.evaluation),
		carrier_cost: orNull(record.carrier_cost),
		total_cost: orNull(record.total_cost),
	};
}

/** The item's JSON for one finished call. */
export function callItemJson(record: IDataObject, simplify: boolean, watched: number | undefined): IDataObject {
	if (!simplify) return notificationShape(record, watched);
	const simple = finishedCallRecord(record, {
		assistantId: assistantIdOf(record, watched),
		inputVariables: isObject(record.input_variables) ? record.input_variables : undefined,
	});
	const lead = isObject(record.lead) ? record.lead : undefined;
	return {
		...simple,
		lead_id: lead?.id ?? simple.lead_id,
		lead_phone: lead?.phone_number ?? simple.lead_phone,
		lead_status: lead?.status ?? simple.lead_status,
		campaign_id: record.campaign_id ?? simple.campaign_id,
	};
}
