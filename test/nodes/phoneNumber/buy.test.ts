/**
 * Phone Number → Buy: one purchase and the account charged; never repeated by Retry On Fail; only
 * numbers in international format (no Default Country guesses a number that costs money).
 */
import { runNode } from '../../harness';
import { VoiceAssistant, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

describe('Phone Number → Buy', () => {
	it('Buy posts the number once and returns the new number; the account is charged', async () => {
		const [offer] = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'GB', limit: 1 })));
		t.sb.clearRequests();
		const before = t.sb.store.users.find((u) => u.id === t.sb.users.alice)!.balance;
		const [bought] = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'buy', phoneNumber: offer.phone_number_formatted })));
		expect(t.requests()).toEqual([
			expect.objectContaining({ method: 'POST', path: '/api/user/phone-numbers/purchase', body: { phone_number: offer.phone_number }, status: 201 }),
		]);
		expect(bought).toMatchObject({ phone_number: offer.phone_number, country_code: 'GB', id: expect.any(Number), message: 'Phone number purchased successfully' });
		expect(t.sb.store.users.find((u) => u.id === t.sb.users.alice)!.balance).toBeCloseTo(before - Number(offer.price));
		expect(t.sb.store.phoneNumberOf(t.sb.users.alice, bought.id)?.phone_number).toBe(offer.phone_number);
	});

	it('Buy is never repeated by Retry On Fail: a purchase whose answer was lost fails saying it may have happened', async () => {
		const [offer] = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'searchAvailable', countryCode: 'CH', limit: 1 })));
		t.sb.clearRequests();
		t.sb.setFaults([{ kind: 'status', status: 502, count: 1, phase: 'after', match: { path: '/user/phone-numbers/purchase' } }]);
		const result = await runNode({
			node: VoiceAssistant,
			parameters: { resource: 'phoneNumber', operation: 'buy', phoneNumber: String(offer.phone_number) },
			credentials: t.credentials,
			nodeSettings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		});
		expect(result.error?.message).toMatch(/the number may have been bought \(and charged\): check before retrying/);
		expect(t.requests().filter((r) => r.path === '/api/user/phone-numbers/purchase')).toHaveLength(1);
		expect(t.sb.store.phoneNumbers.filter((p) => p.phone_number === offer.phone_number)).toHaveLength(1);
	});

	it('Buy needs the international format: no Default Country guesses a number that costs money', async () => {
		const result = await t.run({ resource: 'phoneNumber', operation: 'buy', phoneNumber: '030 40000100' });
		expect(result.error?.message).toMatch(/^Phone Number "030 40000100" .* \[item 0\]$/);
		expect(t.requests()).toHaveLength(0);
	});
});
