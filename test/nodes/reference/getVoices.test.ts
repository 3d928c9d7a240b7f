/** Reference Data → Get Voices: filtered by engine mode, or all. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Voices', () => {
	it('Get Voices filters by engine mode', async () => {
		const voices = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getVoices', mode: 'multimodal' })));
		expect(voices.length).toBeGreaterThan(0);
		expect(voices.every((v) => v.mode === 'multimodal')).toBe(true);
		expect(t.requests()[0].query).toEqual({ mode: 'multimodal' });
		const all = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getVoices' })));
		expect(new Set(all.map((v) => v.mode))).toEqual(new Set(['pipeline', 'multimodal']));
		expect(t.requests()[1].query).toEqual({});
	});
});
