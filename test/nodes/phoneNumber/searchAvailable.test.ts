/** Phone Number → Search Available: country_code and contains as sent, and the digits checked first. */
import { expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Phone Number → Search Available', () => {
	it('Search Available sends country_code and contains', async () => {
		const found = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'us', contains: '555-01', returnAll: true })));
		expect(t.requests()[0]).toMatchObject({ method: 'GET', path: '/api/user/phone-numbers/search', query: { country_code: 'US', contains: '55501' } });
		expect(found.length).toBeGreaterThan(0);
		expect(found[0]).toEqual(expect.objectContaining({ country_code: 'US', price: expect.any(Number), sms_capable: true }));
	});

	it('Search Available checks the digits before sending', async () => {
		const result = await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'DE', contains: '12345678901' });
		expect(result.error?.message).toBe('Contains Digits must be 1 to 10 digits (got "12345678901") [item 0]');
		expect(t.requests()).toHaveLength(0);
	});
});
