/**
 * Reference Data → Get Voice Providers (2026 docs): GET /user/assistants/synthesizer-providers?language_id=,
 * answered bare or as {data: [...]}; one item per provider.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Voice Providers', () => {
	it.each(['reference', '2026'] as const)('lists the providers, each one item, from a host answering the %s shape', async (generation) => {
		t.sb.setGeneration(generation);
		const voices = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getSynthesizerProviders' })));
		expect(voices).toEqual([
			{ id: 1, name: 'ElevenLabs', code: 'elevenlabs' },
			{ id: 2, name: 'Azure', code: 'azure' },
			{ id: 3, name: 'Cartesia', code: 'cartesia' },
		]);
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/assistants/synthesizer-providers', query: {}, status: 200 })]);
	});

	it('filters by language ID', async () => {
		const providers = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getSynthesizerProviders', language_id: 7 })));
		expect(providers.map((p) => p.name)).toEqual(['ElevenLabs', 'Azure']);
		expect(t.requests()[0].query).toEqual({ language_id: '7' });
	});

	it('refuses the run when the token is rejected, saying so', async () => {
		const result = await t.run({ resource: 'reference', operation: 'getSynthesizerProviders' }, { token: '1|not-a-token' });
		expect(result.error?.message).toMatch(/The API token was rejected/);
	});
});
