/**
 * Version 5 of the trigger: Account Kind first (classic the default, so a workflow without the field
 * stays classic), version 4's fields unchanged for Classic, the 2.0 events and credential for 2.0.
 */
import type { INodeProperties } from 'n8n-workflow';

import { VoiceAssistantTrigger } from '../../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';
import type { VoiceAssistantTriggerVersion } from '../../../nodes/VoiceAssistant/trigger/node';

const versioned = new VoiceAssistantTrigger();
const v5 = (versioned.getNodeType(5) as VoiceAssistantTriggerVersion).description;
const v4 = (versioned.getNodeType(4) as VoiceAssistantTriggerVersion).description;

describe('trigger version 5', () => {
	it('its first field is Account Kind, Classic by default (version 6, the default, adds the tool-call event: tool-call/description.test.ts)', () => {
		expect(v5.properties[0]).toMatchObject({ name: 'accountKind', default: 'classic', noDataExpression: true });
		expect((v5.properties[0].options as Array<{ value: string }>).map((o) => o.value)).toEqual(['classic', 'platform2']);
	});

	it("keeps version 4's fields for Classic, each shown only for Classic", () => {
		const classic = v5.properties.filter((p) => (p.displayOptions?.show?.accountKind as string[] | undefined)?.[0] === 'classic');
		const strip = (p: INodeProperties) => {
			const show = { ...(p.displayOptions?.show ?? {}) };
			delete show.accountKind;
			const displayOptions = { ...p.displayOptions, show };
			if (Object.keys(show).length === 0) delete (displayOptions as { show?: unknown }).show;
			return { ...p, displayOptions: Object.keys(displayOptions).length ? displayOptions : undefined };
		};
		const plain = (p: INodeProperties) => JSON.parse(JSON.stringify({ ...p, displayOptions: p.displayOptions })) as unknown;
		expect(classic.map(strip).map(plain)).toEqual(v4.properties.map(plain));
	});

	it('asks for the credential of the chosen account kind', () => {
		expect(v5.credentials).toEqual([
			{ name: 'voiceAssistantApi', required: true, displayOptions: { show: { accountKind: ['classic'] } } },
			{ name: 'voiceAssistantPlatform2Api', required: true, displayOptions: { show: { accountKind: ['platform2'] } } },
		]);
		expect(v4.credentials).toEqual([{ name: 'voiceAssistantApi', required: true }]);
	});

	it('offers the four 2.0 events and the searchable lists they need', () => {
		const event = v5.properties.find((p) => p.name === 'platform2Event');
		expect((event?.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['workspaceEvents', 'assistantCallCompleted', 'connectorConversationEnded', 'inboundVariables']);
		const trigger = versioned.getNodeType(5) as VoiceAssistantTriggerVersion;
		expect(typeof trigger.methods.listSearch.searchPlatform2Assistant).toBe('function');
		expect(typeof trigger.methods.listSearch.searchPlatform2MessagingConnector).toBe('function');
	});
});
