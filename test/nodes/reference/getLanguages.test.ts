/** Reference Data → Get Languages: one item per language. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Languages', () => {
	it('returns one item per record', async () => {
		const languages = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getLanguages' })));
		expect(languages.find((l) => l.name === 'German')).toMatchObject({ iso_2: 'de' });
		expect(t.requests().map((r) => r.path)).toEqual(['/api/user/assistants/languages']);
	});
});
