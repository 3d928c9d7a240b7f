/** Reference Data → Get Phone Numbers: filtered by type, or all. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Reference Data → Get Phone Numbers', () => {
	it('Get Phone Numbers filters by type', async () => {
		const all = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getPhoneNumbers' })));
		const inbound = jsonOf(expectOk(await t.run({ resource: 'reference', operation: 'getPhoneNumbers', type: 'inbound' })));
		expect(t.requests()[1].query).toEqual({ type: 'inbound' });
		expect(all.length).toBeGreaterThan(inbound.length);
		expect(inbound.some((n) => n.type_label === 'Caller ID')).toBe(false);
	});
});
