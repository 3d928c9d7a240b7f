import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { phoneField } from '../../../shared/fields';
import { writeResult, listAnswer } from '../../../engine/answers';
import { MAX_LENGTH, SMS_SEGMENT_CHARS } from '../../../shared/limits';
import { estimateSegments } from '../../../shared/sms';
import { charCount, requireText, shown } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';
import type { Operation, Prepared } from '../../../engine/operation';
// Calling rules (#20): Calling Hours and Do Not Call, decided in prepare, applied in send.
import { decideRules, localTimeFields, messageRuleFields, sendUnderRules, type Held, type RuleDecision } from '../../../engine/callingRules';

const fields: INodeProperties[] = [
	{
		displayName: 'From Name or ID',
		name: 'from',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getPhoneNumbers' },
		default: '',
		required: true,
		description:
			'Your SMS-capable phone number that sends the message (an expression may also give the number itself). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	phoneField({ name: 'to', displayName: 'To', required: true, description: 'The recipient; sent in E.164 format' }),
	{
		displayName: 'Message',
		name: 'body',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		// at most 120 characters (n8n's hint-max-length); the description says the rest
		hint: `At most ${MAX_LENGTH.smsBody} characters. Billed per segment (${SMS_SEGMENT_CHARS.gsm7} plain, ${SMS_SEGMENT_CHARS.unicode} with emoji); the output shows the count.`,
		description: `The text of the SMS. Billed per segment: ${SMS_SEGMENT_CHARS.gsm7} characters of plain text, or ${SMS_SEGMENT_CHARS.unicode} once it has emoji or other special characters.`,
	},
];

interface SendSms extends Prepared {
	/** set when "From" was given as a number, to be looked up among the account's numbers */
	senderNumber?: string;
	rules: RuleDecision;
}

/** POST /user/sms {from: phone-number id, to, body} → {message, data: SMS record}; adds the segment estimate. */
export const operation: Operation<SendSms> = {
	value: 'send',
	name: 'Send',
	description: 'Send an SMS from one of your phone numbers',
	action: 'Send an SMS',
	defaultCountry: true,
	write: {
		mayHaveHappened: 'the SMS may have been sent (and charged)',
		done: ['SMS sent', 'SMS sent'],
		agent: { reaches: ({ request }) => String(request.body?.to) },
	},
	fields: [...fields, ...messageRuleFields],
	prepare(item) {
		const to = item.phone(item.get('to'), 'To');
		const text = requireText(item.node, item.get('body'), item.where('Message'));
		if (charCount(text) > MAX_LENGTH.smsBody) {
			throw item.fail('Message', `is ${charCount(text)} characters long; the platform allows at most ${MAX_LENGTH.smsBody}`);
		}
		const sender = readSender(item);
		return {
			senderNumber: sender.number,
			rules: decideRules(item, to, 'To', { hours: true }),
			request: { method: 'POST', path: '/user/sms', body: { from: sender.id ?? 0, to, body: text } },
		};
	},
	async resolve(prepared, lookup) {
		if (prepared.senderNumber === undefined) return prepared;
		const call = { method: 'GET' as const, path: '/user/assistants/phone-numbers' };
		const numbers = await lookup.once('phone-numbers', async (api) => listAnswer(await api.request(call), api, call));
		const match = numbers.find((n) => n.phone_number === prepared.senderNumber);
		if (!match) throw lookup.fail('From', `${prepared.senderNumber} is not one of your phone numbers`);
		return { ...prepared, request: { ...prepared.request, body: { ...prepared.request.body, from: Number(match.id) } } };
	},
	async send({ rules, request }, api): Promise<Held<unknown>> {
		return await sendUnderRules(rules, api, async () => await api.request(request));
	},
	output(sent, { request, rules }) {
		const held = sent as Held<unknown>;
		if (!held.sent) return [held.skip];
		const estimate = estimateSegments(String((request.body as IDataObject).body));
		const record = writeResult(held.answer);
		// The 2026 docs' receipt names the message sms_id; `id` is what the reference's record calls it.
		if (record.id === undefined && record.sms_id !== undefined) record.id = record.sms_id;
		return [{ ...record, encoding: estimate.encoding, estimated_segments: estimate.segments, ...localTimeFields(rules, held.sentAt) }];
	},
};

/**
 * "From" is the ID of one of the user's numbers. An expression may give the number itself
 * ("+49 157 92345601"); it is then looked up among the user's numbers (one read for the whole batch,
 * before anything is sent).
 */
function readSender(item: ItemParams): { id?: number; number?: string } {
	const value = item.get('from');
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (text === '') throw item.fail('From', 'is required: pick one of your phone numbers');
	if (/^\d+$/.test(text) && Number(text) > 0 && text.length < 10) return { id: Number(text) };
	if (!/^[+\d\s()./-]+$/.test(text)) throw item.fail('From', `must be one of your phone numbers or its ID (got ${shown(value)})`);
	return { number: item.phone(text, 'From') };
}
