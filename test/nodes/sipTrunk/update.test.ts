/** SIP Trunk → Update: PUT /user/phone-numbers/sip-trunks/{id} with only the fields added, the same checks as Create. */
import { byId, expectOk, jsonOf, useNodeSandbox } from '../helpers';
import { PASSWORD } from './helpers';

const t = useNodeSandbox();

const update = (updateFields: Record<string, unknown>, id = 3) => t.run({ resource: 'sipTrunk', operation: 'update', sipTrunkId: byId(id), updateFields });

describe('SIP Trunk → Update', () => {
	it('sends only the fields added; a new password re-provisions the trunk and is not output', async () => {
		const before = t.sb.store.sip.trunkOf(t.sb.users.alice, 3)!.inbound_trunk_id;
		const [item] = jsonOf(expectOk(await update({ sipPassword: PASSWORD, nickname: 'Munich', sipCallingFormat: 'national' })));
		expect(t.requests()).toEqual([
			expect.objectContaining({ method: 'PUT', path: '/api/user/phone-numbers/sip-trunks/3', body: { nickname: 'Munich', sip_password: PASSWORD, sip_calling_format: 'national' }, status: 200 }),
		]);
		expect(item).toMatchObject({ id: 3, message: 'SIP trunk updated successfully.', nickname: 'Munich', sip_calling_format: 'national' });
		expect(item.inbound_trunk_id).not.toBe(before);
		expect(JSON.stringify(item)).not.toContain(PASSWORD);
	});

	it('switches to IP authorization with IPs, and back (the IPs are cleared); an empty nickname clears it', async () => {
		const [ip] = jsonOf(expectOk(await update({ inboundAuthorizationType: 'ip', allowedInboundIps: ['198.51.100.7'] })));
		expect(ip).toMatchObject({ inbound_authorization_type: 'ip', allowed_inbound_ips: ['198.51.100.7'] });
		const [auth] = jsonOf(expectOk(await update({ inboundAuthorizationType: 'auth', nickname: '' })));
		expect(t.requests().at(-1)?.body).toEqual({ nickname: null, inbound_authorization_type: 'auth' });
		expect(auth).toMatchObject({ inbound_authorization_type: 'auth', allowed_inbound_ips: null, nickname: null });
	});

	it('checks before sending: empty update, IP switch without IPs, IPs with password authorization, a number not in international format', async () => {
		expect((await update({})).error?.message).toBe('Update Fields is empty: add at least one field to change [item 0]');
		expect((await update({ inboundAuthorizationType: 'ip' })).error?.message).toBe('Allowed Inbound IPs needs at least one IP address with IP Address authorization [item 0]');
		expect((await update({ inboundAuthorizationType: 'auth', allowedInboundIps: '198.51.100.7' })).error?.message).toBe(
			'Allowed Inbound IPs must be left out with Username and Password authorization (switching to it clears the IPs) [item 0]',
		);
		expect((await update({ sipTrunkType: 'number', trunkPhoneNumber: '089 1234567' })).error?.message).toMatch(/^Phone Number or Extension "089 1234567" /);
		expect(t.requests()).toHaveLength(0);
	});

	it("names the trunk on 404 (another account's)", async () => {
		expect((await update({ nickname: 'x' }, 9)).error?.message).toBe('SIP trunk 9 was not found');
	});
});
