import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { campaignLocator, phoneField, variablePairsField, variablesFields } from '../../shared/fields';
import { writeResult } from '../../shared/items';
import { readDefaultCountry, readLocatorId, readPhone, readVariables } from '../../shared/params';
import { pairsToObject, parseJsonObject, requireBoolean } from '../../shared/validate';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
	campaignLocator('The campaign the lead is added to'),
	phoneField({
		name: 'phoneNumber',
		displayName: 'Phone Number',
		required: true,
		description: 'The number the campaign calls; sent in E.164 format',
	}),
	...variablesFields('Values the assistant can use in the call, e.g. customer_name.'),
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
							{
								displayName: 'Phone Number',
								name: 'phoneNumber',
								type: 'string',
								default: '',
								placeholder: 'e.g. +49 151 2345678',
							},
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

/** POST /user/lead → {message, data: Lead}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const defaultCountry = readDefaultCountry(this, itemIndex);
	const campaignId = readLocatorId(this, 'campaignId', 'Campaign', itemIndex);
	const phone = readPhone(this, this.getNodeParameter('phoneNumber', itemIndex, ''), 'Phone Number', itemIndex, defaultCountry);
	const body: IDataObject = { phone_number: phone, campaign_id: campaignId };

	const variables = readVariables(this, itemIndex);
	if (variables) body.variables = variables;

	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	if (additional.allowDuplicates !== undefined) {
		// The platform spells the field this way.
		body.allow_dupplicate = requireBoolean(node, additional.allowDuplicates, { field: 'Allow Duplicates', itemIndex });
	}
	const contacts = ((additional.secondaryContacts as IDataObject | undefined)?.contacts ?? []) as ContactInput[];
	if (contacts.length > 0) {
		body.secondary_contacts = contacts.map((contact, index) => {
			const field = `Secondary Contact ${index + 1}`;
			const phoneNumber = readPhone(this, contact.phoneNumber, `${field} Phone Number`, itemIndex, defaultCountry);
			const fromJson = parseJsonObject(node, contact.variablesJson, { field: `${field} Variables (JSON)`, itemIndex }) ?? {};
			const fromPairs = pairsToObject(node, contact.variables?.pairs, { field: `${field} Variables`, itemIndex });
			return { phone_number: phoneNumber, variables: { ...fromJson, ...fromPairs } };
		});
	}

	const response = await apiRequest.call(this, 'POST', '/user/lead', {
		body,
		itemIndex,
		notFound: `Campaign ${campaignId}`,
	});
	return [{ json: writeResult(response) }];
}
