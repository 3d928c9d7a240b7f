import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParams } from '../../../engine/itemParams';
import type { AnyOperation, Operation, Prepared } from '../../../engine/operation';
import { leadPhoneAndVariablesFields } from '../../../shared/fields';
import type { CatalogOperation } from '../catalog/types';
import { operationFields } from '../fields';
import { checkedValue } from '../values';
import { leadMessage, leadShares, type LeadShare } from './addLeadsAnswer';
import { leadBody, leadLabels } from './leadBody';
import { MAPPING_MODE, leadFromItem, mappingModeField, mapsAutomatically, otherFieldsField } from './leadFromItem';

/** The most leads the API takes in one request (catalogue: "one lead or up to 1000"). */
export const LEADS_PER_REQUEST = 1000;

interface LeadItem extends Prepared {
	campaignId: string;
	lead: IDataObject;
}

/**
 * Leads → Add Leads as a person uses it: one item is one lead (a campaign, a phone number typed any
 * common way, optional name, e-mail, tags and custom fields), sent under the catalogue's names for a
 * campaign lead (Update Lead: `phone`, `name`, `email`, `tags`, `custom_fields`), and the items of a run
 * travel in bulk: the engine gathers the leads of one campaign into requests of at most 1,000
 * (Operation.group), so 2,500 leads are 3 requests. Each item's output says what became of its lead:
 * created, flagged do-not-call, or not added and why (addLeadsAnswer.ts: how the answer is read).
 */
export function addLeads(entry: CatalogOperation): AnyOperation {
	const campaign = entry.fields.find((field) => field.in === 'path');
	if (!campaign) throw new Error(`${entry.id}: the catalogue names no campaign field`);
	const operation: Operation<LeadItem, LeadShare> = {
		value: entry.id,
		name: entry.name,
		action: 'Add leads to a campaign',
		description: `Add a lead to a campaign; the leads of a run are sent in bulk, up to ${LEADS_PER_REQUEST.toLocaleString('en-US')} per request`,
		defaultCountry: true,
		fields: fields(entry),
		write: { mayHaveHappened: 'the leads of this request may have been added', done: ['lead added', 'leads added'] },
		prepare(item) {
			const campaignId = String(checkedValue(item, campaign, item.locatorValue(campaign.param, undefined)));
			const lead = mapsAutomatically(item) ? leadFromItem(item) : leadOf(item);
			const request = {
				method: 'POST' as const,
				path: entry.path.replace('{id}', encodeURIComponent(campaignId)),
				body: lead,
				notFound: `Campaign ${campaignId}`,
				platform2: { scopes: entry.scopes, operation: entry.name, noRetry: false },
			};
			return { campaignId, lead, request };
		},
		group: {
			max: LEADS_PER_REQUEST,
			key: (prepared) => prepared.campaignId,
			// always a list, even of one lead: the answer is then read the same way
			request: (members) => ({ ...members[0].request, body: members.map((member) => member.lead) as unknown as IDataObject }),
			split: (answer, members) => leadShares(answer, members.map(({ lead }) => ({ phone: String(lead.phone), name: lead.name as string | undefined, email: lead.email as string | undefined }))),
		},
		output: (share, { campaignId, lead }) => [
			{
				status: share.status,
				message: leadMessage(share, String(lead.phone)),
				campaign_id: campaignId,
				phone: lead.phone,
				...(share.lead_id !== undefined ? { lead_id: share.lead_id } : {}),
				...(share.lead !== undefined ? { lead: share.lead } : {}),
				request: share.request,
			},
		],
	};
	return operation;
}

function fields(entry: CatalogOperation): INodeProperties[] {
	// the generated Campaign field (From List / By ID), without the generated JSON body
	const campaign = operationFields({ ...entry, freeBody: undefined });
	const definedBelow: INodeProperties[] = [
		...leadPhoneAndVariablesFields({
			phone: 'The number the campaign calls, typed any common way (Default Country applies); sent in E.164 (API field phone)',
			variables: "The lead's custom fields: values the assistant can use in its calls, e.g. customer_name (API field custom_fields)",
		}),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Email',
					name: 'email',
					type: 'string',
					placeholder: 'name@email.com',
					default: '',
					description: "The lead's e-mail address; a contact with the same e-mail already in the workspace is not added again (API field email)",
				},
				{ displayName: 'Name', name: 'name', type: 'string', default: '', description: "The lead's name, as the assistant may say it (API field name)" },
				{
					displayName: 'Tags',
					name: 'tags',
					type: 'string',
					default: '',
					placeholder: 'e.g. spring, newsletter',
					description: 'Labels for the lead, separated by commas (or a list from an expression) (API field tags)',
				},
			],
		},
	];
	const onlyBelow = (field: INodeProperties): INodeProperties => ({
		...field,
		displayOptions: { ...field.displayOptions, show: { ...field.displayOptions?.show, [MAPPING_MODE]: ['defineBelow'] } },
	});
	return [...campaign, mappingModeField, ...definedBelow.map(onlyBelow), otherFieldsField];
}

const FIELD_LABELS = leadLabels((key) => ({ name: 'Name', email: 'Email', tags: 'Tags' })[key]);

/** The lead in the fields below (leadBody.ts): the number first, then Additional Fields, then the variables. */
function leadOf(item: ItemParams): IDataObject {
	const phone = item.phone(item.get('phoneNumber'), 'Phone Number');
	return leadBody(item, phone, (item.get('additionalFields', {}) ?? {}) as IDataObject, FIELD_LABELS, () => item.variables());
}
