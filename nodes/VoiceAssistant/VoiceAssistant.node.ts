import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { RESOURCES } from './actions/operations';
import { nodeProperties } from './engine/properties';
import { route } from './engine/router';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';

export class VoiceAssistant implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Voice Assistant',
		name: 'voiceAssistant',
		icon: { light: 'file:../../icons/voiceAssistant.svg', dark: 'file:../../icons/voiceAssistant.dark.svg' },
		group: ['transform'],
		// 2: Simplify keeps at most ten fields (actions/call/simplify.ts)
		version: [1, 2],
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create AI phone assistants, load leads into campaigns, place calls and send SMS (Famulor and white-label hosts)',
		defaults: { name: 'Voice Assistant' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'voiceAssistantApi', required: true }],
		properties: nodeProperties(RESOURCES, 'call'),
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, RESOURCES);
	}
}
