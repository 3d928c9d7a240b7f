import type { IDataObject } from 'n8n-workflow';

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function capitalise(word: string): string {
	return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The transcript as plain text, whichever shape arrived: a string; or an array of
 * {text, type, sender, timestamp} with (preferably) a ready `formatted_transcript` beside it, else
 * one "Sender: text" line per entry (the same layout the platform uses for the string form).
 */
export function transcriptText(body: IDataObject): string {
	if (typeof body.formatted_transcript === 'string' && body.formatted_transcript.trim() !== '') {
		return body.formatted_transcript;
	}
	const transcript = body.transcript;
	if (typeof transcript === 'string') return transcript;
	if (!Array.isArray(transcript)) return '';
	return transcript
		.map((entry) => {
			if (typeof entry === 'string') return entry;
			if (!isObject(entry)) return '';
			const text = typeof entry.text === 'string' ? entry.text : '';
			const speaker = typeof entry.sender === 'string' && entry.sender !== '' ? capitalise(entry.sender) : undefined;
			return speaker ? `${speaker}: ${text}` : text;
		})
		.filter((line) => line !== '')
		.join('\n');
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
