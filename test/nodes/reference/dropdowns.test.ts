/** The assistant fields' dropdowns fed by reference data: languages by ID, providers, and models by engine type. */
import { useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('dropdowns: languages by ID and the providers for the chosen language', () => {
	it('getLanguageIds gives the numeric ID (what language_id takes)', async () => {
		const languages = await t.loadOptions('getLanguageIds');
		expect(languages).toContainEqual({ name: 'German (de)', value: t.sb.store.languages.find((l) => l.name === 'German')!.id, description: expect.any(String) });
	});

	it.each(['reference', '2026'] as const)('getSynthesizerProviders and getTranscriberProviders read either shape (%s host)', async (generation) => {
		t.sb.setGeneration(generation);
		const transcribers = await t.loadOptions('getTranscriberProviders', { resource: 'assistant', operation: 'create' });
		expect(transcribers.map((o) => o.name)).toEqual(['Azure', 'Deepgram', 'Gladia']);
		const voices = await t.loadOptions('getSynthesizerProviders', { resource: 'assistant', operation: 'create' });
		expect(voices.map((o) => o.value)).toEqual([2, 3, 1]);
	});
});

describe('the model dropdown follows the engine type', () => {
	it('lists LLMs for pipeline and the speech models for dualplex (?type=dualplex)', async () => {
		const llms = await t.loadOptions('getModels', { resource: 'assistant', operation: 'create', engineType: 'pipeline' });
		expect(t.requests()[0].query).toEqual({});
		expect(llms).toContainEqual({ name: 'gpt-4o', value: 'gpt-4o' });
		const dualplex = await t.loadOptions('getModels', { resource: 'assistant', operation: 'create', engineType: 'dualplex' });
		expect(t.requests()[1].query).toEqual({ type: 'dualplex' });
		expect(dualplex).toEqual([{ name: 'GPT-4o Realtime (dualplex)', value: 'GPT-4o Realtime (dualplex)' }]);
	});
});
