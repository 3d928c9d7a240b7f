import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { optionalText, pairsToObject, requireId, shown } from '../../../shared/validate';
import { listAnswer, acceptedAnswer } from '../../../engine/answers';
import type { Operation, Prepared } from '../../../engine/operation';
// Do Not Call (#20): decided in prepare, applied in send; a skipped item needs no template or session check.
import { decideRules, doNotCallFields, outputUnderRules, sendUnderRules, type RuleDecision } from '../../../engine/callingRules';
import { readRecipient, readSender, recipientField, senderField, templatesPath } from './fields';

const fields: INodeProperties[] = [
	senderField,
	{
		displayName: 'Template Name or ID',
		name: 'templateId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getWhatsAppTemplates', loadOptionsDependsOn: ['senderId.value'] },
		default: '',
		required: true,
		description:
			'An approved template of the sender (its variables are listed with it). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	recipientField,
	{
		displayName: 'Recipient Name',
		name: 'recipientName',
		type: 'string',
		default: '',
		description: "The customer's name, kept with the conversation (optional)",
	},
	{
		displayName: 'Template Variables',
		name: 'templateVariables',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Variable',
		default: {},
		description: 'A value for every variable of the template; checked against the template before anything is sent',
		options: [
			{
				displayName: 'Variable',
				name: 'pairs',
				values: [
					{
						displayName: 'Name or ID',
						name: 'name',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getWhatsAppTemplateVariables', loadOptionsDependsOn: ['templateId'] },
						default: '',
						description:
							'A variable of the chosen template. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
];

interface SendTemplate extends Prepared {
	rules: RuleDecision;
	senderId: number;
	templateId: number;
	variables: IDataObject;
}

/**
 * POST /user/whatsapp/send {sender_id, template_id, recipient_phone, recipient_name?, variables?}
 * → {success, conversation_id, message_id, ...}. Before anything is sent, the template is looked up
 * among the sender's (once per sender for the whole batch): it must exist, be approved, and get a
 * value for each of its variables and no others.
 */
export const operation: Operation<SendTemplate> = {
	value: 'sendTemplate',
	name: 'Send Template',
	description: 'Send an approved WhatsApp template message (also outside the 24-hour session)',
	action: 'Send a WhatsApp template',
	defaultCountry: true,
	write: {
		mayHaveHappened: 'the WhatsApp message may have been sent (and charged)',
		done: ['template sent', 'templates sent'],
		agent: { reaches: ({ request }) => String(request.body?.recipient_phone) },
	},
	fields: [...fields, ...doNotCallFields],
	prepare(item) {
		const senderId = readSender(item);
		const templateId = requireId(item.node, item.get('templateId'), item.where('Template'));
		const recipient = readRecipient(item);
		const name = optionalText(item.node, item.get('recipientName'), item.where('Recipient Name'), 255);
		const pairs = item.get('templateVariables.pairs', []) as Array<{ name?: unknown; value?: unknown }>;
		const variables: IDataObject = {};
		for (const [key, value] of Object.entries(pairsToObject(item.node, pairs, item.where('Template Variables')))) {
			variables[key] = typeof value === 'string' ? value : JSON.stringify(value ?? '');
		}
		const body: IDataObject = { sender_id: senderId, template_id: templateId, recipient_phone: recipient };
		if (name !== undefined) body.recipient_name = name.trim();
		if (Object.keys(variables).length > 0) body.variables = variables;
		const rules = decideRules(item, recipient, 'Recipient Phone');
		return { senderId, templateId, variables, rules, request: { method: 'POST', path: '/user/whatsapp/send', body } };
	},
	async resolve(prepared, lookup) {
		if (prepared.rules.skip) return prepared;
		const { senderId, templateId, variables } = prepared;
		const call = { method: 'GET' as const, path: templatesPath(senderId), qs: { status: 'all' }, notFound: `WhatsApp sender ${senderId}` };
		const templates = await lookup.once(`templates:${senderId}`, async (api) => listAnswer(await api.request(call), api, call, 'data'));
		const template = templates.find((t) => Number(t.id) === templateId);
		if (!template) throw lookup.fail('Template', `${templateId} is not a template of WhatsApp sender ${senderId}`);
		if (template.status !== undefined && template.status !== 'approved') {
			throw lookup.fail('Template', `"${String(template.name)}" is ${shown(template.status)}, not approved: WhatsApp only delivers approved templates`);
		}
		const expected = Array.isArray(template.variables) ? template.variables.map(String) : [];
		const missing = expected.filter((name) => !(name in variables));
		if (missing.length > 0) throw lookup.fail('Template Variables', `lack ${missing.join(', ')} (template "${String(template.name)}" needs ${expected.join(', ')})`);
		const unknown = Object.keys(variables).filter((name) => !expected.includes(name));
		if (unknown.length > 0) {
			throw lookup.fail('Template Variables', `name ${unknown.join(', ')}, which template "${String(template.name)}" does not have (it has ${expected.join(', ') || 'none'})`);
		}
		return prepared;
	},
	async send(prepared, api) {
		return await sendUnderRules(prepared.rules, api, async () =>
			acceptedAnswer(await api.request(prepared.request), api, prepared.request, 'success', 'send the WhatsApp template'),
		);
	},
	output: (sent, { request }) =>
		outputUnderRules<unknown>(sent, (answer) => [{ recipient_phone: (request.body as IDataObject).recipient_phone, ...(answer as IDataObject) }]),
};
