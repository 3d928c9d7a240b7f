import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { leadPhoneAndVariablesFields, phoneField, variablePairsField } from '../../../shared/fields';
import { campaignLocator } from '../../../shared/locators';
import { writeResult } from '../../../engine/answers';
import { pairsToObject, parseJsonObject, requireBoolean } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';
// Do Not Call (#20): decided in prepare, applied in send.
import { decideRules, doNotCallFields, outputUnderRules, sendUnderRules, type RuleDecision } from '../../../engine/callingRules';
import type { Operation, Prepared } from '../../../engine/operation';

const fields: INodeProperties[] = [
	campaignLocator('The campaign the lead is added to'),
	...leadPhoneAndVariablesFields(),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Allow Duplicates',
				name: 'allowDuplicates',
				type: 'boolean',
				default: false,
				description: 'Whether the lead is created even if the campaign already has a lead with this phone number',
			},
			{
				displayName: 'Secondary Contacts',
				name: 'secondaryContacts',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Contact',
				default: {},
				description: 'Further numbers of the same lead, created with it',
				options: [
					{
						displayName: 'Contact',
						name: 'contacts',
						values: [
							phoneField({ name: 'phoneNumber', displayName: 'Phone Number' }),
							variablePairsField({ description: 'Variables of this contact as name/value pairs' }),
							{
								displayName: 'Variables (JSON)',
								name: 'variablesJson',
								type: 'json',
								default: '{}',
								description:
									'Variables of this contact as a JSON object; pairs entered above override keys given here',
							},
						],
					},
				],
			},
		],
	},
];

interface ContactInput {
	phoneNumber?: unknown;
	variables?: { pairs?: Array<{ name?: unknown; value?: unknown }> };
	variablesJson?: unknown;
}

interface CreateLead extends Prepared {
	rules: RuleDecision;
}

/** POST /user/lead → {message, data: Lead}. A number on the Do Not Call list never becomes a lead (the campaign would call it). */
export const operation: Operation<CreateLead> = {
	value: 'create',
	name: 'Create',
	description: 'Add a lead (a contact to call) to a campaign',
	action: 'Create a lead',
	defaultCountry: true,
	write: { mayHaveHappened: 'the lead may have been created', done: ['lead created', 'leads created'] },
	fields: [...fields, ...doNotCallFields],
	prepare(item) {
		const campaignId = item.locatorId('campaignId', 'Campaign');
		const phone = item.phone(item.get('phoneNumber'), 'Phone Number');
		const body: IDataObject = { phone_number: phone, campaign_id: campaignId };
		const variables = item.variables();
		if (variables) body.variables = variables;
		const additional = item.get('additionalFields', {}) as IDataObject;
		if (additional.allowDuplicates !== undefined) {
			// The platform spells the field this way.
			body.allow_dupplicate = requireBoolean(item.node, additional.allowDuplicates, item.where('Allow Duplicates'));
		}
		const contacts = ((additional.secondaryContacts as IDataObject | undefined)?.contacts ?? []) as ContactInput[];
		if (contacts.length > 0) body.secondary_contacts = contacts.map((contact, index) => secondaryContact(item, contact, index));
		return { rules: decideRules(item, phone, 'Phone Number'), request: { method: 'POST', path: '/user/lead', body, notFound: `Campaign ${campaignId}` } };
	},
	send: async ({ rules, request }, api) => await sendUnderRules(rules, api, async () => await api.request(request)),
	output: (sent) => outputUnderRules(sent, (answer) => [writeResult(answer)]),
};

function secondaryContact(item: ItemParams, contact: ContactInput, index: number): IDataObject {
	const field = `Secondary Contact ${index + 1}`;
	const phoneNumber = item.phone(contact.phoneNumber, `${field} Phone Number`);
	const fromJson = parseJsonObject(item.node, contact.variablesJson, item.where(`${field} Variables (JSON)`)) ?? {};
	const fromPairs = pairsToObject(item.node, contact.variables?.pairs, item.where(`${field} Variables`));
	return { phone_number: phoneNumber, variables: { ...fromJson, ...fromPairs } };
}
