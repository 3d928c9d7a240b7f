/** Phone Number → Update Nickname: PUT /user/phone-numbers/{id} {nickname}; empty clears it (null). */
import { descriptionOf, expectOk, jsonOf, useNodeSandbox } from '../helpers';

const t = useNodeSandbox();

const rename = (phoneNumberId: string | number, nickname: string) => t.run({ resource: 'phoneNumber', operation: 'updateNickname', phoneNumberId, nickname });

describe('Phone Number → Update Nickname', () => {
	it('sends PUT /user/phone-numbers/{id} {nickname} and outputs the number with its nickname', async () => {
		const [item] = jsonOf(expectOk(await rename(1, '  Berlin office ')));
		expect(t.requests()).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/user/phone-numbers/1', body: { nickname: 'Berlin office' }, status: 200 })]);
		expect(item).toEqual({ id: 1, phone_number: '+4915792345601', nickname: 'Berlin office', country_code: 'DE', type: 'normal', message: 'Phone number updated successfully.' });
		const [listed] = jsonOf(expectOk(await t.run({ resource: 'phoneNumber', operation: 'getMany', returnAll: true })));
		expect(listed).toMatchObject({ id: 1, nickname: 'Berlin office' });
	});

	it('the Phone Number dropdown shows the nickname after the number, and no longer once cleared', async () => {
		expectOk(await rename(1, 'Berlin office'));
		const named = (await t.loadOptions('getAccountPhoneNumbers')).find((o) => o.value === 1);
		expect(named?.name).toMatch(/^\+49 .* · Berlin office \(Normal, DE, SMS\)$/);
		expectOk(await rename(1, ''));
		expect((await t.loadOptions('getAccountPhoneNumbers')).find((o) => o.value === 1)?.name).not.toMatch(/·|Berlin office/);
	});

	it('clears the nickname when it is left empty: sends null', async () => {
		expectOk(await rename('3', 'SIP line'));
		t.sb.clearRequests();
		const [item] = jsonOf(expectOk(await rename('3', '')));
		expect(t.requests()[0].body).toEqual({ nickname: null });
		expect(item).toMatchObject({ id: 3, nickname: null, type: 'sip' });
	});

	it('checks the number and the 50-character limit before sending', async () => {
		expect((await rename('1.5', 'x')).error?.message).toBe('Phone Number must be a numeric ID (got "1.5") [item 0]');
		expect((await rename(1, 'n'.repeat(51))).error?.message).toBe('Nickname must be at most 50 characters (got 51) [item 0]');
		expect(t.requests()).toHaveLength(0);
	});

	it("names the number when the platform does not know it (another account's)", async () => {
		const result = await rename(8, 'mine now');
		expect(result.error?.message).toBe('Phone number 8 was not found');
		expect(descriptionOf(result)).toBe('The platform said: Phone number not found.');
		expect(t.sb.store.phoneNumbers.find((n) => n.id === 8)?.nickname).toBeUndefined();
	});
});
