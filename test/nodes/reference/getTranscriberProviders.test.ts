/**
 * Reference Data → Get Transcriber Providers (2026 docs): GET /user/assistants/transcriber-providers?language_id=,
 * answered bare or as {data: [...]}; one item per provider.
 */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Transcriber Providers', () => {
	it.each(['reference', '2026'] as const)('lists the providers, each one item, from a host answering the %s shape', async (generation) => {
		t.sb.setGeneration(generation);
		const transcribers = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getTranscriberProviders' })));
		expect(transcribers.map((p) => p.code)).toEqual(['deepgram', 'azure', 'gladia']);
		expect(transcribers[0]).toEqual({ id: expect.any(Number), name: 'Deepgram', code: 'deepgram' });
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/assistants/transcriber-providers', query: {}, status: 200 })]);
	});

	it('filters by language ID', async () => {
		expectOk(await t.run({ resource: 'reference', operation: 'getTranscriberProviders', language_id: 7 }));
		expect(t.requests()[0].query).toEqual({ language_id: '7' });
	});

	it('refuses the run when the token is rejected, saying so', async () => {
		const result = await t.run({ resource: 'reference', operation: 'getTranscriberProviders' }, { token: '1|not-a-token' });
		expect(result.error?.message).toMatch(/The API token was rejected/);
	});
});
