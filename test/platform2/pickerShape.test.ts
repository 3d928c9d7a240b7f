/**
 * Every Platform 2.0 record picker, in the action node and both triggers, is built by one builder
 * (shared/locators.ts platform2Locator): the same two modes, From List searchable through a 2.0 list
 * method and By ID with the UUID example, checked as a UUID in the editor except inside a collection.
 */
import type { INodeProperties, INodePropertyModeTypeOptions } from 'n8n-workflow';

import { platform2Locator } from '../../nodes/VoiceAssistant/shared/locators';
import { UUID_FIELD_REGEX } from '../../nodes/VoiceAssistant/shared/uuid';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';

type Mode = { name: string; type: string; placeholder?: string; typeOptions?: INodePropertyModeTypeOptions; validation?: unknown[] };

/** Every resourceLocator of a 2.0 list (searchPlatform2…), top level or inside a collection, with where it is. */
function pickersOf(properties: INodeProperties[]): Array<{ property: INodeProperties; inCollection: boolean }> {
	const found: Array<{ property: INodeProperties; inCollection: boolean }> = [];
	const is2 = (p: INodeProperties) => p.type === 'resourceLocator' && (p.modes as Mode[] | undefined)?.some((m) => String(m.typeOptions?.searchListMethod ?? '').startsWith('searchPlatform2'));
	for (const property of properties) {
		if (is2(property)) found.push({ property, inCollection: false });
		if (property.type === 'collection') for (const option of (property.options ?? []) as INodeProperties[]) if (is2(option)) found.push({ property: option, inCollection: true });
	}
	return found;
}

const trigger = new VoiceAssistantTrigger();
const nodes: Array<[string, INodeProperties[]]> = [
	['action node', new VoiceAssistant().description.properties],
	['polling trigger', new VoiceAssistantPollingTrigger().description.properties],
	...Object.entries(trigger.nodeVersions).map(([version, node]) => [`trigger v${version}`, node.description.properties] as [string, INodeProperties[]]),
];

describe.each(nodes.filter(([, properties]) => pickersOf(properties).length > 0))('%s', (_name, properties) => {
	it('every 2.0 picker has the builder\'s shape', () => {
		for (const { property, inCollection } of pickersOf(properties)) {
			const [list, byId, ...more] = property.modes as Mode[];
			expect(more).toEqual([]);
			expect(property.default).toEqual({ mode: 'list', value: '' });
			expect(list).toMatchObject({ name: 'list', type: 'list', typeOptions: { searchable: true } });
			expect(list.placeholder).toMatch(/^Select .+\.\.\.$/);
			expect(byId).toMatchObject({ name: 'id', type: 'string', placeholder: 'e.g. 0f8fad5b-d9cb-469f-a165-70867728950e' });
			if (inCollection) expect(byId.validation).toBeUndefined();
			else expect(byId.validation).toEqual([{ type: 'regex', properties: { regex: expect.stringContaining('[0-9a-fA-F]{8}'), errorMessage: expect.stringMatching(/ID is a UUID/) } }]);
		}
	});
});

describe('platform2Locator', () => {
	it('by default: "Select a(n) …" and a UUID check naming the record', () => {
		const picker = platform2Locator({ name: 'assistantId2', noun: 'Assistant', searchListMethod: 'searchPlatform2Assistant', description: 'Only this assistant', required: false });
		expect(picker).toEqual({
			displayName: 'Assistant',
			name: 'assistantId2',
			description: 'Only this assistant',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			modes: [
				{ displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select an assistant...', typeOptions: { searchListMethod: 'searchPlatform2Assistant', searchable: true } },
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: 'e.g. 0f8fad5b-d9cb-469f-a165-70867728950e',
					validation: [{ type: 'regex', properties: { regex: UUID_FIELD_REGEX, errorMessage: 'The assistant ID is a UUID' } }],
				},
			],
		});
	});

	it('a placeholder and a check of its own, or no check (a picker inside a collection)', () => {
		const own = platform2Locator({
			name: 'callerNumber',
			noun: 'Caller Number (From)',
			searchListMethod: 'searchPlatform2PhoneNumber',
			description: 'The number',
			required: true,
			listPlaceholder: 'Select a phone number of the workspace...',
			byIdCheck: { regex: '^x$', errorMessage: 'Pick it' },
		});
		expect(own.required).toBe(true);
		expect(own.modes?.[0].placeholder).toBe('Select a phone number of the workspace...');
		expect(own.modes?.[1].validation).toEqual([{ type: 'regex', properties: { regex: '^x$', errorMessage: 'Pick it' } }]);
		const inCollection = platform2Locator({ name: 'campaignId', noun: 'Campaign', searchListMethod: 'searchPlatform2Campaign', description: 'The campaign', required: false, byIdCheck: 'none' });
		expect(inCollection.modes?.[1]).not.toHaveProperty('validation');
		expect(inCollection).not.toHaveProperty('required');
	});
});
