/** SIP trunks (2026 docs): every route and error row, the password never answered, per-user isolation. */
import { useClients } from './helpers';

const c = useClients({ reset: 'all' });

const trunk = (overrides: Record<string, unknown> = {}) => ({
	sip_trunk_type: 'number',
	phone_number: '+493012345678',
	sip_username: 'office-pbx',
	sip_password: 'secret-pass',
	sip_address: 'sip.carrier.example.com',
	sip_calling_format: '+e164',
	inbound_authorization_type: 'auth',
	country_code: 'DE',
	...overrides,
});

describe('SIP trunks', () => {
	it('lists and gets the account\'s trunks in {data}; get adds the trunk IDs; no password anywhere', async () => {
		const list = await c.alice.get('/user/phone-numbers/sip-trunks');
		expect(list.status).toBe(200);
		expect(list.data.data.map((t: { id: number }) => t.id)).toEqual([3, 7]);
		expect(Object.keys(list.data.data[0]).sort()).toEqual(
			['allowed_inbound_ips', 'country_code', 'created_at', 'id', 'inbound_authorization_type', 'nickname', 'outbound_proxy', 'phone_number', 'sip_address', 'sip_calling_format', 'sip_username', 'updated_at'].sort(),
		);
		const one = await c.alice.get('/user/phone-numbers/sip-trunks/3');
		expect(one.data.data).toMatchObject({ id: 3, inbound_trunk_id: expect.stringMatching(/^ST_in_/), outbound_trunk_id: expect.stringMatching(/^ST_out_/) });
		expect(JSON.stringify([list.data, one.data])).not.toMatch(/password/);
		expect((await c.bob.get('/user/phone-numbers/sip-trunks')).data.data.map((t: { id: number }) => t.id)).toEqual([9]);
	});

	it('404 {error} for another account\'s trunk and an unknown one (get, update)', async () => {
		for (const request of [c.bob.get('/user/phone-numbers/sip-trunks/3'), c.bob.put('/user/phone-numbers/sip-trunks/3', { nickname: 'x' }), c.alice.get('/user/phone-numbers/sip-trunks/999')]) {
			const answer = await request;
			expect([answer.status, answer.data]).toEqual([404, { error: 'SIP trunk not found.' }]);
		}
	});

	it('creates a trunk (201), which is also one of the numbers; the same number, username and address again is 409', async () => {
		const created = await c.alice.post('/user/phone-numbers/sip-trunks', trunk({ nickname: 'Office' }));
		expect(created.status).toBe(201);
		expect(created.data.message).toBe('SIP trunk created successfully.');
		expect(created.data.data).toMatchObject({ phone_number: '+493012345678', nickname: 'Office', outbound_proxy: false, allowed_inbound_ips: null });
		expect(JSON.stringify(created.data)).not.toContain('secret-pass');
		const numbers = (await c.alice.get('/user/phone-numbers/all')).data.data;
		expect(numbers.find((n: { id: number }) => n.id === created.data.data.id)).toMatchObject({ type: 'sip', nickname: 'Office' });
		const again = await c.alice.post('/user/phone-numbers/sip-trunks', trunk());
		expect([again.status, again.data]).toEqual([409, { error: 'A SIP trunk with this phone number, username and address already exists.' }]);
		expect((await c.bob.post('/user/phone-numbers/sip-trunks', trunk())).status).toBe(201);
	});

	it('validates as the docs say (422)', async () => {
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ sip_trunk_type: 'trunk' }, 'sip_trunk_type'],
			[{ phone_number: '030 12345678' }, 'phone_number'],
			[{ sip_trunk_type: 'extension', phone_number: '1234567890123456' }, 'phone_number'],
			[{ sip_username: 'ab' }, 'sip_username'],
			[{ sip_password: 'pw' }, 'sip_password'],
			[{ sip_address: 'sip.example.com:5060' }, 'sip_address'],
			[{ sip_calling_format: 'E164' }, 'sip_calling_format'],
			[{ inbound_authorization_type: 'ip' }, 'allowed_inbound_ips'],
			[{ inbound_authorization_type: 'ip', allowed_inbound_ips: ['1.2.3.4', 'not-an-ip'] }, 'allowed_inbound_ips.1'],
			[{ sip_trunk_type: 'extension', phone_number: '101', country_code: undefined }, 'country_code'],
			[{ nickname: 'n'.repeat(51) }, 'nickname'],
		];
		for (const [overrides, field] of cases) {
			const answer = await c.carol.post('/user/phone-numbers/sip-trunks', trunk(overrides));
			expect([answer.status, answer.data.message, Object.keys(answer.data.errors ?? {})]).toEqual([422, 'The given data was invalid.', [field]]);
		}
	});

	it('detects the country of a number when none is given; IP authorization keeps the IPs', async () => {
		const created = await c.carol.post('/user/phone-numbers/sip-trunks', trunk({ phone_number: '+14155550100', country_code: undefined, inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.9', '2001:db8::1'] }));
		expect(created.status).toBe(201);
		expect(created.data.data).toMatchObject({ country_code: 'US', allowed_inbound_ips: ['203.0.113.9', '2001:db8::1'] });
	});

	it('updates any subset: new credentials re-provision, switching to auth clears the IPs, switching to ip needs them', async () => {
		const before = (await c.alice.get('/user/phone-numbers/sip-trunks/7')).data.data;
		const renamed = await c.alice.put('/user/phone-numbers/sip-trunks/7', { nickname: 'Zurich' });
		expect(renamed.data).toMatchObject({ message: 'SIP trunk updated successfully.', data: { nickname: 'Zurich', inbound_trunk_id: before.inbound_trunk_id } });
		const noIps = await c.alice.put('/user/phone-numbers/sip-trunks/7', { inbound_authorization_type: 'ip' });
		expect([noIps.status, Object.keys(noIps.data.errors)]).toEqual([422, ['allowed_inbound_ips']]);
		const ip = await c.alice.put('/user/phone-numbers/sip-trunks/7', { inbound_authorization_type: 'ip', allowed_inbound_ips: ['198.51.100.1'] });
		expect(ip.data.data.allowed_inbound_ips).toEqual(['198.51.100.1']);
		const auth = await c.alice.put('/user/phone-numbers/sip-trunks/7', { inbound_authorization_type: 'auth', sip_password: 'another-secret' });
		expect(auth.data.data).toMatchObject({ inbound_authorization_type: 'auth', allowed_inbound_ips: null });
		expect(auth.data.data.inbound_trunk_id).not.toBe(before.inbound_trunk_id);
		expect(c.sb.store.sip.trunkOf(c.sb.users.alice, 7)?.sip_password).toBe('another-secret');
	});

	it('deletes a trunk through DELETE /user/phone-numbers/{id}', async () => {
		const gone = await c.alice.delete('/user/phone-numbers/7');
		expect([gone.status, gone.data]).toEqual([200, { message: 'Phone number deleted successfully.' }]);
		expect((await c.alice.get('/user/phone-numbers/sip-trunks')).data.data.map((t: { id: number }) => t.id)).toEqual([3]);
	});
});
