/**
 * What a simulated call "says" and how it ends. The outcome is a pure function of the customer
 * number's last digit so tests and demos can choose it:
 *   0-4 completed (human) · 5 ended_by_customer · 6 voicemail (machine: completed, or ended_by_assistant
 *   when end_call_on_voicemail) · 7 busy · 8 no-answer · 9 failed
 */
import type { Assistant, TranscriptItem } from './records';
import { round } from './sms';

export type Outcome = 'completed' | 'ended_by_customer' | 'voicemail' | 'busy' | 'no-answer' | 'failed';

export function outcomeFor(phone: string): Outcome {
	const digit = Number(phone.replace(/\D/g, '').slice(-1) || '0');
	if (digit <= 4) return 'completed';
	if (digit === 5) return 'ended_by_customer';
	if (digit === 6) return 'voicemail';
	if (digit === 7) return 'busy';
	if (digit === 8) return 'no-answer';
	return 'failed';
}

export function answered(outcome: Outcome): boolean {
	return outcome === 'completed' || outcome === 'ended_by_customer' || outcome === 'voicemail';
}

type AssistantLike = Pick<
	Assistant,
	'initial_message' | 'post_call_schema' | 'post_call_evaluation' | 'max_duration' | 'end_call_on_voicemail'
>;

export function finalStatus(outcome: Outcome, assistant: Pick<Assistant, 'end_call_on_voicemail'>): string {
	if (outcome === 'voicemail') return assistant.end_call_on_voicemail ? 'ended_by_assistant' : 'completed';
	return outcome;
}

function digitSum(phone: string): number {
	return [...phone.replace(/\D/g, '')].reduce((sum, d) => sum + Number(d), 0);
}

/** Seconds the call lasted (0 when nobody answered), capped by the assistant's max_duration. */
export function durationFor(outcome: Outcome, phone: string, assistant: AssistantLike): number {
	const s = digitSum(phone);
	let seconds = 0;
	if (outcome === 'completed') seconds = 45 + ((s * 7) % 200);
	else if (outcome === 'ended_by_customer') seconds = 9 + (s % 20);
	else if (outcome === 'voicemail') seconds = assistant.end_call_on_voicemail ? 6 : 24;
	return Math.min(seconds, assistant.max_duration);
}

export function answeredBy(outcome: Outcome): 'human' | 'machine' | 'unknown' {
	if (outcome === 'voicemail') return 'machine';
	return answered(outcome) ? 'human' : 'unknown';
}

/** Billing: 0.15 per minute all-in, of which 0.012 carrier, billed per second. */
export function costsFor(duration: number): { carrier_cost: number; total_cost: number } {
	return { carrier_cost: round((duration / 60) * 0.012), total_cost: round((duration / 60) * 0.15) };
}

function customerName(variables: Record<string, unknown>): string {
	const name = variables.customer_name ?? variables.name ?? variables.first_name;
	return typeof name === 'string' && name ? name : 'Max Mustermann';
}

export function transcriptFor(
	outcome: Outcome,
	assistant: AssistantLike,
	inputVariables: Record<string, unknown>,
	startedAt: number,
	duration: number,
): TranscriptItem[] {
	if (!answered(outcome)) return [];
	const name = customerName(inputVariables);
	const lines: Array<[TranscriptItem['sender'], string]> =
		outcome === 'voicemail'
			? [
					['customer', `Hello, you have reached the voicemail of ${name}. Please leave a message after the tone.`],
					['assistant', assistant.initial_message],
				]
			: outcome === 'ended_by_customer'
				? [
						['assistant', assistant.initial_message],
						['customer', 'Sorry, I have no time right now.'],
					]
				: [
						['assistant', assistant.initial_message],
						['customer', `Hi, this is ${name}. What is it about?`],
						['assistant', 'Thanks for taking my call. Would a short appointment next week suit you?'],
						['customer', 'Yes, Tuesday afternoon works for me.'],
						['assistant', 'Perfect, Tuesday afternoon is noted. Have a great day!'],
					];
	const step = Math.max(1, Math.floor(duration / lines.length));
	return lines.map(([sender, text], i) => ({
		text,
		type: 'message',
		sender,
		timestamp: new Date(startedAt + i * step * 1000).toISOString(),
	}));
}

const SPEAKERS: Record<TranscriptItem['sender'], string> = { assistant: 'Assistant', customer: 'Customer', tool: 'Tool' };

export function formatTranscript(items: TranscriptItem[]): string {
	return items.map((item) => `${SPEAKERS[item.sender] ?? 'Customer'}: ${item.text}`).join('\n');
}

/** Values "collected" per the assistant's post_call_schema, plus status and summary. */
export function extractedVariables(
	outcome: Outcome,
	assistant: AssistantLike,
	inputVariables: Record<string, unknown>,
): Record<string, unknown> {
	if (!answered(outcome)) return {};
	const completed = outcome === 'completed';
	const out: Record<string, unknown> = {};
	for (const item of assistant.post_call_schema) {
		if (item.type === 'bool') out[item.name] = completed;
		else if (item.type === 'number') out[item.name] = completed ? 3 : 0;
		else if (/name/i.test(item.name)) out[item.name] = customerName(inputVariables);
		else if (/mail/i.test(item.name)) out[item.name] = 'max.mustermann@example.com';
		else if (/date|appointment|time/i.test(item.name)) out[item.name] = completed ? 'Tuesday afternoon' : '';
		else out[item.name] = completed ? `Collected ${item.name.replace(/_/g, ' ')}` : '';
	}
	out.status = outcome === 'voicemail' ? 'voicemail' : completed ? 'interested' : 'not_interested';
	out.summary =
		outcome === 'voicemail'
			? 'Reached the voicemail.'
			: completed
				? 'The customer agreed to an appointment on Tuesday afternoon.'
				: 'The customer ended the call early.';
	return out;
}

export function evaluationFor(outcome: Outcome, assistant: AssistantLike): Record<string, unknown> {
	if (!assistant.post_call_evaluation || !answered(outcome)) return {};
	const success = outcome === 'completed';
	return {
		success,
		score: success ? 9 : outcome === 'voicemail' ? 4 : 2,
		reason: success ? 'Goal reached: appointment booked.' : 'Goal not reached.',
	};
}
