import type { IDataObject } from 'n8n-workflow';

import { requireText } from '../../../shared/validate';
import type { Operation, Prepared } from '../../../engine/operation';
// Do Not Call (#20): decided in prepare, applied in send; a skipped item needs no template or session check.
import { decideRules, doNotCallFields, outputUnderRules, sendUnderRules, type RuleDecision } from '../../../engine/callingRules';
import { acceptedAnswer } from '../../../engine/answers';
import { readRecipient, readSender, recipientField, senderField } from './fields';
import { readSession, sessionCall, sessionStatus } from './session';

/** WhatsApp's limit on one text message. */
const MAX_TEXT = 4096;

interface SendFreeform extends Prepared {
	rules: RuleDecision;
	senderId: number;
	recipient: string;
}

/**
 * POST /user/whatsapp/send-freeform {sender_id, recipient_phone, message}. Only possible while the
 * customer's 24-hour session is open, so the session is checked first (one read per sender and
 * recipient for the whole batch) and an item whose session is closed is refused before anything is
 * sent, with the advice to send a template.
 */
export const operation: Operation<SendFreeform> = {
	value: 'sendFreeform',
	name: 'Send Free-Form',
	description: 'Send a free text WhatsApp message within the 24-hour session a customer opened',
	action: 'Send a free-form WhatsApp message',
	defaultCountry: true,
	write: {
		mayHaveHappened: 'the WhatsApp message may have been sent (and charged)',
		done: ['message sent', 'messages sent'],
		agent: { reaches: ({ recipient }) => recipient },
	},
	fields: [
		senderField,
		recipientField,
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			description: `The text to send (at most ${MAX_TEXT} characters)`,
		},
		...doNotCallFields,
	],
	prepare(item) {
		const senderId = readSender(item);
		const recipient = readRecipient(item);
		const message = requireText(item.node, item.get('message'), item.where('Message'), MAX_TEXT);
		return {
			senderId,
			recipient,
			rules: decideRules(item, recipient, 'Recipient Phone'),
			request: { method: 'POST', path: '/user/whatsapp/send-freeform', body: { sender_id: senderId, recipient_phone: recipient, message } },
		};
	},
	async resolve(prepared, lookup) {
		if (prepared.rules.skip) return prepared;
		const call = sessionCall(prepared.senderId, prepared.recipient);
		const session = await lookup.once(`session:${prepared.senderId}:${prepared.recipient}`, async (api) => await readSession(api, call));
		const status = sessionStatus(session);
		if (status.can_send_freeform !== true) {
			const said = typeof status.message === 'string' && status.message !== '' ? ` (${status.message})` : '';
			throw lookup.fail(
				'Recipient Phone',
				`${prepared.recipient} has no open 24-hour WhatsApp session with sender ${prepared.senderId}${said}: send a template instead`,
			);
		}
		return prepared;
	},
	async send(prepared, api) {
		return await sendUnderRules(prepared.rules, api, async () =>
			acceptedAnswer(await api.request(prepared.request), api, prepared.request, 'success', 'send the WhatsApp message'),
		);
	},
	output: (sent, { recipient }) => outputUnderRules<unknown>(sent, (answer) => [{ recipient_phone: recipient, ...(answer as IDataObject) }]),
};
