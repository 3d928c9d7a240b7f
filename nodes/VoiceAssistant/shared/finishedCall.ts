import type { IDataObject } from 'n8n-workflow';

import { simplifyDelivery } from './callRecord';

/**
 * The finished call as an output item: the trigger's Simplify keys (built by the trigger's own
 * simplifyDelivery, so a workflow can switch between "Make with Wait" and the trigger without
 * changing its expressions), plus what only the call list carries: answered_by, evaluation, costs,
 * the raw transcript.
 *
 * From the call list record: id → call_id, client/assistant_phone_number → customer/assistant_phone,
 * variables (collected during the call) → extracted_variables; input_variables are the ones this
 * node sent (the list does not return them); finished_at is the record's updated_at, the last change
 * of a call that has ended. Timestamps stay as the platform wrote them (its own time zone).
 */
export function finishedCallRecord(
	call: IDataObject,
	placed: { assistantId: number | string | undefined; inputVariables?: IDataObject },
): IDataObject {
	const simple = simplifyDelivery({
		id: call.id,
		assistant_id: placed.assistantId,
		status: call.status,
		duration: call.duration,
		customer_phone: call.client_phone_number,
		assistant_phone: call.assistant_phone_number,
		transcript: call.transcript,
		formatted_transcript: call.formatted_transcript,
		extracted_variables: call.extracted_variables ?? call.variables,
		input_variables: placed.inputVariables ?? {},
		recording_url: call.recording_url,
		created_at: call.created_at,
		finished_at: call.finished_at ?? call.updated_at,
	});
	return {
		...simple,
		// campaign_name is known from the list even though the list has no campaign id
		campaign_name: call.campaign_name ?? simple.campaign_name,
		assistant_name: call.assistant_name ?? null,
		type: call.type ?? null,
		answered_by: call.answered_by ?? null,
		evaluation: call.evaluation ?? null,
		carrier_cost: call.carrier_cost ?? null,
		total_cost: call.total_cost ?? null,
		transcript_raw: call.transcript ?? null,
	};
}
