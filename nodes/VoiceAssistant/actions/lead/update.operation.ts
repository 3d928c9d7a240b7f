import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { valueOptions, variablePairsField } from '../../shared/fields';
import { LEAD_STATES } from '../../shared/limits';
import { readDefaultCountry, readPhone } from '../../shared/params';
import { fail, pairsToObject, parseJsonObject, requireId, requireOneOf } from '../../shared/validate';
import { apiRequest } from '../../transport/request';

export const description: INodeProperties[] = [
	{
		displayName: 'Lead ID',
		name: 'leadId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1024',
		description: 'The ID of the lead to change (the "ID" of a lead from Create or Get Many)',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The platform lets four fields of a lead change: campaign, phone number, status and variables',
		options: [
			{
				displayName: 'Campaign Name or ID',
				name: 'campaignId',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getCampaigns' },
				default: '',
				description:
					'Move the lead to this campaign. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Phone Number',
				name: 'phoneNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. +49 151 2345678',
				description: 'The new number; sent in E.164 format',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: valueOptions(LEAD_STATES),
				default: 'created',
				description:
					'The new state. The platform normally sets it itself and may refuse a manual change.',
			},
			variablePairsField({
				description:
					'Variables to set. The platform MERGES them into the lead\'s existing variables: keys given here are added or overwritten, other keys stay.',
			}),
			{
				displayName: 'Variables (JSON)',
				name: 'variablesJson',
				type: 'json',
				default: '{}',
				description:
					'Variables to set, as a JSON object. Merged into the existing variables by the platform (other keys stay); pairs entered under Variables override keys given here.',
			},
		],
	},
];

/** PUT /user/leads/{id} with only the four allowed fields → {message}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	const leadId = requireId(node, String(this.getNodeParameter('leadId', itemIndex, '')).trim(), {
		field: 'Lead ID',
		itemIndex,
	});
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.campaignId !== undefined) {
		body.campaign_id = requireId(node, fields.campaignId, { field: 'Campaign', itemIndex });
	}
	if (fields.phoneNumber !== undefined) {
		body.phone_number = readPhone(this, fields.phoneNumber, 'Phone Number', itemIndex, readDefaultCountry(this, itemIndex));
	}
	if (fields.status !== undefined) {
		body.status = requireOneOf(node, fields.status, LEAD_STATES, { field: 'Status', itemIndex });
	}
	if (fields.variables !== undefined || fields.variablesJson !== undefined) {
		const fromJson = parseJsonObject(node, fields.variablesJson, { field: 'Variables (JSON)', itemIndex }) ?? {};
		const pairs = (fields.variables as { pairs?: Array<{ name?: unknown; value?: unknown }> } | undefined)?.pairs;
		const variables = { ...fromJson, ...pairsToObject(node, pairs, { field: 'Variables', itemIndex }) };
		if (Object.keys(variables).length > 0) body.variables = variables;
	}
	if (Object.keys(body).length === 0) {
		throw fail(node, { field: 'Update Fields', itemIndex }, 'is empty: add at least one field to change');
	}

	const response = (await apiRequest.call(this, 'PUT', `/user/leads/${leadId}`, {
		body,
		itemIndex,
		// A 404 means the lead, or the campaign it is being moved to, does not exist (the description says which).
		notFound: body.campaign_id === undefined ? `Lead ${leadId}` : `Lead ${leadId} or Campaign ${String(body.campaign_id)}`,
	})) as IDataObject | undefined;
	return [
		{
			json: {
				id: leadId,
				message: typeof response?.message === 'string' ? response.message : 'Lead updated successfully',
				updated: body,
			},
		},
	];
}
