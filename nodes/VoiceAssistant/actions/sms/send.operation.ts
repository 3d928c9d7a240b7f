import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { phoneField } from '../../shared/fields';
import { writeResult } from '../../shared/items';
import { MAX_LENGTH, SMS_SEGMENT_CHARS } from '../../shared/limits';
import { readDefaultCountry, readPhone } from '../../shared/params';
import { estimateSegments } from '../../shared/sms';
import { charCount, fail, requireText, shown } from '../../shared/validate';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
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
	phoneField({
		name: 'to',
		displayName: 'To',
		required: true,
		description: 'The recipient; sent in E.164 format',
	}),
	{
		displayName: 'Message',
		name: 'body',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		hint: `At most ${MAX_LENGTH.smsBody} characters. Billed per segment: ${SMS_SEGMENT_CHARS.gsm7} characters of plain text, or ${SMS_SEGMENT_CHARS.unicode} once it has emoji or other special characters. The output shows the segment count.`,
		description: `The text of the SMS (at most ${MAX_LENGTH.smsBody} characters)`,
	},
];

/** POST /user/sms {from: phone-number id, to, body} → {message, data: SMS record}; adds the segment estimate. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const defaultCountry = readDefaultCountry(this, itemIndex);
	const to = readPhone(this, this.getNodeParameter('to', itemIndex, ''), 'To', itemIndex, defaultCountry);
	const text = requireText(node, this.getNodeParameter('body', itemIndex, ''), { field: 'Message', itemIndex });
	if (charCount(text) > MAX_LENGTH.smsBody) {
		throw fail(
			node,
			{ field: 'Message', itemIndex },
			`is ${charCount(text)} characters long; the platform allows at most ${MAX_LENGTH.smsBody}`,
		);
	}
	const from = await resolveSender(this, this.getNodeParameter('from', itemIndex, ''), itemIndex, defaultCountry);
	const estimate = estimateSegments(text);

	const response = await apiRequest.call(this, 'POST', '/user/sms', {
		body: { from, to, body: text },
		itemIndex,
	});
	const result: IDataObject = writeResult(response);
	result.encoding = estimate.encoding;
	result.estimated_segments = estimate.segments;
	return [{ json: result }];
}

/**
 * "From" is the ID of one of the user's numbers. An expression may give the number itself
 * ("+49 157 92345601"); it is then looked up among the user's numbers (one read, before any send).
 */
async function resolveSender(
	ctx: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	defaultCountry?: string,
): Promise<number> {
	const where = { field: 'From', itemIndex };
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (text === '') throw fail(ctx.getNode(), where, 'is required: pick one of your phone numbers');
	if (/^\d+$/.test(text) && Number(text) > 0 && text.length < 10) return Number(text);
	if (!/^[+\d\s()./-]+$/.test(text)) {
		throw fail(ctx.getNode(), where, `must be one of your phone numbers or its ID (got ${shown(value)})`);
	}
	const e164 = readPhone(ctx, text, 'From', itemIndex, defaultCountry);
	const numbers = await apiRequest.call(ctx, 'GET', '/user/assistants/phone-numbers', { itemIndex });
	const match = (Array.isArray(numbers) ? (numbers as IDataObject[]) : []).find((n) => n.phone_number === e164);
	if (!match) throw fail(ctx.getNode(), where, `${e164} is not one of your phone numbers`);
	return Number(match.id);
}
