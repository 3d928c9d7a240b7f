import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { RESOURCES } from './actions/operations';
import { resourcesOf, type AccountKind } from './engine/accountKind';
import { nodeProperties } from './engine/properties';
import { requestOptionsField } from './engine/requestOptions';
import { route } from './engine/router';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { platform2LoadOptions } from './methods/platform2Options';
import { platform2ListSearch, platform2RecordOptions } from './methods/platform2Search';
import { ADDITIONAL_FIELDS, FILTERS } from './platform2/fields';
import { operationsKeptApart } from './platform2/keptApart';
import { platform2Notices } from './platform2/notices';
import { PLATFORM2_RESOURCES } from './platform2/resources';
import { ACCOUNT_KIND, accountKindField } from './shared/accountKinds';
import { PLATFORM2_CREDENTIAL_TYPE } from './shared/platform2Origin';

/** The two API generations the node speaks; classic first: the default, so saved workflows keep it. */
const ACCOUNT_KINDS: AccountKind[] = [
	{
		value: 'classic',
		credential: 'voiceAssistantApi',
		resources: RESOURCES,
		defaultResource: 'call',
	},
	{
		value: 'platform2',
		credential: PLATFORM2_CREDENTIAL_TYPE,
		resources: PLATFORM2_RESOURCES,
		defaultResource: 'calls',
		notices: platform2Notices(),
		// 425 operations: each field, filter and option defined once and shown for every operation that has it
		merge: { shareCollections: [FILTERS, ADDITIONAL_FIELDS], keepApart: operationsKeptApart() },
	},
];

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
		credentials: ACCOUNT_KINDS.map((kind) => ({ name: kind.credential, required: true, displayOptions: { show: { [ACCOUNT_KIND]: [kind.value] } } })),
		properties: [
			accountKindField(),
			...ACCOUNT_KINDS.flatMap((kind) => nodeProperties(kind.resources, kind.defaultResource, { [ACCOUNT_KIND]: [kind.value] }, kind)),
			requestOptionsField,
		],
	};

	methods = { loadOptions: { ...loadOptions, ...platform2LoadOptions, ...platform2RecordOptions }, listSearch: { ...listSearch, ...platform2ListSearch } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, resourcesOf(ACCOUNT_KINDS, this.getNodeParameter(ACCOUNT_KIND, 0)));
	}
}
