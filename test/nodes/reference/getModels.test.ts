/** Reference Data → Get Models: one item per model. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Models', () => {
	it('returns one item per record', async () => {
		const models = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getModels' })));
		expect(models).toEqual(t.sb.store.models.map(({ id, name }) => ({ id, name })));
		expect(t.requests().map((r) => r.path)).toEqual(['/api/user/assistants/models']);
	});
});
