import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { doNotCallFields, doNotCallSkip, skipped } from '../../../engine/callingRules/doNotCall';
import type { AnyOperation, Operation, Prepared } from '../../../engine/operation';
import { estimateSegments } from '../../../shared/sms';
import { charCount, requireText } from '../../../shared/validate';
import { platform2Records } from '../answers';
import type { CatalogOperation } from '../catalog/types';
import { operationFields } from '../fields';
import { catalogOperation } from '../operation';
import { readSuppressionIfAllowed, checkSuppressionListField } from '../suppressionList';
import { checkedValue } from '../values';

interface SendSms extends Prepared {
	/** set when the calling rules or the suppression list leave the item unsent: its output */
	skip?: IDataObject;
	/** read the workspace's suppression list before sending; what to do with a suppressed number */
	suppression?: 'skip' | 'fail';
	/** set when the pre-check could not read the list: what the output says about it */
	suppressionNote?: string;
}

type Sent = { skipped: IDataObject } | { answer: unknown };

const suppressionFields: INodeProperties[] = [
	checkSuppressionListField(
		"Whether to read the workspace's suppression list (opt-outs for SMS or for every channel) once per batch and leave suppressed numbers unsent. The list is read only when the API key may (scope suppression:read): with a key without it the messages are sent without this pre-check (each output says so), as Create Call does.",
	),
	{
		displayName: 'On a Suppressed Number',
		name: 'onSuppressed',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Skip', value: 'skip', description: 'Output the item unsent, marked as suppressed, with the entry' },
			{ name: 'Fail the Item', value: 'fail', description: 'The item fails before anything is sent (Continue On Fail routes it)' },
		],
		default: 'skip',
		displayOptions: { show: { checkSuppressionList: [true] } },
	},
];

/**
 * SMS → Send SMS on Platform 2.0, made by hand from its catalogue entry: the sender picked from the
 * workspace's numbers, the text as typed (at most the catalogue's 1,600 characters, counted as the
 * platform counts them: one per Unicode character, an emoji is one), and the calling rules' Do Not
 * Call list plus the workspace's suppression list, both decided before anything of the batch is sent.
 */
export function sendSms(entry: CatalogOperation): AnyOperation {
	const generated = catalogOperation(entry);
	const from = entry.fields.find((field) => field.key === 'from_number_id');
	const text = entry.fields.find((field) => field.key === 'body');
	const maxLength = text?.maxLength ?? 1600;
	const fields = operationFields(entry).map((field): INodeProperties =>
		field.name === text?.param
			? {
					...field,
					displayName: 'Message',
					typeOptions: { rows: 4 },
					hint: `At most ${maxLength} characters (an emoji counts as one). Billed per segment; the output shows the estimate.`,
					description: `The text of the SMS, sent as typed (API field ${text.key})`,
				}
			: field,
	);
	const operation: Operation<SendSms, Sent> = {
		value: entry.id,
		name: entry.name,
		action: entry.action,
		description: `${generated.description} Numbers on the Do Not Call list or the workspace's suppression list are not sent to`,
		defaultCountry: true,
		// the generated write: remembered for Retry On Fail, an AI agent needs the user's switch (it costs credits) and keeps to the allowed prefixes
		write: generated.write,
		fields: [...fields, ...doNotCallFields, ...suppressionFields],
		prepare(item) {
			const fromId = checkedValue(item, from!, item.locatorValue(from?.param ?? 'fromNumberId', ''));
			const to = item.phone(item.get('to'), 'To');
			const body = requireText(item.node, item.get(text?.param ?? 'body'), item.where('Message'));
			if (charCount(body) > maxLength) throw item.fail('Message', `is ${charCount(body)} characters long; the platform allows at most ${maxLength}`);
			const request = { method: entry.method, path: entry.path, body: { from_number_id: fromId as string, to, body }, platform2: { operation: entry.name, scopes: entry.scopes } };
			const skip = doNotCallSkip(item, to, 'To');
			const check = item.get('checkSuppressionList', true) !== false;
			return { request, skip, suppression: check ? (item.get('onSuppressed', 'skip') === 'fail' ? 'fail' : 'skip') : undefined };
		},
		async resolve(prepared, lookup) {
			if (prepared.skip || !prepared.suppression) return prepared;
			const list = await lookup.once('platform2-suppression-sms', async (api) => await readSuppressionIfAllowed(api, 'sms'));
			if (!list.readable) return { ...prepared, suppressionNote: list.why };
			const to = String(prepared.request.body?.to);
			const entry = list.numbers.get(to);
			if (!entry) return prepared;
			const where = entry.channel === 'all' ? 'for every channel' : 'for SMS';
			if (prepared.suppression === 'fail') throw lookup.fail('To', `${to} is on the workspace's suppression list (${where}${entry.reason ? `: ${entry.reason}` : ''}), so it is not sent`);
			return { ...prepared, skip: { ...skipped(to, 'suppressed', `The number is on the workspace's suppression list (${where})`), suppression_entry: { ...entry } } };
		},
		async send(prepared, api) {
			return prepared.skip ? { skipped: prepared.skip } : { answer: await api.request(prepared.request) };
		},
		async output(sent, { request, suppressionNote }, api) {
			if ('skipped' in sent) return [sent.skipped];
			const estimate = estimateSegments(String(request.body?.body));
			const records = await platform2Records(sent.answer, api, request);
			const note = suppressionNote ? { suppression_list: suppressionNote } : {};
			return records.map((record) => ({ ...record, encoding: estimate.encoding, estimated_segments: estimate.segments, ...note }));
		},
	};
	return operation as AnyOperation;
}
