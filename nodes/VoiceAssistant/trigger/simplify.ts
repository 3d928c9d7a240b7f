import type { IDataObject } from 'n8n-workflow';

import { transcriptText } from '../shared/callRecord';

// The transcript reader moved to shared/ (Call → Get reads it too); still exported from here.
export { transcriptText };

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pick<T>(...values: unknown[]): T | null {
	for (const value of values) if (value !== undefined && value !== null) return value as T;
	return null;
}

/**
 * One flat record with the fields most workflows need, the same keys for both events (fields an
 * event does not carry are null), so expressions downstream never depend on the payload's shape.
 */
export function simplifyDelivery(body: IDataObject): IDataObject {
	const lead = isObject(body.lead) ? body.lead : undefined;
	const campaign = isObject(body.campaign) ? body.campaign : undefined;
	const extracted = pick<IDataObject>(
		isObject(body.extracted_variables) ? body.extracted_variables : undefined,
		isObject(body.variables) ? body.variables : undefined,
	);
	return {
		call_id: pick(body.id, body.call_id),
		assistant_id: pick(body.assistant_id),
		status: pick(body.status),
		duration: pick(body.duration),
		customer_phone: pick(body.customer_phone),
		assistant_phone: pick(body.assistant_phone),
		transcript: transcriptText(body),
		summary: pick(extracted?.summary),
		extracted_variables: extracted ?? {},
		input_variables: isObject(body.input_variables) ? body.input_variables : {},
		recording_url: pick(body.recording_url),
		created_at: pick(body.created_at),
		finished_at: pick(body.finished_at, body.timestamp),
		lead_id: pick(lead?.id),
		lead_phone: pick(lead?.phone_number),
		lead_status: pick(lead?.status),
		lead_variables: isObject(lead?.variables) ? lead.variables : null,
		campaign_id: pick(campaign?.id),
		campaign_name: pick(campaign?.name),
	};
}
