import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { route } from './actions/router';
import * as reference from './actions/reference/Reference.resource';

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
				options: [{ name: 'Reference Data', value: 'reference' }],
				default: 'reference',
			},
			reference.operationField,
			...reference.fields,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
