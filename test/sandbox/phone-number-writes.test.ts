/** PUT and DELETE /user/phone-numbers/{id} (2026 docs): nickname, release per number type, {error} bodies, isolation. */
import { useClients } from './helpers';

const c = useClients({ reset: 'all' });

describe('phone number nickname', () => {
	it('sets and clears the nickname ("" and null clear); the list shows it', async () => {
		const set = await c.alice.put('/user/phone-numbers/6', { nickname: 'US line' });
		expect([set.status, set.data]).toEqual([
			200,
			{ message: 'Phone number updated successfully.', data: { id: 6, phone_number: '+14155552671', nickname: 'US line', country_code: 'US', type: 'normal' } },
		]);
		const listed = (await c.alice.get('/user/phone-numbers/all')).data.data.find((n: { id: number }) => n.id === 6);
		expect(listed.nickname).toBe('US line');
		expect((await c.alice.put('/user/phone-numbers/6', { nickname: '' })).data.data.nickname).toBeNull();
		expect((await c.alice.put('/user/phone-numbers/6', { nickname: null })).data.data.nickname).toBeNull();
	});

	it('refuses more than 50 characters (422) and numbers of other accounts (404 {error})', async () => {
		const long = await c.alice.put('/user/phone-numbers/6', { nickname: 'x'.repeat(51) });
		expect(long.status).toBe(422);
		expect(long.data.errors.nickname).toEqual(['The nickname field must not be greater than 50 characters.']);
		const other = await c.bob.put('/user/phone-numbers/6', { nickname: 'mine' });
		expect([other.status, other.data]).toEqual([404, { error: 'Phone number not found.' }]);
	});
});

describe('phone number release', () => {
	it('schedules a dedicated number (still listed); a second release is 400', async () => {
		const first = await c.alice.delete('/user/phone-numbers/1');
		expect([first.status, first.data]).toEqual([200, { message: 'Phone number released successfully. It will be removed at the end of the billing period.' }]);
		expect((await c.alice.get('/user/phone-numbers/all')).data.data.some((n: { id: number }) => n.id === 1)).toBe(true);
		const second = await c.alice.delete('/user/phone-numbers/1');
		expect([second.status, second.data]).toEqual([400, { error: 'Phone number is already scheduled for release.' }]);
	});

	it('removes SIP and caller-ID numbers at once, with the trunk, the assistant and campaign uses', async () => {
		const assistant = c.sb.store.assistants.find((a) => a.user_id === c.sb.users.alice)!;
		assistant.phone_number_id = 3;
		for (const id of [3, 4]) {
			const gone = await c.alice.delete(`/user/phone-numbers/${id}`);
			expect([gone.status, gone.data]).toEqual([200, { message: 'Phone number deleted successfully.' }]);
		}
		expect(c.sb.store.phoneNumbers.some((n) => n.id === 3 || n.id === 4)).toBe(false);
		expect(assistant.phone_number_id).toBeNull();
		expect((await c.alice.get('/user/phone-numbers/sip-trunks/3')).status).toBe(404);
		const again = await c.alice.delete('/user/phone-numbers/3');
		expect([again.status, again.data]).toEqual([404, { error: 'Phone number not found.' }]);
	});

	it("never releases another account's number", async () => {
		const other = await c.bob.delete('/user/phone-numbers/2');
		expect([other.status, other.data]).toEqual([404, { error: 'Phone number not found.' }]);
		expect(c.sb.store.phoneNumbers.find((n) => n.id === 2)?.release_requested_at).toBeUndefined();
	});
});
