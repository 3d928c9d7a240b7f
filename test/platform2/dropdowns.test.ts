/**
 * Platform 2.0 dropdowns through the harness's listSearch / loadOptions (n8n-core's LoadOptionsContext)
 * against the sandbox: the searchable lists of assistants, campaigns, phone numbers, voices, knowledge
 * bases and tools show the workspace's records; languages and LLM models (codes, not records) are plain
 * dropdowns on the assistant's fields and the voice list's filter; By ID is checked as a UUID.
 */
import type { INodeProperties } from 'n8n-workflow';

import { loadOptions } from '../harness';
import { VoiceAssistant } from '../../nodes/VoiceAssistant/VoiceAssistant.node';
import { byId, CREDENTIAL_TYPE, usePlatform2Node } from './helpers';

const p2 = usePlatform2Node();
// a phone number is shown as the number and its label ("+4930555010101 (Berlin main)")
const shownAs = (r: Record<string, unknown>, key: string) => (key === 'number (label)' ? `${String(r.number)} (${String(r.label)})` : String(r[key]));
const names = (collection: string, key = 'name') => p2.sb.platform2.list('A', collection).map((r) => shownAs(r, key)).sort();
const options = async (method: string) =>
	await loadOptions(VoiceAssistant, method, { parameters: { accountKind: 'platform2' }, credentials: p2.credentials(), credentialType: CREDENTIAL_TYPE });
/** A field inside a shared collection is shown for the operations its `/operation` names. */
const shownIn = (option: INodeProperties, operation: string) => ((option.displayOptions?.show?.['/operation'] as string[] | undefined) ?? [operation]).includes(operation);
const property = (name: string, operation: string): INodeProperties | undefined =>
	new VoiceAssistant().description.properties.find((p) => p.name === name && p.displayOptions?.show?.operation?.includes(operation));

describe('searchable lists (From List)', () => {
	it.each([
		['searchPlatform2Assistant', '/assistants', 'name'],
		['searchPlatform2Campaign', '/campaigns', 'name'],
		['searchPlatform2PhoneNumber', '/phone-numbers', 'number (label)'],
		['searchPlatform2Voice', '/voices', 'name'],
		['searchPlatform2KnowledgeBase', '/knowledge-bases', 'name'],
		['searchPlatform2Tool', '/tools', 'name'],
	])('%s lists the workspace\'s %s by name, valued by ID', async (method, collection, key) => {
		const listed = await p2.listSearch(method);
		expect(listed.results.map((r) => r.name).sort()).toEqual(names(collection, key));
		const ids = p2.sb.platform2.list('A', collection).map((r) => String(r.id)).sort();
		expect(listed.results.map((r) => String(r.value)).sort()).toEqual(ids);
	});

	it('a filter narrows the list; voices are valued voice:<uuid>', async () => {
		const anna = await p2.listSearch('searchPlatform2Voice', 'Anna');
		expect(anna.results).toEqual([expect.objectContaining({ name: 'Anna', value: expect.stringMatching(/^voice:[0-9a-f-]{36}$/) })]);
		const sales = await p2.listSearch('searchPlatform2Assistant', 'sales');
		expect(sales.results.map((r) => r.name)).toEqual(['Sales Outreach']);
	});

	it('By ID is a UUID (voice:<uuid> for voices), in the editor and before sending', async () => {
		const campaign = property('id', 'getCampaign') as unknown as { modes: Array<{ name: string; validation: Array<{ properties: { regex: string } }> }> };
		const regex = new RegExp(campaign.modes.find((m) => m.name === 'id')!.validation[0].properties.regex);
		expect(regex.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
		expect(regex.test('Spring Promotion')).toBe(false);
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'campaigns', operation: 'getCampaign', id: byId('={{ "12" }}') });
		expect(run.error?.message).toMatch(/Campaign must be a UUID/);
		expect(p2.requests()).toHaveLength(0);
		const voice = String(p2.sb.platform2.list('A', '/voices')[0].id);
		const preview = await p2.run({ resource: 'voices', operation: 'getVoicePreview', id: byId(voice) });
		expect(preview.error).toBeUndefined();
	});
});

describe('plain dropdowns of codes (loadOptions)', () => {
	it('languages: "German (de-DE)" → de-DE, sorted by name', async () => {
		const languages = await options('getPlatform2Languages');
		expect(languages.map((o) => o.value).sort()).toEqual(names('/languages', 'code'));
		expect(languages).toContainEqual({ name: 'German (de-DE)', value: 'de-DE' });
		expect(languages.map((o) => o.name)).toEqual([...languages.map((o) => o.name)].sort((a, b) => a.localeCompare(b)));
	});

	it('LLM models: by ID, with their provider; read with type=llm', async () => {
		p2.sb.clearRequests();
		const models = await options('getPlatform2LlmModels');
		expect(models.map((o) => o.value).sort()).toEqual(names('/models', 'id'));
		expect(models).toContainEqual({ name: 'gpt-4o-mini', value: 'gpt-4o-mini', description: 'openai' });
		expect(p2.requests().map((r) => [r.path, r.query.type])).toEqual([['/api/v1/models', 'llm']]);
	});

	it('the assistant\'s language and model fields and the voice list\'s language filter use them, and the value is sent', async () => {
		const additional = property('additionalFields', 'updateAssistant')!;
		const inner = (additional.options as INodeProperties[]).filter((o) => ['primaryLanguage', 'secondaryLanguages', 'sttLanguage', 'llmModel'].includes(o.name) && shownIn(o, 'updateAssistant'));
		expect(inner.map((o) => [o.name, o.type, o.typeOptions?.loadOptionsMethod])).toEqual(
			expect.arrayContaining([
				['primaryLanguage', 'options', 'getPlatform2Languages'],
				['secondaryLanguages', 'multiOptions', 'getPlatform2Languages'],
				['sttLanguage', 'options', 'getPlatform2Languages'],
				['llmModel', 'options', 'getPlatform2LlmModels'],
			]),
		);
		const filters = property('filters', 'listVoices')!;
		expect((filters.options as INodeProperties[]).find((o) => o.name === 'language' && shownIn(o, 'listVoices'))?.typeOptions?.loadOptionsMethod).toBe('getPlatform2Languages');
		const assistant = String(p2.sb.platform2.list('A', '/assistants')[0].id);
		p2.sb.clearRequests();
		const run = await p2.run({ resource: 'assistants', operation: 'updateAssistant', id: byId(assistant), additionalFields: { primaryLanguage: 'en-GB', secondaryLanguages: ['de-DE', 'fr-FR'], llmModel: 'gpt-4.1' } });
		expect(run.error).toBeUndefined();
		expect(p2.requests()[0].body).toEqual({ primary_language: 'en-GB', secondary_languages: ['de-DE', 'fr-FR'], llm_model: 'gpt-4.1' });
		const german = await p2.run({ resource: 'voices', operation: 'listVoices', returnAll: true, filters: { language: 'de-DE' } });
		expect(german.items.map((item) => item.json.name).sort()).toEqual(['Anna', 'Lukas']);
	});
});
