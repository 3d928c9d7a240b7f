import type { IDataObject } from 'n8n-workflow';

/**
 * Simplify at most ten top-level fields (n8n's guideline): the trigger from version 4 and the
 * polling trigger from version 2 give these in place of the wider records of their earlier
 * versions (which saved workflows keep). Built from those wider records, so both triggers stay
 * interchangeable: a finished call, and an ended chat conversation.
 */

const orNull = (value: unknown) => (value === undefined ? null : value);

/** A finished call: the summary is among `extracted_variables`; the lead carries its campaign. */
export function compactCall(simple: IDataObject): IDataObject {
	const hasLead = simple.lead_id != null || simple.lead_phone != null || simple.campaign_id != null || simple.campaign_name != null;
	return {
		call_id: orNull(simple.call_id),
		assistant_id: orNull(simple.assistant_id),
		status: orNull(simple.status),
		duration: orNull(simple.duration),
		customer_phone: orNull(simple.customer_phone),
		transcript: orNull(simple.transcript),
		extracted_variables: orNull(simple.extracted_variables),
		recording_url: orNull(simple.recording_url),
		finished_at: orNull(simple.finished_at),
		lead: hasLead
			? {
					id: orNull(simple.lead_id),
					phone_number: orNull(simple.lead_phone),
					status: orNull(simple.lead_status),
					variables: orNull(simple.lead_variables),
					campaign_id: orNull(simple.campaign_id),
					campaign_name: orNull(simple.campaign_name),
				}
			: null,
	};
}

/** An ended chat conversation: the customer and the sender as one object each. */
export function compactConversation(simple: IDataObject): IDataObject {
	return {
		conversation_id: orNull(simple.conversation_id),
		assistant_id: orNull(simple.assistant_id),
		type: orNull(simple.type),
		status: orNull(simple.status),
		customer: { phone: orNull(simple.customer_phone), name: orNull(simple.customer_name) },
		sender: { phone: orNull(simple.sender_phone), name: orNull(simple.sender_name) },
		transcript: orNull(simple.transcript),
		extracted_variables: orNull(simple.extracted_variables),
		input_variables: orNull(simple.input_variables),
		ended_at: orNull(simple.ended_at),
	};
}
