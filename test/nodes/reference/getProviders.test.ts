/**
 * Reference Data → Get Voice Providers / Get Transcriber Providers (2026 docs):
 * GET /user/assistants/<kind>-providers?language_id=, answered bare or as {data: [...]}.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Voice / Transcriber Providers', () => {
	it.each(['reference', '2026'] as const)('lists the providers, each one item, from a host answering the %s shape', async (generation) => {
		t.sb.setGeneration(generation);
		const voices = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getSynthesizerProviders' })));
		expect(voices).toEqual([
			{ id: 1, name: 'ElevenLabs', code: 'elevenlabs' },
			{ id: 2, name: 'Azure', code: 'azure' },
			{ id: 3, name: 'Cartesia', code: 'cartesia' },
		]);
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/assistants/synthesizer-providers', query: {} });
		const transcribers = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getTranscriberProviders' })));
		expect(transcribers.map((p) => p.code)).toEqual(['deepgram', 'azure', 'gladia']);
	});

	it('filters by language ID', async () => {
		const providers = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getSynthesizerProviders', language_id: 7 })));
		expect(providers.map((p) => p.name)).toEqual(['ElevenLabs', 'Azure']);
		expect(t.requests()[0].query).toEqual({ language_id: '7' });
	});
});

describe('Reference Data → Get Models by engine type (2026 docs: ?type=)', () => {
	it('lists LLMs by default (no type sent) and speech models with their code for multimodal / dualplex', async () => {
		const llms = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getModels' })));
		expect(llms[0]).toEqual({ id: 1, name: 'gpt-4o-mini' });
		expect(t.requests()[0].query).toEqual({});
		const dualplex = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getModels', type: 'dualplex' })));
		expect(dualplex).toEqual([{ id: 201, name: 'GPT-4o Realtime (dualplex)', code: 'gpt-4o-realtime-dualplex' }]);
		expect(t.requests()[1].query).toEqual({ type: 'dualplex' });
	});
});

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
