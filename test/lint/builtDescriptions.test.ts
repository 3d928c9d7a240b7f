/**
 * n8n's description rules (require-param-default, hint-max-length, no-duplicate-param-options,
 * no-asterisk-in-option-names, no-emoji-in-options) read parameters written out in a node file. Ours
 * are built by functions (the engine, the 2.0 catalogue), which the rules do not follow, so they would
 * pass without looking. Here the same rules run over what n8n loads: every parameter of every version
 * of the three nodes, inside collections and fixed collections too. (options-sorted-alphabetically
 * is the one deliberate difference: docs/lint-rules.md says why.)
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { VoiceAssistantPollingTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantPollingTrigger.node';
import { VoiceAssistantTrigger } from '../../nodes/VoiceAssistant/VoiceAssistantTrigger.node';

const DESCRIPTIONS: INodeTypeDescription[] = [
	new VoiceAssistant().description,
	new VoiceAssistantPollingTrigger().description,
	...Object.values(new VoiceAssistantTrigger().nodeVersions).map((version) => version.description),
];

interface Found {
	where: string;
	property: INodeProperties;
}

function everyParameter(properties: INodeProperties[], where: string): Found[] {
	return properties.flatMap((property) => {
		const here = `${where} › ${property.name}`;
		const inside =
			property.type === 'collection'
				? everyParameter((property.options ?? []) as INodeProperties[], here)
				: property.type === 'fixedCollection'
					? ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) => everyParameter(group.values, `${here}.${group.name}`))
					: [];
		return [{ where: here, property }, ...inside];
	});
}

const ALL = DESCRIPTIONS.flatMap((description) => everyParameter(description.properties, `${description.name} v${String(description.version)}`));
const optionLists = ALL.filter(({ property }) => (property.type === 'options' || property.type === 'multiOptions') && Array.isArray(property.options));
const optionsOf = (property: INodeProperties) => (property.options ?? []) as INodePropertyOptions[];
// Extended_Pictographic: what a reader calls an emoji (not plain symbols such as → or ±)
const EMOJI = /\p{Extended_Pictographic}/u;

it('reads the parameters n8n loads (a sanity bound, so an empty walk cannot pass)', () => {
	expect(ALL.length).toBeGreaterThan(1500);
	expect(optionLists.length).toBeGreaterThan(200);
});

it('require-param-default: every parameter has a default', () => {
	expect(ALL.filter(({ property }) => property.type !== 'notice' && property.default === undefined).map(({ where }) => where)).toEqual([]);
});

it('hint-max-length: every hint is at most 120 characters', () => {
	expect(ALL.filter(({ property }) => (property.hint ?? '').length > 120).map(({ where }) => where)).toEqual([]);
});

it('no-duplicate-param-options: no option list names a value or a name twice', () => {
	const twice = (values: unknown[]) => values.length !== new Set(values.map((value) => JSON.stringify(value))).size;
	expect(optionLists.filter(({ property }) => twice(optionsOf(property).map((o) => o.value)) || twice(optionsOf(property).map((o) => o.name))).map(({ where }) => where)).toEqual([]);
});

it('no-asterisk-in-option-names and no-emoji-in-options', () => {
	const bad = optionLists.flatMap(({ where, property }) => optionsOf(property).filter((o) => o.name.includes('*') || EMOJI.test(o.name)).map((o) => `${where}: ${o.name}`));
	expect(bad).toEqual([]);
});
