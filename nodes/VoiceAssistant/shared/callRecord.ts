import type { IDataObject } from 'n8n-workflow';

/**
 * Reading a call record whatever shape a deployment sends it in: the transcript (a string, or an
 * array of {text, type, sender, timestamp} with a `formatted_transcript` beside it) and the
 * evaluation (an object, or an array of {name, type, value, description}). Shared by the trigger's
 * Simplify and Call → Get.
 */

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
