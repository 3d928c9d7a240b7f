import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import * as assistant from './actions/assistant/Assistant.resource';
import * as call from './actions/call/Call.resource';
import * as campaign from './actions/campaign/Campaign.resource';
import * as lead from './actions/lead/Lead.resource';
import * as reference from './actions/reference/Reference.resource';
import { route } from './actions/router';
import * as sms from './actions/sms/Sms.resource';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { defaultCountryField, requestOptionsField } from './shared/fields';

export class VoiceAssistant implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Assistant',
		name: 'voiceAssistant',
		icon: { light: 'file:../../icons/voiceAssistant.svg', dark: 'file:../../icons/voiceAssistant.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create AI phone assistants, load leads into campaigns, place calls and send SMS (Famulor and white-label hosts)',
		defaults: { name: 'Voice Assistant' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAssistantApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Assistant', value: 'assistant' },
					{ name: 'Call', value: 'call' },
					{ name: 'Campaign', value: 'campaign' },
					{ name: 'Lead', value: 'lead' },
					{ name: 'Reference Data', value: 'reference' },
					{ name: 'SMS', value: 'sms' },
				],
				default: 'call',
			},
			assistant.operationField,
			call.operationField,
			campaign.operationField,
			lead.operationField,
			reference.operationField,
			sms.operationField,
			...assistant.fields,
			...call.fields,
			...campaign.fields,
			...lead.fields,
			...reference.fields,
			...sms.fields,
			defaultCountryField('lead', ['create', 'update']),
			defaultCountryField('call', ['make', 'getMany']),
			defaultCountryField('sms', ['send']),
			requestOptionsField,
		],
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
