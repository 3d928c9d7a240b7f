import type { IDataObject } from 'n8n-workflow';
import { isObject } from './objects';

/**
 * Reading a call record whatever shape a deployment sends it in: the transcript (a string, or an
 * array of {text, type, sender, timestamp} with a `formatted_transcript` beside it) and the
 * evaluation (an object, or an array of {name, type, value, description}). Shared by the trigger's
 * Simplify and Call → Get.
 */


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

/**
 * The evaluation as one object keyed by criterion: an object stays as it is; an array of
 * {name, type, value, description} becomes {name: value}; nothing (null, empty) becomes {}.
 * Entries without a name keep their place under their position ("1", "2", ...).
 */
export function evaluationObject(evaluation: unknown): IDataObject {
	if (isObject(evaluation)) return evaluation;
	if (!Array.isArray(evaluation)) return {};
	const result: IDataObject = {};
	evaluation.forEach((entry, index) => {
		if (isObject(entry) && typeof entry.name === 'string' && entry.name !== '') {
			result[entry.name] = (entry.value ?? null) as IDataObject[string];
		} else {
			result[String(index + 1)] = (isObject(entry) && 'value' in entry ? entry.value : entry) as IDataObject[string];
		}
	});
	return result;
}

/** The first of the values that is present (neither undefined nor null), else null. */
function firstPresent<T>(...values: unknown[]): T | null {
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
	const extracted = firstPresent<IDataObject>(
		isObject(body.extracted_variables) ? body.extracted_variables : undefined,
		isObject(body.variables) ? body.variables : undefined,
	);
	return {
		call_id: firstPresent(body.id, body.call_id),
		assistant_id: firstPresent(body.assistant_id),
		status: firstPresent(body.status),
		duration: firstPresent(body.duration),
		customer_phone: firstPresent(body.customer_phone),
		assistant_phone: firstPresent(body.assistant_phone),
		transcript: transcriptText(body),
		summary: firstPresent(extracted?.summary),
		extracted_variables: extracted ?? {},
		input_variables: isObject(body.input_variables) ? body.input_variables : {},
		recording_url: firstPresent(body.recording_url),
		created_at: firstPresent(body.created_at),
		finished_at: firstPresent(body.finished_at, body.timestamp),
		lead_id: firstPresent(lead?.id),
		lead_phone: firstPresent(lead?.phone_number),
		lead_status: firstPresent(lead?.status),
		lead_variables: isObject(lead?.variables) ? lead.variables : null,
		campaign_id: firstPresent(campaign?.id),
		campaign_name: firstPresent(campaign?.name),
	};
}
