/** Reference Data → Get Models: one item per model, by engine type (2026 docs: ?type=). */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Models', () => {
	it('returns one item per record', async () => {
		const models = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getModels' })));
		expect(models).toEqual(t.sb.store.models.map(({ id, name }) => ({ id, name })));
		expect(t.requests().map((r) => r.path)).toEqual(['/api/user/assistants/models']);
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
