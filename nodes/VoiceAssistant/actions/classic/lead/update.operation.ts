import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { campaignOptionField, leadIdField, valueOptions, variablePairsField, phoneField } from '../../../shared/fields';
import { writeAnswer } from '../../../engine/answers';
import { LEAD_STATES } from '../../../shared/limits';
import { pairsToObject, parseJsonObject, requireId, requireOneOf } from '../../../shared/validate';
import type { ItemParams } from '../../../engine/itemParams';
import type { Operation, Prepared } from '../../../engine/operation';

const fields: INodeProperties[] = [
	leadIdField('The ID of the lead to change (the "ID" of a lead from Create or Get Many)'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The platform lets four fields of a lead change: campaign, phone number, status and variables',
		options: [
			campaignOptionField('Move the lead to this campaign'),
			phoneField({ name: 'phoneNumber', displayName: 'Phone Number', description: 'The new number; sent in E.164 format' }),
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

interface UpdateLead extends Prepared {
	leadId: number;
	body: IDataObject;
}

/** PUT /user/leads/{id} (PUT /leads/{id} on hosts of the 2026 docs) with only the four allowed fields → {message}. */
export const operation: Operation<UpdateLead> = {
	value: 'update',
	name: 'Update',
	description: 'Change the campaign, phone number, status or variables of a lead',
	action: 'Update a lead',
	defaultCountry: true,
	write: { mayHaveHappened: 'the lead may have been updated', done: ['lead updated', 'leads updated'] },
	fields,
	prepare(item) {
		const leadId = requireId(item.node, String(item.get('leadId')).trim(), item.where('Lead ID'));
		const body = updateBody(item);
		// A 404 means the lead, or the campaign it is being moved to, does not exist (the description says which).
		const notFound = body.campaign_id === undefined ? `Lead ${leadId}` : `Lead ${leadId} or Campaign ${String(body.campaign_id)}`;
		// The 2026 docs move the route out of /user (docs/platform-facts.md, "Lead update path").
		const otherForm = { dialect: 'lead update path', path: `/leads/${leadId}` };
		return { leadId, body, request: { method: 'PUT', path: `/user/leads/${leadId}`, body, notFound, otherForm } };
	},
	output(answer, { leadId, body }) {
		const { message } = writeAnswer(answer);
		return [{ id: leadId, message: typeof message === 'string' ? message : 'Lead updated successfully', updated: body }];
	},
};

function updateBody(item: ItemParams): IDataObject {
	const fields = item.get('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.campaignId !== undefined) body.campaign_id = requireId(item.node, fields.campaignId, item.where('Campaign'));
	if (fields.phoneNumber !== undefined) body.phone_number = item.phone(fields.phoneNumber, 'Phone Number');
	if (fields.status !== undefined) body.status = requireOneOf(item.node, fields.status, LEAD_STATES, item.where('Status'));
	if (fields.variables !== undefined || fields.variablesJson !== undefined) {
		const fromJson = parseJsonObject(item.node, fields.variablesJson, item.where('Variables (JSON)')) ?? {};
		const pairs = (fields.variables as { pairs?: Array<{ name?: unknown; value?: unknown }> } | undefined)?.pairs;
		const variables = { ...fromJson, ...pairsToObject(item.node, pairs, item.where('Variables')) };
		if (Object.keys(variables).length > 0) body.variables = variables;
	}
	if (Object.keys(body).length === 0) throw item.fail('Update Fields', 'is empty: add at least one field to change');
	return body;
}
